import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MentoredFounders } from '@/features/mentors/components/mentored-founders';
import { clearPendingInvitation, readPendingInvitation } from '@/features/mentors/pending-invitation';

/**
 * /mentor: the founders the mentor helps. A mentor who arrives with an invitation still open in
 * this tab (opened before signing in, or before creating the account and verifying it) is sent
 * back to it first.
 */
export function MentorHomePage() {
  const navigate = useNavigate();
  // Read once per mount and cleared in the effect, so StrictMode's second render sees it too.
  const [pendingToken] = useState(readPendingInvitation);

  useEffect(() => {
    if (!pendingToken) return;
    clearPendingInvitation();
    navigate(paths.mentor.invitation(pendingToken), { replace: true });
  }, [pendingToken, navigate]);

  if (pendingToken) return null;
  return <MentoredFounders />;
}
