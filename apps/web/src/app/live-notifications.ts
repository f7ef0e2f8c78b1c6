import type { LiveNotification } from '@deckvalid/contract/notifications';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { showInboxToast } from '@/features/notifications/inbox-toasts';
import { api } from '@/shared/api/api';
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
 * Live notifications (docs/api.md, Real time): the bell's count and panel refresh, a toast (folded
 * with others of one person and kind) opens the page it is about, and what the screens show of it
 * refreshes, so a home or deck page open at the time updates itself.
 */
export function useLiveNotifications(): (notification: LiveNotification) => void {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  return useCallback(
    (notification: LiveNotification) => {
      dispatch(api.util.invalidateTags(['Notification', ...(staleTags[notification.kind] ?? [])]));
      showInboxToast(notification, () => navigate(notification.link));
    },
    [dispatch, navigate],
  );
}
