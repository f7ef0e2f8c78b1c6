import { deckCommentPaths } from '@deckvalid/contract/deck-comments';
import type { LiveNotification } from '@deckvalid/contract/notifications';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { useDeckCommentsQuery } from '@/features/deck-feedback/feedback-api';
import { jsonResponse, slow } from '@/test/data-rooms';
import { staleTagsOf, useLiveNotifications } from './live-notifications';

const notification = (overrides: Partial<LiveNotification>): LiveNotification => ({
  id: 'ntf-1',
  kind: 'comment.posted',
  title: 'Tomás Reyes commented on Ledgerleaf pre-seed',
  message: 'Page 3: the market slide needs a source.',
  link: '/founder/view/pd-1?tab=comments',
  pitchDeckId: 'pd-1',
  actor: { id: 'mtr-1', name: 'Tomás Reyes' },
  count: 1,
  readAt: null,
  at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

/** A deck's comment count, and the live-notification handler the session would call. */
function CommentsCount({ onLive }: { onLive: (deliver: (live: LiveNotification) => void) => void }) {
  onLive(useLiveNotifications());
  const { data } = useDeckCommentsQuery('pd-1');
  return <p>{data ? `${data.length} comments` : 'Loading'}</p>;
}

describe('what a live notification refreshes', () => {
  it('names the inbox, what its kind shows, and the comments or reviews of its deck', () => {
    expect(staleTagsOf(notification({}))).toEqual(['Notification', { type: 'DeckComment', id: 'pd-1' }]);
    expect(staleTagsOf(notification({ kind: 'review.posted' }))).toEqual([
      'Notification',
      { type: 'DeckReview', id: 'pd-1' },
    ]);
    expect(staleTagsOf(notification({ kind: 'deck.new_version' }))).toEqual([
      'Notification',
      'PitchDeck',
      { type: 'DeckComment', id: 'pd-1' },
    ]);
    expect(staleTagsOf(notification({ kind: 'interest.shown', pitchDeckId: null }))).toEqual([
      'Notification',
      'Interest',
    ]);
  });

  it('shows a comment that arrives while the deck’s comments are open, without a reload', async () => {
    let comments = [{ id: 'c1' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const url = new URL(input instanceof Request ? input.url : input, window.location.origin);
        if (url.pathname === deckCommentPaths.comments('pd-1')) return jsonResponse({ data: comments });
        return jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 }, unreadCount: 0 });
      }),
    );
    const delivered: { deliver?: (live: LiveNotification) => void } = {};
    render(
      <AppProviders store={createAppStore()}>
        <MemoryRouter>
          <CommentsCount onLive={(deliver) => Object.assign(delivered, { deliver })} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('1 comments', {}, slow)).toBeTruthy();
    comments = [{ id: 'c1' }, { id: 'c2' }];
    act(() => delivered.deliver?.(notification({})));
    expect(await screen.findByText('2 comments', {}, slow)).toBeTruthy();
  });
});
