import { type NotificationData, notifications } from '@mantine/notifications';

/**
 * A toast that opens what it announces when clicked (anywhere but its close button), then goes
 * away: a shortcut for the pointer. Keyboard and screen-reader users reach the same place from
 * the page itself (the chat launcher's count, the home's lists).
 */
export function showClickableToast({
  onOpen,
  ...toast
}: Pick<NotificationData, 'title' | 'message' | 'color'> & { id: string; onOpen: () => void }): void {
  notifications.show({
    ...toast,
    styles: { root: { cursor: 'pointer' } },
    onClick: (event) => {
      if ((event.target as HTMLElement).closest('button')) return; // its close button
      notifications.hide(toast.id);
      onOpen();
    },
  });
}
