import { type InboxKind, inboxKinds } from '@deckvalid/contract/notifications';
import { Button, Group, Pagination, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { inboxPageSize, useInboxPageQuery, useMarkAllNotificationsReadMutation } from '../inbox-api';
import { inboxKindLabels } from '../inbox-model';
import { InboxItem } from './inbox-item';
import { InboxEmpty, InboxLoadFailed, InboxLoading } from './inbox-states';

const kindOptions = inboxKinds.map((kind) => ({ value: kind, label: inboxKindLabels[kind] }));
const isInboxKind = (value: string | null): value is InboxKind =>
  value !== null && (inboxKinds as readonly string[]).includes(value);

/**
 * Every notification of the signed-in account (the bell's "See all"): pages of 20, newest first,
 * filtered to unread ones or one kind, each linking to what it is about. The filters and the
 * page live in the URL (`?unread=1&kind=deck.ready&page=2`), so a reload or a shared link keeps them.
 */
export function InboxList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const isUnreadOnly = searchParams.get('unread') === '1';
  const kindParam = searchParams.get('kind');
  const kind = isInboxKind(kindParam) ? kindParam : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const query = useInboxPageQuery({ page, ...(isUnreadOnly ? { unread: true } : {}), ...(kind ? { kind } : {}) });
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = query.data?.unreadCount ?? 0;
  const total = query.data?.meta.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / inboxPageSize));

  /** A change of filter starts again at page 1. */
  const update = (next: { unread?: boolean; kind?: InboxKind | null; page?: number }) => {
    const params = new URLSearchParams();
    const nextUnread = next.unread ?? isUnreadOnly;
    const nextKind = next.kind === undefined ? kind : next.kind;
    if (nextUnread) params.set('unread', '1');
    if (nextKind) params.set('kind', nextKind);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  let body: React.ReactNode;
  if (query.isLoading) {
    body = <InboxLoading />;
  } else if (query.isError || !query.data) {
    body = <InboxLoadFailed onRetry={() => query.refetch()} />;
  } else if (query.data.data.length === 0) {
    body = <InboxEmpty isFiltered={isUnreadOnly || kind !== undefined} testId="inbox-list-empty" />;
  } else {
    body = (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notifications">
        {query.data.data.map((notification) => (
          <InboxItem key={notification.id} notification={notification} onNavigate={() => {}} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="inbox-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Inbox</Title>
          <Text c="dimmed">{unread === 0 ? 'Everything is read.' : `${unread} unread`} · kept for 90 days.</Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markingAll.isLoading}
          onClick={() => markAll()}
        >
          Mark all read
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={isUnreadOnly ? 'unread' : 'all'}
          onChange={(value) => update({ unread: value === 'unread' })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
        />
        <Select
          label="Kind"
          placeholder="Every kind"
          data={kindOptions}
          value={kind ?? null}
          onChange={(value) => update({ kind: isInboxKind(value) ? value : null })}
          clearable
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} aria-busy={query.isFetching}>
        {body}
      </Paper>
      {total > inboxPageSize ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => update({ page: next })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
