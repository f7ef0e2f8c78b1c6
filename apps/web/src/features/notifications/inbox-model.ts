import type { InboxKind, InboxNotification } from '@deckvalid/contract/notifications';

/** What the inbox page's kind filter calls each kind of news. */
export const inboxKindLabels: Record<InboxKind, string> = {
  'interest.shown': 'Interest shown',
  'interest.decided': 'Interest accepted or declined',
  'interest.withdrawn': 'Interest withdrawn',
  'deck.ready': 'Deck ready',
  'deck.failed': 'Deck could not be read',
  'task.moved': 'Task moved',
  'task.due_soon': 'Task due soon',
  'task.overdue': 'Task overdue',
  'deliverable.submitted': 'Deliverable submitted',
  'deliverable.accepted': 'Deliverable accepted',
  'deliverable.sent_back': 'Deliverable sent back',
  'approval.given': 'Approval given',
  'approval.changes_requested': 'Changes requested',
  'meet.scheduled': 'Meet scheduled',
  'meet.changed': 'Meet changed',
  'meet.cancelled': 'Meet cancelled',
  'thread.message': 'Thread message',
  'chat.unread': 'Unread chat',
  'chat.mention': 'Mentioned in chat',
  'thesis.matches': 'Decks matching your thesis',
  'link.first_visit': 'Share link opened',
  'comment.posted': 'Comment on a deck',
  'comment.resolved': 'Comment resolved',
  'review.posted': 'Mentor review',
  'deck.new_version': 'New version of a deck you commented on',
  'deck.updated': 'New version of a deck you follow',
};

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date: short enough for a phone's row. */
export function timeAgo(at: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(at).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} d ago`;
  return new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/** The badge's text: the count, capped like the chat launcher's (spec §9). */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** What a toast folds under: one person's news of one kind (or a kind nobody caused). */
export const toastGroupOf = (notification: Pick<InboxNotification, 'kind' | 'actor'>) =>
  `${notification.kind.split('.')[0]}:${notification.actor?.id ?? 'system'}`;

/** What repeats of a kind are called: messages for conversations, updates for the rest. */
const repeatsOf = (kind: InboxKind) =>
  kind === 'thread.message' || kind === 'chat.unread' || kind === 'chat.mention' ? 'new messages' : 'updates';

/** An inbox item's count of the news folded into it ("3 updates"), or null for a single one. */
export const repeatLabel = (notification: Pick<InboxNotification, 'kind' | 'count'>): string | null =>
  notification.count > 1 ? `${notification.count} ${repeatsOf(notification.kind)}` : null;

/** A toast's words once `count` notifications of one group arrived while it showed. */
export function coalescedToast(
  latest: Pick<InboxNotification, 'title' | 'message' | 'actor' | 'kind'>,
  count: number,
): { title: string; message: string } {
  if (count <= 1) return { title: latest.title, message: latest.message };
  const what = repeatsOf(latest.kind);
  return {
    title: latest.actor ? `${count} ${what} from ${latest.actor.name}` : `${count} ${what}`,
    message: `Latest: ${latest.title}`,
  };
}
