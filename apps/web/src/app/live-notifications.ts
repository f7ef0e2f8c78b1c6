import type { LiveNotification } from '@deckvalid/contract/notifications';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '@/shared/api/api';
import { showClickableToast } from '@/shared/ui/show-clickable-toast';
import type { AppDispatch } from './store';

/** What each kind of notification makes stale on screen, besides the inbox itself. */
const staleTags: Partial<Record<LiveNotification['kind'], readonly ('Interest' | 'PitchDeck')[]>> = {
  'interest.shown': ['Interest'],
  'interest.decided': ['Interest', 'PitchDeck'],
  'interest.withdrawn': ['Interest'],
  'deck.ready': ['PitchDeck'],
  'deck.failed': ['PitchDeck'],
};

/**
 * Live notifications (docs/api.md, Real time): a toast that opens the page it is about, and a
 * refresh of what the screens show of it, so a home or deck page open at the time updates itself.
 */
export function useLiveNotifications(): (notification: LiveNotification) => void {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  return useCallback(
    (notification: LiveNotification) => {
      dispatch(api.util.invalidateTags([...(staleTags[notification.kind] ?? [])]));
      const id = `live-${notification.kind}-${notification.pitchDeckId}-${notification.at}`;
      showClickableToast({
        id,
        title: notification.title,
        message: notification.message,
        color: notification.kind === 'deck.failed' ? 'red' : 'indigo',
        onOpen: () => navigate(notification.link),
      });
    },
    [dispatch, navigate],
  );
}
