import { type ApprovalDecision, approvalBodySchema, milestoneLimits } from '@deckvalid/contract/milestones';
import { Alert, Avatar, Badge, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMessageReport, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { useApproveTaskMutation, useTaskApprovalsQuery } from '../tasks-api';

type ApprovalsProps = { milestoneId: string; taskId: string; role: MilestoneRole };

const decisionDisplay: Record<ApprovalDecision, { label: string; color: string }> = {
  approved: { label: 'Approved', color: 'teal' },
  changes_requested: { label: 'Changes requested', color: 'orange' },
};

/**
 * Each investor's word on the task, one per investor: approved, or changes requested with a
 * comment. A record that moves nothing (the stage stays the founder's); an investor changes
 * their word by giving another, and giving the same again changes nothing (and says so).
 */
export function TaskApprovalsSection({ milestoneId, taskId, role }: ApprovalsProps) {
  const { data: approvals, isLoading, isError, error, refetch } = useTaskApprovalsQuery({ milestoneId, taskId, role });
  const [approveTask, approval] = useApproveTaskMutation();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<ApprovalDecision | null>(null);

  const handleDecision = async (decision: ApprovalDecision) => {
    const parsed = approvalBodySchema.safeParse({ decision, comment });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the comment.');
      return;
    }
    setProblem(null);
    setPending(decision);
    const result = await approveTask({ milestoneId, taskId, decision, comment });
    setPending(null);
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setComment('');
    if (result.data.isUnchanged) {
      notifications.show({
        color: 'gray',
        message:
          decision === 'approved'
            ? 'You approved this task already; nothing changed.'
            : 'You asked for these changes already; nothing changed.',
      });
      return;
    }
    notifications.show({
      color: decision === 'approved' ? 'teal' : 'orange',
      message: decision === 'approved' ? 'You approved this task.' : 'You asked for changes on this task.',
    });
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
            const decision = decisionDisplay[item.decision];
            return (
              <Group
                component="li"
                key={item.id}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                data-decision={item.decision}
              >
                <Avatar name={name} color="initials" radius="xl" size="sm" aria-hidden />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} fz="sm">
                      {name}
                    </Text>
                    <Badge size="sm" variant="light" color={decision.color} tt="none">
                      {decision.label}
                    </Badge>
                  </Group>
                  {item.comment ? (
                    <Text fz="sm" c="gray.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {item.comment}
                    </Text>
                  ) : null}
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(item.updatedAt)}
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void handleDecision('approved');
          }}
          aria-label="Review task"
          noValidate
        >
          <Stack gap="xs">
            <Textarea
              label="Comment"
              description="Optional to approve; say what should change to ask for changes."
              autosize
              minRows={2}
              maxRows={6}
              value={comment}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                if (problem) setProblem(null);
              }}
              error={problem}
              maxLength={milestoneLimits.descriptionLength}
            />
            <Group justify="flex-end" gap="xs">
              <Button
                size="sm"
                variant="light"
                color="orange"
                leftSection={<IconMessageReport size={16} aria-hidden />}
                loading={approval.isLoading && pending === 'changes_requested'}
                disabled={approval.isLoading && pending !== 'changes_requested'}
                onClick={() => void handleDecision('changes_requested')}
              >
                Request changes
              </Button>
              <Button
                type="submit"
                size="sm"
                color="teal"
                leftSection={<IconThumbUp size={16} aria-hidden />}
                loading={approval.isLoading && pending === 'approved'}
                disabled={approval.isLoading && pending !== 'approved'}
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
