import type { LiveNotification } from '@deckvalid/contract/notifications';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '@/shared/api/api';
import type { AppDispatch } from './store';

/** What each kind of notification makes stale on screen. */
const staleTags = {
  'interest.shown': ['Interest'],
  'interest.decided': ['Interest', 'PitchDeck'],
  'deck.ready': ['PitchDeck'],
  'deck.failed': ['PitchDeck'],
} as const satisfies Record<LiveNotification['kind'], readonly string[]>;

/**
 * Live notifications (docs/api.md, Real time): a toast that opens the page it is about, and a
 * refresh of what the screens show of it, so a home or deck page open at the time updates itself.
 */
export function useLiveNotifications(): (notification: LiveNotification) => void {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  return useCallback(
    (notification: LiveNotification) => {
      dispatch(api.util.invalidateTags([...staleTags[notification.kind]]));
      const id = `live-${notification.kind}-${notification.pitchDeckId}-${notification.at}`;
      notifications.show({
        id,
        title: notification.title,
        message: notification.message,
        color: notification.kind === 'deck.failed' ? 'red' : 'indigo',
        closeButtonProps: { 'aria-label': 'Dismiss notification' },
        styles: { description: { color: 'var(--mantine-color-dimmed)' }, root: { cursor: 'pointer' } },
        onClick: (event) => {
          if ((event.target as HTMLElement).closest('button')) return; // its close button
          notifications.hide(id);
          navigate(notification.link);
        },
      });
    },
    [dispatch, navigate],
  );
}
