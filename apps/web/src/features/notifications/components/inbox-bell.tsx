import { inboxChangedEvent } from '@deckvalid/contract/notifications';
import { ActionIcon, Box, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { api } from '@/shared/api/api';
import { setUnreadInDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSessionSocket } from '@/shared/lib/session-socket';
import { useInboxPageQuery, useMarkAllNotificationsReadMutation } from '../inbox-api';
import { unreadBadge } from '../inbox-model';
import { InboxItem } from './inbox-item';
import { InboxEmpty, InboxLoadFailed, InboxLoading } from './inbox-states';

/**
 * Notifications marked read elsewhere (another tab, or by reading the chat room they told of)
 * arrive as `notifications:changed` on the session's socket: the count and panel read again.
 */
function useInboxChanges() {
  const socket = useSessionSocket();
  const dispatch = useDispatch();
  useEffect(() => {
    if (!socket) return;
    const handleChanged = () => dispatch(api.util.invalidateTags(['Notification']));
    socket.on(inboxChangedEvent, handleChanged);
    return () => {
      socket.off(inboxChangedEvent, handleChanged);
    };
  }, [socket, dispatch]);
}

/**
 * The header's bell: the unread count (also in the tab's title) and, on click, the inbox panel,
 * newest first, page after page. Live notifications refresh it (app/live-notifications.ts).
 * The panel traps focus while open and Esc gives it back to the bell.
 */
export function InboxBell({ seeAllPath }: { seeAllPath: string }) {
  const [isOpen, { toggle, close }] = useDisclosure(false);
  const first = useInboxPageQuery({ page: 1 });
  const unread = first.data?.unreadCount ?? 0;

  useEffect(() => setUnreadInDocumentTitle(unread), [unread]);
  // Esc closes the panel wherever focus is: "Mark all read" disables itself once used, and the
  // focus it had falls back to the page, outside the dropdown that listens for Esc itself.
  useWindowEvent('keydown', (event) => {
    if (isOpen && event.key === 'Escape' && !event.defaultPrevented) close();
  });
  // Signing out unmounts the header: the count leaves the title with it.
  useEffect(() => () => setUnreadInDocumentTitle(0), []);
  useInboxChanges();

  return (
    <Indicator
      label={unreadBadge(unread)}
      disabled={unread === 0}
      size={18}
      offset={7}
      color="red"
      styles={{ indicator: { fontSize: 11, fontWeight: 700, paddingInline: 5, pointerEvents: 'none' } }}
    >
      <Popover
        opened={isOpen}
        onChange={(next) => (next ? undefined : close())}
        onDismiss={close}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="md"
        radius="md"
        trapFocus
        returnFocus
        withinPortal
      >
        {/* The target carries the dialog's name (aria-labelledby), aria-expanded and aria-controls. */}
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={toggle}
            aria-label={unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications'}
            data-testid="inbox-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <InboxPanel unread={unread} onNavigate={close} seeAllPath={seeAllPath} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function InboxPanel({
  unread,
  onNavigate,
  seeAllPath,
}: {
  unread: number;
  onNavigate: () => void;
  /** The role's inbox page: every notification, with filters. */
  seeAllPath: string;
}) {
  const headingId = useId();
  const [pageCount, setPageCount] = useState(1);
  const first = useInboxPageQuery({ page: 1 });
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const isEmpty = first.data?.meta.total === 0;

  let body: React.ReactNode;
  if (first.isLoading) {
    body = <InboxLoading />;
  } else if (first.isError || !first.data) {
    body = <InboxLoadFailed onRetry={() => first.refetch()} />;
  } else if (first.data.meta.total === 0) {
    body = <InboxEmpty testId="inbox-empty" />;
  } else {
    body = (
      <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto">
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {Array.from({ length: pageCount }, (_, index) => (
            <InboxPageItems
              // biome-ignore lint/suspicious/noArrayIndexKey: a page number is its identity.
              key={index + 1}
              page={index + 1}
              isLast={index + 1 === pageCount}
              onMore={() => setPageCount(index + 2)}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Box data-testid="inbox-panel">
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text id={headingId} fw={700} fz="sm">
          Notifications{unread > 0 ? ` · ${unreadBadge(unread)} unread` : ''}
        </Text>
        {!isEmpty && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} aria-hidden />}
            disabled={unread === 0}
            loading={markingAll.isLoading}
            onClick={() => markAll()}
          >
            Mark all read
          </Button>
        )}
      </Group>
      {body}
      <Group justify="center" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Button component={Link} to={seeAllPath} size="compact-sm" variant="subtle" onClick={onNavigate}>
          See all
        </Button>
      </Group>
    </Box>
  );
}

function InboxPageItems({
  page,
  isLast,
  onMore,
  onNavigate,
}: {
  page: number;
  isLast: boolean;
  onMore: () => void;
  onNavigate: () => void;
}) {
  const { data, isFetching } = useInboxPageQuery({ page });
  if (!data) {
    return (
      <Group component="li" justify="center" py="sm">
        <Loader size="xs" aria-label="Loading more notifications" />
      </Group>
    );
  }
  return (
    <>
      {data.data.map((notification) => (
        <InboxItem key={notification.id} notification={notification} onNavigate={onNavigate} />
      ))}
      {isLast && data.meta.hasMore && (
        <Group component="li" justify="center" py="xs">
          <Button size="compact-sm" variant="subtle" loading={isFetching} onClick={onMore}>
            Show older
          </Button>
        </Group>
      )}
    </>
  );
}
