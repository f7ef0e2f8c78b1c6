import { type Milestone, type MilestoneStatus, milestoneStatuses } from '@deckvalid/contract/milestones';
import {
  Button,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconFlag3, IconPlus, IconPresentation, IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { milestoneStatusLabels } from '../milestone-format';
import { useMilestonesQuery, useRestoreMilestoneMutation } from '../milestones-api';
import { type MilestoneDeckOption, MilestoneFormModal } from './milestone-form';
import { MilestoneListCard } from './milestone-list-card';

/** Cards per page: four rows of three on a wide screen. */
export const milestonePageSize = 12;

/** The founder's decks as the list needs them: for the create form, and to know whether there are any. */
export type MilestoneDeckChoices = {
  options: readonly MilestoneDeckOption[];
  isLoading: boolean;
  isError: boolean;
};

type SharedProps = {
  /** A milestone's page; URLs come from app/config. */
  milestonePath: (milestoneId: string) => string;
};

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function statusOf(params: URLSearchParams): MilestoneStatus | undefined {
  const status = params.get('status');
  return milestoneStatuses.find((candidate) => candidate === status);
}

/**
 * /founder/milestones: the founder's milestones (or the archived ones) as cards, a status filter,
 * and "New milestone". The view, filter and page live in the URL, so a reload or a shared link
 * shows the same list.
 */
export function FounderMilestoneList({
  milestonePath,
  decks,
  submitDeckAction,
}: SharedProps & {
  decks: MilestoneDeckChoices;
  /** The way to submit a first deck, for the founder who has none. */
  submitDeckAction: ReactNode;
}) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [isCreating, creating] = useDisclosure(false);
  const isArchivedView = params.get('view') === 'archived';
  const status = isArchivedView ? undefined : statusOf(params);
  const page = pageOf(params);
  const milestones = useMilestonesQuery({
    role: 'founder',
    page,
    limit: milestonePageSize,
    ...(status ? { status } : {}),
    archived: isArchivedView,
  });
  const hasNoDecks = !decks.isLoading && !decks.isError && decks.options.length === 0;

  const updateParams = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const newButton = (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={creating.open}
      disabled={decks.isLoading || hasNoDecks}
    >
      New milestone
    </Button>
  );

  let body: ReactNode;
  if (milestones.isLoading) {
    body = <MilestoneListSkeleton />;
  } else if (!milestones.data) {
    body = <ListError error={milestones.error} onRetry={() => void milestones.refetch()} />;
  } else if (milestones.data.data.length === 0 && page === 1) {
    if (isArchivedView) {
      body = (
        <ListEmpty
          icon={<IconArchive aria-hidden />}
          title="No archived milestones"
          description="Milestones you archive wait here, read-only, until you restore them."
        />
      );
    } else if (status) {
      body = (
        <ListEmpty
          icon={<IconFlag3 aria-hidden />}
          title={`No ${milestoneStatusLabels[status].toLowerCase()} milestones`}
          description="None of your milestones has this status right now."
          action={
            <Button variant="light" onClick={() => updateParams({ status: null, page: null })}>
              Show all milestones
            </Button>
          }
        />
      );
    } else if (hasNoDecks) {
      body = (
        <ListEmpty
          icon={<IconPresentation aria-hidden />}
          title="Submit a deck first"
          description="A milestone belongs to one of your pitch decks, and the investors you accept on that deck follow it. Submit a deck to start planning."
          action={submitDeckAction}
        />
      );
    } else {
      body = (
        <ListEmpty
          icon={<IconFlag3 aria-hidden />}
          title="No milestones yet"
          description="Plan the work your round pays for: each milestone has a due date, an optional amount and tasks your accepted investors can follow."
          action={
            // Not a second "New milestone": two buttons of one name would be ambiguous to a screen reader.
            <Button variant="light" onClick={creating.open} disabled={decks.isLoading}>
              Plan your first milestone
            </Button>
          }
        />
      );
    }
  } else if (milestones.data.data.length === 0) {
    body = <PastTheEnd onFirstPage={() => updateParams({ page: null })} />;
  } else {
    body = (
      <MilestoneGrid
        milestones={milestones.data.data}
        total={milestones.data.meta.total}
        page={page}
        onPage={(next) => updateParams({ page: next === 1 ? null : String(next) })}
        milestonePath={milestonePath}
        actionsOf={isArchivedView ? (milestone) => <RestoreButton milestone={milestone} /> : undefined}
      />
    );
  }

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Milestones
          </Title>
          <Text c="dimmed">What your round pays for, planned and tracked with your investors.</Text>
        </Stack>
        {newButton}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which milestones"
          value={isArchivedView ? 'archived' : 'current'}
          onChange={(value) =>
            updateParams({ view: value === 'archived' ? 'archived' : null, page: null, status: null })
          }
          data={[
            { value: 'current', label: 'Current' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        {isArchivedView ? null : (
          <NativeSelect
            aria-label="Status"
            value={status ?? ''}
            onChange={(event) => updateParams({ status: event.currentTarget.value || null, page: null })}
            data={[
              { value: '', label: 'All statuses' },
              ...milestoneStatuses.map((value) => ({ value, label: milestoneStatusLabels[value] })),
            ]}
            w={{ base: '100%', xs: 200 }}
          />
        )}
      </Group>
      {body}
      <MilestoneFormModal
        mode="create"
        opened={isCreating}
        onClose={creating.close}
        decks={decks.options}
        onSaved={(milestone) => navigate(milestonePath(milestone.id))}
      />
    </Stack>
  );
}

/** What the read-only lists say to each of their roles. */
const followedListCopy = {
  investor: {
    emptyTitle: 'No milestones to follow yet',
    emptyDescription: 'When a founder accepts your interest in a deck, the milestones they plan for it appear here.',
    lead: 'The milestones of the companies you back: progress, meets and what changed.',
  },
  mentor: {
    emptyTitle: 'No milestones shared with you yet',
    emptyDescription:
      'When a founder you mentor shares a milestone with you, it appears here: its board, and threads to talk it over.',
    lead: 'The milestones your founders share with you: their progress, and threads to talk them over.',
  },
} as const;

/**
 * /investor/milestones and /mentor/milestones: the milestones an investor follows (of the decks
 * they are accepted on) or a mentor was shared, read-only.
 */
export function FollowedMilestoneList({
  viewerRole: role,
  milestonePath,
  emptyAction,
}: SharedProps & {
  viewerRole: 'investor' | 'mentor';
  /** What to do while there are none (an investor: browse decks). */
  emptyAction: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const milestones = useMilestonesQuery({ role, page, limit: milestonePageSize });
  const copy = followedListCopy[role];

  let body: ReactNode;
  if (milestones.isLoading) {
    body = <MilestoneListSkeleton />;
  } else if (!milestones.data) {
    body = <ListError error={milestones.error} onRetry={() => void milestones.refetch()} />;
  } else if (milestones.data.data.length === 0 && page === 1) {
    body = (
      <ListEmpty
        icon={<IconFlag3 aria-hidden />}
        title={copy.emptyTitle}
        description={copy.emptyDescription}
        action={emptyAction}
      />
    );
  } else if (milestones.data.data.length === 0) {
    body = <PastTheEnd onFirstPage={() => setParams({}, { replace: true })} />;
  } else {
    body = (
      <MilestoneGrid
        milestones={milestones.data.data}
        total={milestones.data.meta.total}
        page={page}
        onPage={(next) => setParams(next === 1 ? {} : { page: String(next) }, { replace: true })}
        milestonePath={milestonePath}
      />
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Milestones
        </Title>
        <Text c="dimmed">{copy.lead}</Text>
      </Stack>
      {body}
    </Stack>
  );
}

function MilestoneGrid({
  milestones,
  total,
  page,
  onPage,
  milestonePath,
  actionsOf,
}: SharedProps & {
  milestones: Milestone[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  actionsOf?: (milestone: Milestone) => ReactNode;
}) {
  const pageCount = Math.max(1, Math.ceil(total / milestonePageSize));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="milestone-list">
        {milestones.map((milestone) => (
          <MilestoneListCard
            key={milestone.id}
            milestone={milestone}
            to={milestonePath(milestone.id)}
            actions={actionsOf?.(milestone)}
          />
        ))}
      </SimpleGrid>
      {pageCount > 1 ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function RestoreButton({ milestone }: { milestone: Milestone }) {
  const [restore, restoring] = useRestoreMilestoneMutation();
  const handleRestore = async () => {
    const result = await restore({ milestoneId: milestone.id });
    if ('error' in result) {
      notifications.show({
        color: 'red',
        title: "We couldn't restore the milestone",
        message: describeApiError(result.error).message,
      });
      return;
    }
    notifications.show({ color: 'teal', message: `“${milestone.title}” is back in your milestones.` });
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden />}
      loading={restoring.isLoading}
      onClick={() => void handleRestore()}
      aria-label={`Restore ${milestone.title}`}
    >
      Restore
    </Button>
  );
}

function ListEmpty({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState
      variant="light"
      size="lg"
      py={48}
      icon={icon}
      title={title}
      description={description}
      data-testid="empty-state"
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

/** A page number past the last page (a bookmark from when there were more, or a delete meanwhile). */
function PastTheEnd({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <ListEmpty
      icon={<IconFlag3 aria-hidden />}
      title="Nothing on this page"
      description="The list is shorter than this page now."
      action={
        <Button variant="light" onClick={onFirstPage}>
          Back to the first page
        </Button>
      }
    />
  );
}

function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <FormErrorAlert message={describeApiError(error).message} title="We couldn't load the milestones" />
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

function MilestoneListSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      role="status"
      aria-busy="true"
      aria-label="Loading milestones"
    >
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <Skeleton h={18} w="70%" />
            <Skeleton h={12} w="40%" />
            <Skeleton h={8} w="100%" />
            <Skeleton h={12} w="50%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
