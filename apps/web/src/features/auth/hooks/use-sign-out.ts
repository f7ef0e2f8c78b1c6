import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../auth-api';
import { selectRole } from '../auth-slice';
import { loginPathOf } from '../role-home';

/**
 * Signs the active role out: tells the server (this session, or every session of the account),
 * then goes to that role's sign-in page (/login, /login/investor or /login/mentor), or to another
 * signed-out page (`to`: a mentor invitation opened as a founder goes on to the mentors' sign-in),
 * whose guard clears the
 * session (see signOutOf). Spec §2 says /login; investors go to their own page as after a 401
 * (spec §8), or the next sign-in would be on the founders' form (docs/decisions.md). The local
 * sign-out happens whatever the server said: a person who asked to leave must not stay signed
 * in because the network failed.
 */
export function useSignOut() {
  const role = useSelector(selectRole);
  const navigate = useNavigate();
  const [callLogout] = useLogoutMutation();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = async (type: 'current' | 'all' = 'current', { to }: { to?: string } = {}) => {
    setIsSigningOut(true);
    if (role !== 'none') {
      const result = await callLogout({ role, type });
      if (type === 'all' && 'data' in result && result.data) {
        notifications.show({ color: 'teal', message: 'You are signed out on every device.' });
      }
    }
    setIsSigningOut(false);
    navigate(to ?? loginPathOf(role === 'none' ? null : role), { replace: true, state: { signOut: role } });
  };

  return { signOut, isSigningOut };
}
