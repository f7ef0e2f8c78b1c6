import { approvalBodySchema, milestoneLimits } from '@deckvalid/contract/milestones';
import { Alert, Avatar, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconThumbUp } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { useApproveTaskMutation, useTaskApprovalsQuery } from '../tasks-api';

type ApprovalsProps = { milestoneId: string; taskId: string; role: MilestoneRole };

/**
 * Investors' approvals of the task, oldest first: a record with an optional comment that moves
 * nothing (the stage stays the founder's). An investor may approve again after rework.
 */
export function TaskApprovalsSection({ milestoneId, taskId, role }: ApprovalsProps) {
  const { data: approvals, isLoading, isError, error, refetch } = useTaskApprovalsQuery({ milestoneId, taskId, role });
  const [approveTask, approval] = useApproveTaskMutation();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleApprove = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = approvalBodySchema.safeParse({ comment });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the comment.');
      return;
    }
    setProblem(null);
    const result = await approveTask({ milestoneId, taskId, comment });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setComment('');
    notifications.show({ color: 'teal', message: 'You approved this task.' });
  };

  return (
    <Stack gap="xs">
      {isLoading ? <Loader size="sm" aria-label="Loading approvals" /> : null}
      {isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} p="xs">
          <Text fz="sm">{describeApiError(error).message}</Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {approvals && approvals.length > 0 ? (
        <Stack component="ul" gap="xs" aria-label="Approvals" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {approvals.map((item) => {
            const name = item.investor?.name ?? 'A former investor';
            return (
              <Group component="li" key={item.id} gap="sm" wrap="nowrap" align="flex-start">
                <Avatar name={name} color="initials" radius="xl" size="sm" aria-hidden />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fz="sm">
                    <Text span fw={600} fz="sm">
                      {name}
                    </Text>{' '}
                    approved
                  </Text>
                  {item.comment ? (
                    <Text fz="sm" c="gray.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {item.comment}
                    </Text>
                  ) : null}
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(item.createdAt)}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      ) : null}
      {approvals && approvals.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No approvals yet.
        </Text>
      ) : null}
      {role === 'investor' ? (
        <form onSubmit={handleApprove} aria-label="Approve task" noValidate>
          <Stack gap="xs">
            <Textarea
              label="Comment (optional)"
              autosize
              minRows={2}
              maxRows={6}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={problem}
              maxLength={milestoneLimits.descriptionLength}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="sm"
                color="teal"
                leftSection={<IconThumbUp size={16} aria-hidden />}
                loading={approval.isLoading}
              >
                Approve task
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
