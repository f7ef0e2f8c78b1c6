import { type Activity, type TaskStage, taskStages } from '@deckvalid/contract/milestones';
import { Avatar, Button, EmptyState, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconHistory } from '@tabler/icons-react';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { describeActivity, relativeTime, taskStageLabels } from '../milestone-format';
import { useMilestoneActivitiesInfiniteQuery, useMilestoneMembersQuery } from '../milestones-api';

/** "Maya Lind" → "ML". */
function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * Every change on the milestone, newest first, in words: who did what, the values it changed
 * (old → new) and how long ago. Filtered by the stage a task was in when the change was made.
 */
export function MilestoneActivityPanel({ role, milestoneId }: { role: MilestoneRole; milestoneId: string }) {
  const [stage, setStage] = useState<TaskStage | ''>('');
  const feed = useMilestoneActivitiesInfiniteQuery({ role, milestoneId, ...(stage ? { stage } : {}) });
  // Meet lines name their attendees from the members; mentors have no meets, nor this list.
  const members = useMilestoneMembersQuery(role === 'mentor' ? skipToken : { role, milestoneId }).data;
  const nameOf = useMemo(() => {
    const names = new Map((members ?? []).map((member) => [member.id, member.name]));
    return (accountId: string) => names.get(accountId);
  }, [members]);
  // A line logged while older pages were being read shifts the pages by one: show each line once.
  const activities = useMemo(() => {
    const seen = new Set<string>();
    return (feed.data?.pages ?? []).flatMap((page) =>
      page.data.filter((activity) => !seen.has(activity.id) && seen.add(activity.id)),
    );
  }, [feed.data]);

  let body: ReactNode;
  if (feed.isLoading) {
    body = (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2].map((index) => (
          <Group key={index} gap="sm" wrap="nowrap">
            <Skeleton h={32} w={32} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="60%" />
              <Skeleton h={10} w="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (!feed.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(feed.error).message} title="We couldn't load the activity" />
        <Button variant="light" onClick={() => void feed.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (activities.length === 0) {
    body = (
      <EmptyState
        variant="light"
        size="md"
        py={32}
        icon={<IconHistory aria-hidden />}
        title={stage ? `Nothing logged in ${taskStageLabels[stage]}` : 'Nothing has happened yet'}
        description={
          stage
            ? 'No change was made to a task while it was in this stage.'
            : 'Every change to the milestone shows here.'
        }
        data-testid="empty-state"
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Stack
          component="ol"
          gap="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Activity"
          data-testid="activity-feed"
        >
          {activities.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} nameOf={nameOf} />
          ))}
        </Stack>
        {feed.isError && !feed.isFetchingNextPage ? (
          <FormErrorAlert message={describeApiError(feed.error).message} title="We couldn't load more" />
        ) : null}
        {feed.hasNextPage ? (
          <Group justify="center">
            <Button variant="light" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              Load more
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Title order={2} fz="lg">
          Activity
        </Title>
        <NativeSelect
          label="Stage"
          value={stage}
          onChange={(event) => setStage(event.currentTarget.value as TaskStage | '')}
          data={[
            { value: '', label: 'All stages' },
            ...taskStages.map((value) => ({ value, label: taskStageLabels[value] })),
          ]}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {body}
    </Stack>
  );
}

function ActivityItem({ activity, nameOf }: { activity: Activity; nameOf: (accountId: string) => string | undefined }) {
  const wording = describeActivity(activity, nameOf);
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="activity-item"
      data-action={activity.action}
    >
      <Avatar size={32} radius="xl" color="indigo" aria-hidden>
        {initialsOf(wording.actor)}
      </Avatar>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="activity-sentence">
          <Text span fw={600}>
            {wording.actor}
          </Text>{' '}
          {wording.parts.map((part, index) =>
            typeof part === 'string' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never reorder
              <Fragment key={index}>{part}</Fragment>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never reorder
              <Text key={index} span inherit fw={500} fs="italic">
                {part.name}
              </Text>
            ),
          )}
          {activity.stage && !activity.action.startsWith('milestone.') && activity.action !== 'task.moved' ? (
            <Text span inherit c="dimmed">
              {' '}
              · {taskStageLabels[activity.stage]}
            </Text>
          ) : null}
        </Text>
        {wording.comment ? (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            “{wording.comment}”
          </Text>
        ) : null}
        {wording.changes.map((change) => (
          <Text key={change.field} fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {change.field}: {change.from !== null ? `${change.from} → ` : null}
            <Text span fz="xs" c="var(--mantine-color-text)">
              {change.to}
            </Text>
          </Text>
        ))}
        <Text fz="xs" c="dimmed">
          <time dateTime={activity.createdAt} title={formatDateTime(activity.createdAt)}>
            {relativeTime(activity.createdAt)}
          </time>
        </Text>
      </Stack>
    </Group>
  );
}
