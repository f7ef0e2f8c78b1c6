import { isMilestoneEditable, isTaskKey, type Milestone } from '@deckvalid/contract/milestones';
import { Alert, Anchor, Button, Group, Skeleton, Spoiler, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconActivity,
  IconAlertTriangle,
  IconArchive,
  IconArrowLeft,
  IconCalendarEvent,
  IconCalendarTime,
  IconFlagQuestion,
  IconLayoutKanban,
  IconLock,
  IconMessages,
  IconReportAnalytics,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { formatCalendarDay } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { NotFoundState } from '@/shared/ui/not-found-state';
import { deckLabel, formatAmount, isMilestoneOverdue } from '../milestone-format';
import { useMilestoneQuery } from '../milestones-api';
import { useBoardTasksQuery } from '../tasks-api';
import { useMilestoneLive } from '../use-milestone-live';
import { MilestoneActivityPanel } from './milestone-activity';
import { MilestoneBoard } from './milestone-board';
import { MilestoneDetailActions } from './milestone-detail-actions';
import { MilestoneMeetsPanel } from './milestone-meets';
import { MilestoneOverviewPanel } from './milestone-overview';
import { MilestoneStatusBadge } from './milestone-status-badge';
import { TaskDrawer } from './task-drawer';
import { ThreadsPanel } from './threads-panel';

/** The sections of the page, in tab order; the one shown is `?tab=` (Overview when absent). */
const sections = ['overview', 'board', 'meets', 'activity', 'threads'] as const;
type Section = (typeof sections)[number];

type MilestoneDetailProps = {
  /** Whose page it is: the founder's own milestone, one an investor follows, or one shared with a mentor. */
  viewerRole: MilestoneRole;
  milestoneId: string;
  /** The role's milestone list, for the back link and after a permanent delete. */
  listPath: string;
  /** The signed-in account (its own threads and messages get their actions); null until known. */
  viewerId: string | null;
};

/**
 * A milestone's page for both roles: its header (founders get the actions), then Overview,
 * Board, Meets, Activity and Threads. The page stays live while open (useMilestoneLive). The section and
 * the task open in the drawer live in the URL (`?tab=board&task=tsk-…`), so a link opens both.
 */

/** What a 404 says to each role. */
const notFoundCopy: Record<MilestoneRole, string> = {
  founder: "This milestone doesn't exist, or it isn't yours. Pick one from your milestones.",
  investor: "This milestone doesn't exist, or you no longer follow its deck.",
  mentor: "This milestone doesn't exist, or its founder no longer shares it with you.",
};

/** The milestone description's line height: its folded view shows whole lines only. */
const descriptionLinePx = 21;
export function MilestoneDetail({ viewerRole: role, milestoneId, listPath, viewerId }: MilestoneDetailProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const milestone = useMilestoneQuery({ role, milestoneId });
  useMilestoneLive({ milestoneId, role });
  useDocumentTitle(milestone.data?.title);

  // On a phone the five tab names fit one row only without their icons, a little closer together.
  // Known at the first render: a phone that learnt it in an effect drew the icons, then moved every
  // tab when it dropped them, under a finger (or a click) already on its way.
  const isPhone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const tabIcon = (icon: ReactNode) => (isPhone ? undefined : icon);
  // Meets are the founder's and the investors' calendar: a mentor's page has no such tab.
  const shown = role === 'mentor' ? sections.filter((section) => section !== 'meets') : sections;
  const tab: Section = shown.find((section) => section === params.get('tab')) ?? 'overview';
  // `?task=` holds the task's key (LDG-12), which links and people use, or its id (older links).
  const taskParam = params.get('task');
  const board = useBoardTasksQuery({ milestoneId, role });
  const openTaskId =
    taskParam && isTaskKey(taskParam)
      ? (board.data?.find((task) => task.key.toUpperCase() === taskParam.toUpperCase())?.id ?? null)
      : taskParam;

  const setParam = (key: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      // Opening a task is a step Back should undo; switching sections is not.
      { replace: key !== 'task' },
    );
  };
  const openTask = (taskId: string | null) =>
    setParam('task', taskId === null ? null : (board.data?.find((task) => task.id === taskId)?.key ?? taskId));

  const backLink = (
    <Anchor component={Link} to={listPath} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> All milestones
      </Group>
    </Anchor>
  );

  if (milestone.isLoading) return <DetailSkeleton />;

  const problem = milestone.isError ? describeApiError(milestone.error) : null;
  // A 404 on a re-read wins over the data still held: the milestone was deleted (or its deck's
  // access ended) while the page was open, and what is held is no longer there to act on.
  if (!milestone.data || problem?.status === 404) {
    if (problem?.status === 404) {
      return (
        <NotFoundState
          backLink={backLink}
          icon={<IconFlagQuestion aria-hidden />}
          title="Milestone not found"
          description={notFoundCopy[role]}
        />
      );
    }
    return (
      <Stack gap="md" align="flex-start">
        {backLink}
        <FormErrorAlert message={problem?.message ?? null} title="We couldn't load this milestone" />
        <Button variant="light" onClick={() => void milestone.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const data = milestone.data;
  const isEditable = isMilestoneEditable(data);

  return (
    <Stack gap="lg" data-testid="milestone-detail" data-status={data.status}>
      <MilestoneHeader
        milestone={data}
        backLink={backLink}
        actions={
          role === 'founder' ? (
            <MilestoneDetailActions
              milestone={data}
              onOpenTask={(taskId) => openTask(taskId)}
              onDeleted={() => navigate(listPath, { replace: true })}
            />
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => setParam('tab', value === 'overview' || value === null ? null : value)}
        keepMounted={false}
        styles={isPhone ? { tab: { paddingInline: 9 } } : undefined}
      >
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="overview" leftSection={tabIcon(<IconReportAnalytics size={16} aria-hidden />)}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="board" leftSection={tabIcon(<IconLayoutKanban size={16} aria-hidden />)}>
            Board
          </Tabs.Tab>
          {role === 'mentor' ? null : (
            <Tabs.Tab value="meets" leftSection={tabIcon(<IconCalendarTime size={16} aria-hidden />)}>
              Meets
            </Tabs.Tab>
          )}
          <Tabs.Tab value="activity" leftSection={tabIcon(<IconActivity size={16} aria-hidden />)}>
            Activity
          </Tabs.Tab>
          <Tabs.Tab value="threads" leftSection={tabIcon(<IconMessages size={16} aria-hidden />)}>
            Threads
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <MilestoneOverviewPanel role={role} milestoneId={data.id} onOpenTask={openTask} />
        </Tabs.Panel>
        {/* The board scrolls sideways inside itself; the clip keeps anything of it that escapes its
            scroll box (an absolutely placed label) from widening the whole page on a phone. */}
        <Tabs.Panel value="board" style={{ position: 'relative', overflowX: 'clip', overflowClipMargin: 4 }}>
          <MilestoneBoard milestone={data} role={role} onOpenTask={openTask} />
        </Tabs.Panel>
        {role === 'mentor' ? null : (
          <Tabs.Panel value="meets">
            <MilestoneMeetsPanel role={role} milestoneId={data.id} canManage={isEditable} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="activity">
          <MilestoneActivityPanel role={role} milestoneId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="threads">
          {viewerId ? (
            <ThreadsPanel milestoneId={data.id} taskId={null} role={role} viewerId={viewerId} />
          ) : (
            <Skeleton h={120} aria-label="Loading threads" />
          )}
        </Tabs.Panel>
      </Tabs>
      <TaskDrawer milestone={data} role={role} taskId={openTaskId} onClose={() => openTask(null)} />
    </Stack>
  );
}

function MilestoneHeader({
  milestone,
  backLink,
  actions,
}: {
  milestone: Milestone;
  backLink: ReactNode;
  actions: ReactNode;
}) {
  const isOverdue = isMilestoneOverdue(milestone);
  const isArchived = milestone.archivedAt !== null;
  const isFinal = milestone.status === 'completed' || milestone.status === 'cancelled';
  return (
    // Tight on a phone: the board (the tab people open most) has to start above the fold.
    <Stack gap="xs" component="header">
      {backLink}
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {milestone.title}
        </Title>
        <MilestoneStatusBadge status={milestone.status} isArchived={isArchived} size="lg" />
      </Group>
      <Group wrap="wrap" data-testid="milestone-facts" style={{ rowGap: 4, columnGap: 'var(--mantine-spacing-lg)' }}>
        <Text fz="sm" c="dimmed">
          Deck:{' '}
          <Text span fz="sm" c="var(--mantine-color-text)">
            {deckLabel(milestone.pitchDeck)}
          </Text>
        </Text>
        <Group gap={6} wrap="nowrap" c={isOverdue ? 'red.9' : 'dimmed'} data-overdue={isOverdue}>
          {isOverdue ? <IconAlertTriangle size={16} aria-hidden /> : <IconCalendarEvent size={16} aria-hidden />}
          <Text fz="sm" c="inherit" fw={isOverdue ? 600 : undefined}>
            {isOverdue ? 'Overdue, was due ' : 'Due '}
            {formatCalendarDay(milestone.dueDate)}
          </Text>
        </Group>
        {milestone.amount !== null ? (
          <Text fz="sm" c="dimmed">
            Amount:{' '}
            <Text span fz="sm" fw={600} c="var(--mantine-color-text)">
              {formatAmount(milestone.amount)}
            </Text>
          </Text>
        ) : null}
      </Group>
      {milestone.description ? (
        // Three whole lines, then "Show more": a height that is not a multiple of the line left
        // half a line cut through above the control on a phone.
        <Spoiler maxHeight={3 * descriptionLinePx} showLabel="Show more" hideLabel="Show less">
          <Text fz="sm" lh={`${descriptionLinePx}px`} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
            {milestone.description}
          </Text>
        </Spoiler>
      ) : null}
      {actions}
      {isArchived ? (
        <Alert
          color="gray"
          variant="light"
          radius="lg"
          icon={<IconArchive aria-hidden />}
          data-testid="archived-notice"
        >
          This milestone is archived: your investors don't see it, and it is read-only until you restore it.
        </Alert>
      ) : isFinal ? (
        <Alert color="gray" variant="light" radius="lg" icon={<IconLock aria-hidden />} data-testid="final-notice">
          {milestone.status === 'completed'
            ? 'This milestone is completed: its tasks and details are kept as they were.'
            : 'This milestone was cancelled: its tasks and details are kept as they were.'}
        </Alert>
      ) : null}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the milestone">
      <Skeleton h={14} w={120} />
      <Skeleton h={32} w="60%" />
      <Skeleton h={14} w="40%" />
      <Skeleton h={36} w="100%" />
      <Skeleton h={160} w="100%" />
    </Stack>
  );
}
