import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { selectAuth } from '@/features/auth/auth-slice';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';
import { copilotChatSlot } from './copilot-slot';
import { useLiveNotifications } from './live-notifications';
import { onPageShown } from './page-shown';

// Its own chunk (socket client, room list, composer): the page's heading need not wait for it.
const ChatWidget = lazy(() =>
  import('@/features/chat/components/chat-widget').then((module) => ({ default: module.ChatWidget })),
);

/**
 * The chat widget of the signed-in session, composed here because it joins two features (the
 * session from auth, the widget from chat); its socket also brings the live notifications. Keyed by role and token: signing out unmounts it and
 * a new session mounts a new one, so a socket and its messages never outlive their session.
 */
export function SessionChat({ title }: { title: 'Founder Chat' | 'Investor Chat' | 'Mentor Chat' }) {
  const { role, tokens, user } = useSelector(selectAuth);
  const userId = user?.id;
  const userName = user?.name;
  const onLiveNotification = useLiveNotifications();
  const me = useMemo(() => (userId && userName ? { id: userId, name: userName } : null), [userId, userName]);
  const isPageShown = usePageShown();
  // The user is unknown for a moment after a restored session (until `me` answers).
  if (role === 'none' || !tokens || !me || !isPageShown) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget
        key={`${role}:${tokens.token}`}
        title={title}
        tokens={tokens}
        me={me}
        onLiveNotification={onLiveNotification}
        // Spec §6: only investors see the copilot.
        bot={role === 'investor' ? copilotChatSlot : undefined}
      />
      <ChatLinkOpener />
    </Suspense>
  );
}

/**
 * True once the page being opened is on screen (page-shown.ts): the widget (its socket, room list
 * and composer) waits for the page's first paint instead of competing with it. A Message button
 * pressed before it mounts still opens its room (the open is kept until the widget takes it).
 */
function usePageShown(): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => onPageShown(() => setIsShown(true)), []);
  return isShown;
}

/**
 * Opens the widget on the room a link names with `?chat={roomId}` (the unread-chat mail and
 * notification), then drops the parameter so a reload does not open it again. Rendered after the
 * widget in the same boundary, so the widget's `chat:open` listener exists when this effect runs.
 */
function ChatLinkOpener() {
  const [params, setParams] = useSearchParams();
  const roomId = params.get('chat');
  useEffect(() => {
    if (!roomId) return;
    dispatchChatOpen(roomId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('chat');
        return next;
      },
      { replace: true },
    );
  }, [roomId, setParams]);
  return null;
}
