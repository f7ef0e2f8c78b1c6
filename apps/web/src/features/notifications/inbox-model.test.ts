import { describe, expect, it } from 'vitest';
import { coalescedToast, repeatLabel, timeAgo, toastGroupOf, unreadBadge } from './inbox-model';

const ada = { id: 'inv-ada', name: 'Ada Lovelace' };

describe('inbox model', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [2 * 86_400_000, '2 d ago'],
  ])('%i ms ago reads %s', (ago, expected) => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(timeAgo(new Date(now - ago).toISOString(), now)).toBe(expected);
  });

  it('counts the news folded into an item, and says nothing of a single one', () => {
    expect(repeatLabel({ kind: 'deck.ready', count: 1 })).toBeNull();
    expect(repeatLabel({ kind: 'deck.ready', count: 2 })).toBe('2 updates');
    expect(repeatLabel({ kind: 'thread.message', count: 5 })).toBe('5 new messages');
  });

  it('caps the badge at 99+', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('folds one person’s news of one family into one toast that counts them', () => {
    const message = {
      kind: 'thread.message' as const,
      actor: ada,
      title: 'Ada Lovelace wrote in “Plan”',
      message: 'x',
    };
    expect(toastGroupOf(message)).toBe(toastGroupOf({ kind: 'thread.message', actor: ada }));
    expect(toastGroupOf(message)).not.toBe(toastGroupOf({ kind: 'thread.message', actor: null }));
    expect(toastGroupOf({ kind: 'approval.given', actor: ada })).toBe(
      toastGroupOf({ kind: 'approval.changes_requested', actor: ada }),
    );
    expect(coalescedToast(message, 1)).toEqual({ title: message.title, message: 'x' });
    expect(coalescedToast(message, 3)).toEqual({
      title: '3 new messages from Ada Lovelace',
      message: 'Latest: Ada Lovelace wrote in “Plan”',
    });
    expect(coalescedToast({ ...message, kind: 'deck.ready', actor: null }, 2).title).toBe('2 updates');
  });
});
