import { lazy, Suspense, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectAuth } from '@/features/auth/auth-slice';
import { useLiveNotifications } from './live-notifications';

// Its own chunk (socket client, room list, composer): the page's heading need not wait for it.
const ChatWidget = lazy(() =>
  import('@/features/chat/components/chat-widget').then((module) => ({ default: module.ChatWidget })),
);

/**
 * The chat widget of the signed-in session, composed here because it joins two features (the
 * session from auth, the widget from chat); its socket also brings the live notifications. Keyed by role and token: signing out unmounts it and
 * a new session mounts a new one, so a socket and its messages never outlive their session.
 */
export function SessionChat({ title }: { title: 'Founder Chat' | 'Investor Chat' }) {
  const { role, tokens, user } = useSelector(selectAuth);
  const userId = user?.id;
  const userName = user?.name;
  const onLiveNotification = useLiveNotifications();
  const me = useMemo(() => (userId && userName ? { id: userId, name: userName } : null), [userId, userName]);
  // The user is unknown for a moment after a restored session (until `me` answers).
  if (role === 'none' || !tokens || !me) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget
        key={`${role}:${tokens.token}`}
        title={title}
        tokens={tokens}
        me={me}
        onLiveNotification={onLiveNotification}
      />
    </Suspense>
  );
}
