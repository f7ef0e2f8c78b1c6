import type { InboxNotification } from '@deckvalid/contract/notifications';
import { notifications } from '@mantine/notifications';
import { coalescedToast, toastGroupOf } from './inbox-model';

/** Toasts on screen, by group: how many notifications each stands for now. */
const shown = new Map<string, number>();

/**
 * A live notification as a toast that opens what it announces when clicked. A second one of the
 * same group (one person's news of one kind) while the first still shows updates it ("3 new
 * messages from Ada") instead of stacking another; the bell keeps each of them.
 */
export function showInboxToast(notification: InboxNotification, onOpen: () => void): void {
  const group = toastGroupOf(notification);
  const id = `inbox-${group}`;
  const count = (shown.get(group) ?? 0) + 1;
  shown.set(group, count);
  const words = coalescedToast(notification, count);
  const toast = {
    id,
    ...words,
    color: notification.kind === 'deck.failed' || notification.kind.endsWith('changes_requested') ? 'red' : 'indigo',
    styles: { root: { cursor: 'pointer' } },
    onClose: () => shown.delete(group),
    onClick: (event: React.MouseEvent<HTMLDivElement>) => {
      if ((event.target as HTMLElement).closest('button')) return; // its close button
      notifications.hide(id);
      onOpen();
    },
  };
  if (count === 1) notifications.show(toast);
  else notifications.update(toast);
}
