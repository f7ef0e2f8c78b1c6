import type { InboxNotification } from '@deckvalid/contract/notifications';
import { Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';
import { useMarkNotificationReadMutation } from '../inbox-api';
import { repeatLabel, timeAgo } from '../inbox-model';

/** The chat room a notification's link names (`?chat=`), if any. */
function chatRoomOf(link: string): string | null {
  return new URL(link, window.location.origin).searchParams.get('chat');
}

/**
 * One notification as the bell's panel and the inbox page list it: a link to its object that marks
 * it read on the way.
 */
export function InboxItem({ notification, onNavigate }: { notification: InboxNotification; onNavigate: () => void }) {
  const [markRead] = useMarkNotificationReadMutation();
  const isUnread = notification.readAt === null;
  const repeats = repeatLabel(notification);
  return (
    <Box component="li" style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}>
      <UnstyledButton
        component={Link}
        to={notification.link}
        onClick={(event: React.MouseEvent) => {
          if (isUnread) void markRead(notification.id);
          // Unread chat opens the widget on its room, wherever one is, rather than leaving the page.
          const roomId = chatRoomOf(notification.link);
          if (roomId) {
            event.preventDefault();
            dispatchChatOpen(roomId);
          }
          onNavigate();
        }}
        px="md"
        py="sm"
        w="100%"
        data-testid="inbox-item"
        data-unread={isUnread || undefined}
        style={{ display: 'block', background: isUnread ? 'var(--mantine-color-indigo-0)' : undefined }}
      >
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Box
            mt={6}
            w={8}
            h={8}
            style={{
              flex: 'none',
              borderRadius: 4,
              background: isUnread ? 'var(--mantine-color-indigo-6)' : 'transparent',
            }}
            aria-hidden
          />
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fz="sm" fw={isUnread ? 600 : 400} lineClamp={2}>
              {isUnread && <VisuallyHidden>Unread: </VisuallyHidden>}
              {notification.title}
            </Text>
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {notification.message}
            </Text>
            <Group gap={6} mt={2} wrap="nowrap">
              <Text fz="xs" c="dimmed">
                <time dateTime={notification.at}>{timeAgo(notification.at)}</time>
              </Text>
              {repeats && (
                <Badge size="xs" variant="light" color="gray" data-testid="inbox-item-count">
                  {repeats}
                </Badge>
              )}
            </Group>
          </Box>
        </Group>
      </UnstyledButton>
    </Box>
  );
}
