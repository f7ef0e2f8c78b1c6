import type { Meet } from '@deckvalid/contract/milestones';
import { Avatar, Button, Card, EmptyState, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconDownload, IconPencil, IconTrash, IconVideo } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import type { MeetRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { browserTimeZone } from '@/shared/lib/time-zone';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { formatDuration, hasMeetEnded, icsFileName } from '../milestone-format';
import { useDeleteMilestoneMeetMutation, useDownloadMeetIcsMutation, useMilestoneMeetsQuery } from '../milestones-api';
import { MilestoneMeetFormModal } from './milestone-meet-form';

type MilestoneMeetsPanelProps = {
  role: MeetRole;
  milestoneId: string;
  /** Whether meets may be scheduled, moved and cancelled (a live, editable milestone). */
  canManage: boolean;
};

/** Which dialog is open: a new meet, an edit of one, or the cancellation of one. */
type Dialog = { kind: 'create' } | { kind: 'edit'; meet: Meet } | { kind: 'delete'; meet: Meet } | null;

/**
 * The milestone's meets, upcoming first, then past ones most recent first. Founder and investors
 * alike schedule, move and cancel them; each has a calendar file.
 */
export function MilestoneMeetsPanel({ role, milestoneId, canManage }: MilestoneMeetsPanelProps) {
  const meets = useMilestoneMeetsQuery({ role, milestoneId });
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = Date.now();
  const upcoming = (meets.data ?? []).filter((meet) => !hasMeetEnded(meet, now));
  const past = (meets.data ?? []).filter((meet) => hasMeetEnded(meet, now)).reverse();

  const renderMeet = (meet: Meet) => (
    <MeetCard
      key={meet.id}
      meet={meet}
      role={role}
      canManage={canManage}
      onEdit={() => setDialog({ kind: 'edit', meet })}
      onDelete={() => setDialog({ kind: 'delete', meet })}
    />
  );

  let body: ReactNode;
  if (meets.isLoading) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading meets">
        {[0, 1].map((index) => (
          <Card key={index} withBorder radius="lg" padding="md">
            <Skeleton h={16} w="50%" mb="xs" />
            <Skeleton h={12} w="70%" />
          </Card>
        ))}
      </Stack>
    );
  } else if (!meets.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(meets.error).message} title="We couldn't load the meets" />
        <Button variant="light" onClick={() => void meets.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (meets.data.length === 0) {
    body = (
      <EmptyState
        variant="light"
        size="md"
        py={32}
        icon={<IconCalendarPlus aria-hidden />}
        title="No meets yet"
        description={
          canManage
            ? 'Schedule a call to review progress together; everyone can add it to their calendar.'
            : 'Meets scheduled on this milestone appear here.'
        }
        data-testid="empty-state"
      />
    );
  } else {
    body = (
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-label="Upcoming meets">
          <Title order={3} fz="md">
            Upcoming
          </Title>
          {upcoming.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Nothing scheduled ahead.
            </Text>
          ) : (
            upcoming.map(renderMeet)
          )}
        </Stack>
        {past.length > 0 ? (
          <Stack gap="sm" component="section" aria-label="Past meets">
            <Title order={3} fz="md">
              Past
            </Title>
            {past.map(renderMeet)}
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          Meets
        </Title>
        {canManage ? (
          <Button
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'create' })}
            size="sm"
          >
            Schedule meet
          </Button>
        ) : null}
      </Group>
      {body}
      <MilestoneMeetFormModal
        role={role}
        milestoneId={milestoneId}
        meet={dialog?.kind === 'edit' ? dialog.meet : null}
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onClose={() => setDialog(null)}
      />
      <DeleteMeetModal
        role={role}
        milestoneId={milestoneId}
        meet={dialog?.kind === 'delete' ? dialog.meet : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/** Saves text as a file through a temporary link, named as a person would name it. */
function saveTextFile(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function MeetCard({
  meet,
  role,
  canManage,
  onEdit,
  onDelete,
}: {
  meet: Meet;
  role: MeetRole;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const [downloadIcs, download] = useDownloadMeetIcsMutation();
  const isOwnZone = meet.timeZone === browserTimeZone();

  const handleDownload = async () => {
    const result = await downloadIcs({ role, meetId: meet.id });
    if ('error' in result) {
      notifications.show({
        color: 'red',
        title: "We couldn't download the calendar file",
        message: describeApiError(result.error).message,
      });
      return;
    }
    saveTextFile(result.data, icsFileName(meet.title), 'text/calendar');
  };

  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={titleId} data-testid="meet-card">
      <Stack gap="xs">
        <Stack gap={2}>
          <Title order={4} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {meet.title}
          </Title>
          <Text fz="sm">
            <time dateTime={meet.startsAt}>{formatDateTime(meet.startsAt)}</time> ·{' '}
            {formatDuration(meet.durationMinutes)}
          </Text>
          {isOwnZone ? null : (
            <Text fz="xs" c="dimmed">
              Organiser's time zone: {meet.timeZone}
            </Text>
          )}
        </Stack>
        {meet.agenda ? (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {meet.agenda}
          </Text>
        ) : null}
        <MeetAttendees meet={meet} />
        <Group gap="xs" wrap="wrap">
          {meet.videoUrl ? (
            <Button
              component="a"
              href={meet.videoUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="compact-sm"
              variant="light"
              leftSection={<IconVideo size={14} aria-hidden />}
            >
              Join video call
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={download.isLoading}
            onClick={() => void handleDownload()}
          >
            Download .ics
          </Button>
          {canManage ? (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={onEdit}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={onDelete}
              >
                Delete
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** Who is invited: each one's initials avatar and name, as board cards name assignees. */
function MeetAttendees({ meet }: { meet: Meet }) {
  if (meet.attendees.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        Nobody invited
      </Text>
    );
  }
  return (
    <Group
      gap={6}
      wrap="wrap"
      component="ul"
      aria-label="Attendees"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {meet.attendees.map((attendee) => (
        <Group
          key={attendee.id}
          component="li"
          gap={6}
          wrap="nowrap"
          px={8}
          py={2}
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-xl)', minWidth: 0 }}
        >
          <Avatar name={attendee.name} color="initials" size={22} radius="xl" aria-hidden />
          <Text fz="xs" truncate="end">
            {attendee.name}
            {attendee.id === meet.organizerId ? ' (organiser)' : ''}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function DeleteMeetModal({
  role,
  milestoneId,
  meet,
  onClose,
}: {
  role: MeetRole;
  milestoneId: string;
  meet: Meet | null;
  onClose: () => void;
}) {
  const [deleteMeet, deletion] = useDeleteMilestoneMeetMutation();
  const handleDelete = async () => {
    if (!meet) return;
    const result = await deleteMeet({ role, milestoneId, meetId: meet.id });
    if ('error' in result) return;
    notifications.show({ color: 'gray', message: `“${meet.title}” was cancelled.` });
    onClose();
  };
  return (
    <Modal
      opened={meet !== null}
      onClose={() => {
        deletion.reset();
        onClose();
      }}
      title="Cancel this meet?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text fz="sm">
          “{meet?.title}” will be cancelled for everyone on this milestone and leave its list of meets.
        </Text>
        {deletion.error ? (
          <FormErrorAlert title="We couldn't cancel the meet" message={describeApiError(deletion.error).message} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deletion.isLoading}>
            Keep meet
          </Button>
          <Button color="red" onClick={() => void handleDelete()} loading={deletion.isLoading}>
            Delete meet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
