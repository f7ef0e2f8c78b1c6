import type { LiveNotification } from '@deckvalid/contract/notifications';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { showInboxToast } from '@/features/notifications/inbox-toasts';
import { api } from '@/shared/api/api';
import type { AppDispatch } from './store';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];
type TagType = Extract<Tag, string>;

/** What each kind of notification makes stale on screen, besides the inbox itself. */
const staleTags: Partial<Record<LiveNotification['kind'], readonly TagType[]>> = {
  'interest.shown': ['Interest'],
  'interest.decided': ['Interest', 'PitchDeck'],
  'interest.withdrawn': ['Interest'],
  'deck.ready': ['PitchDeck'],
  'deck.failed': ['PitchDeck'],
  'deck.updated': ['PitchDeck'],
  'deck.new_version': ['PitchDeck'],
};

/** What a kind makes stale of the deck it names: its comments or reviews, on the page open now. */
const staleDeckTags: Partial<Record<LiveNotification['kind'], readonly ('DeckComment' | 'DeckReview')[]>> = {
  'comment.posted': ['DeckComment'],
  'comment.resolved': ['DeckComment'],
  'review.posted': ['DeckReview'],
  'deck.new_version': ['DeckComment'],
};

/**
 * The tags a live notification invalidates: the inbox, what its kind shows elsewhere, and the
 * comments or reviews of the deck it names, so a deck page open when a comment, a reply or a
 * review arrives shows it without a reload.
 */
export function staleTagsOf(notification: LiveNotification): Tag[] {
  const deckTags = (staleDeckTags[notification.kind] ?? []).map((type) =>
    notification.pitchDeckId ? { type, id: notification.pitchDeckId } : type,
  );
  return ['Notification', ...(staleTags[notification.kind] ?? []), ...deckTags];
}

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
      dispatch(api.util.invalidateTags(staleTagsOf(notification)));
      showInboxToast(notification, () => navigate(notification.link));
    },
    [dispatch, navigate],
  );
}
