import {
  acceptBlockedReason,
  type Deliverable,
  deliverableBodySchema,
  milestoneLimits,
  requestChangesBodySchema,
} from '@deckvalid/contract/milestones';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconExternalLink,
  IconMessageReport,
  IconPlus,
  IconRotate,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatFileSize } from '@/shared/api/upload-file';
import { formatDateTime } from '@/shared/lib/format-date';
import { deliverableStatusDisplay } from '../milestone-format';
import {
  useAcceptDeliverableMutation,
  useCreateDeliverableMutation,
  useRequestDeliverableChangesMutation,
  useTaskDeliverablesQuery,
  useUndoAcceptDeliverableMutation,
  useUpdateDeliverableMutation,
} from '../tasks-api';
import { DeliverableSubmitForm } from './deliverable-submit-form';

type DeliverablesProps = {
  milestoneId: string;
  taskId: string;
  role: MilestoneRole;
  /** Founders of an editable milestone add, edit and submit; investors accept submitted ones. */
  canEdit: boolean;
};

/** The first message of the contract's refusal, keyed by field. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!(key in problems)) problems[key] = issue.message;
  }
  return problems;
}

/** Title and description of a deliverable: adding one, or editing one not accepted yet. */
function DeliverableForm({
  initial,
  submitLabel,
  isSaving,
  onSave,
  onCancel,
}: {
  initial: { title: string; description: string };
  submitLabel: string;
  isSaving: boolean;
  onSave: (body: { title: string; description: string }) => Promise<string | null>;
  onCancel: (() => void) | null;
}) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = deliverableBodySchema.safeParse({ title, description });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues));
      return;
    }
    const problem = await onSave(parsed.data);
    if (problem) {
      setProblems({ form: problem });
      return;
    }
    setProblems({});
    setTitle(initial.title);
    setDescription(initial.description);
  };

  return (
    <form onSubmit={handleSubmit} aria-label={submitLabel} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Deliverable title"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={problems.title}
          maxLength={milestoneLimits.titleLength}
        />
        <Textarea
          label="Deliverable description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={problems.description}
          maxLength={milestoneLimits.descriptionLength}
        />
        {problems.form ? (
          <Text fz="sm" c="red.7" role="alert">
            {problems.form}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="xs" variant="light" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeliverableItem({
  milestoneId,
  deliverable,
  role,
  canEdit,
}: {
  milestoneId: string;
  deliverable: Deliverable;
  role: MilestoneRole;
  canEdit: boolean;
}) {
  const [updateDeliverable, update] = useUpdateDeliverableMutation();
  const [acceptDeliverable, acceptance] = useAcceptDeliverableMutation();
  const [undoAccept, undoing] = useUndoAcceptDeliverableMutation();
  const [isConfirmingAccept, setConfirmingAccept] = useState(false);
  // Set by this tab's own acceptance: Undo shows until the server's deadline (acceptUndoableUntil).
  const [undoUntil, setUndoUntil] = useState<number | null>(null);
  const acceptReasonId = useId();
  const [requestChanges, changeRequest] = useRequestDeliverableChangesMutation();
  const [isEditing, setEditing] = useState(false);
  const [isRequesting, setRequesting] = useState(false);
  const [changesComment, setChangesComment] = useState('');
  const [changesProblem, setChangesProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const status = deliverableStatusDisplay[deliverable.status];
  const isSettled = deliverable.status === 'accepted';
  const canFounderChange = role === 'founder' && canEdit && !isSettled;

  useEffect(() => {
    if (undoUntil === null) return;
    const timer = setTimeout(() => setUndoUntil(null), Math.max(0, undoUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [undoUntil]);

  const handleAccept = async () => {
    setProblem(null);
    setConfirmingAccept(false);
    const result = await acceptDeliverable({ milestoneId, deliverableId: deliverable.id });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    const until = result.data.acceptUndoableUntil;
    setUndoUntil(until ? new Date(until).getTime() : null);
    notifications.show({
      color: 'teal',
      message: `You accepted “${deliverable.title}”. You can undo that for a minute.`,
    });
  };

  const handleUndoAccept = async () => {
    setProblem(null);
    const result = await undoAccept({ milestoneId, deliverableId: deliverable.id });
    setUndoUntil(null);
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    notifications.show({ color: 'gray', message: `“${deliverable.title}” is no longer accepted.` });
  };

  const handleRequestChanges = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestChangesBodySchema.safeParse({ comment: changesComment });
    if (!parsed.success) {
      setChangesProblem(parsed.error.issues[0]?.message ?? 'Say what should change.');
      return;
    }
    const result = await requestChanges({ milestoneId, deliverableId: deliverable.id, comment: parsed.data.comment });
    if ('error' in result) {
      const apiProblem = describeApiError(result.error);
      setChangesProblem(apiProblem.fieldErrors.comment ?? apiProblem.message);
      return;
    }
    setRequesting(false);
    setChangesComment('');
    setChangesProblem(null);
    notifications.show({ color: 'orange', message: `You sent “${deliverable.title}” back with your comment.` });
  };

  const canReview =
    role === 'investor' && (deliverable.status === 'submitted' || deliverable.status === 'changes_requested');
  // Sent back, it waits for something new: the button stays, disabled, with the server's reason.
  const acceptRefusal = acceptBlockedReason(deliverable);
  const canUndoAccept = role === 'investor' && deliverable.status === 'accepted' && undoUntil !== null;
  const request = deliverable.changesRequested;

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={deliverable.title} data-status={deliverable.status}>
      {isEditing ? (
        <DeliverableForm
          initial={{ title: deliverable.title, description: deliverable.description }}
          submitLabel="Save deliverable"
          isSaving={update.isLoading}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            const result = await updateDeliverable({ milestoneId, deliverableId: deliverable.id, body });
            if ('error' in result) return describeApiError(result.error).message;
            setEditing(false);
            return null;
          }}
        />
      ) : (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {deliverable.title}
            </Text>
            <Badge color={status.color} variant="light" tt="none" data-testid="deliverable-status">
              {status.label}
            </Badge>
          </Group>
          {deliverable.description ? (
            <Text fz="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {deliverable.description}
            </Text>
          ) : null}
          {deliverable.url ? (
            <Group gap={6} wrap="nowrap" fz="sm">
              <IconExternalLink size={15} aria-hidden style={{ flex: 'none' }} />
              {/* http(s) only (webUrlSchema on both sides); a new tab without access to this one. */}
              <Anchor href={deliverable.url} target="_blank" rel="noopener noreferrer" fz="sm" truncate="end">
                {deliverable.url}
              </Anchor>
            </Group>
          ) : null}
          {deliverable.file ? (
            <Group gap={6} wrap="nowrap" fz="sm" data-testid="deliverable-file">
              <IconDownload size={15} aria-hidden style={{ flex: 'none' }} />
              {/* A signed address, valid for 15 minutes: the drawer re-reads on every change. */}
              <Anchor
                href={deliverable.file.url}
                target="_blank"
                rel="noopener noreferrer"
                download={deliverable.file.name}
                fz="sm"
                truncate="end"
              >
                {deliverable.file.name}
              </Anchor>
              <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>
                {formatFileSize(deliverable.file.size)}
              </Text>
            </Group>
          ) : null}
          {deliverable.submittedAt ? (
            <Text fz="xs" c="dimmed">
              Submitted {formatDateTime(deliverable.submittedAt)}
            </Text>
          ) : null}
          {deliverable.acceptedAt ? (
            <Text fz="xs" c="teal.8">
              Accepted by {deliverable.acceptedBy?.name ?? 'a former investor'} on{' '}
              {formatDateTime(deliverable.acceptedAt)}
            </Text>
          ) : null}
          {request && deliverable.status !== 'accepted' ? (
            <Alert
              color={deliverable.status === 'changes_requested' ? 'orange' : 'gray'}
              variant="light"
              p="xs"
              data-testid="deliverable-changes-requested"
              title={
                deliverable.status === 'changes_requested'
                  ? `${request.by?.name ?? 'An investor'} asked for changes`
                  : `Earlier, ${request.by?.name ?? 'an investor'} asked for changes`
              }
            >
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {request.comment}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(request.at)}
              </Text>
            </Alert>
          ) : null}
          {problem ? (
            <Text fz="sm" c="red.7" role="alert">
              {problem}
            </Text>
          ) : null}
          {canReview && isRequesting ? (
            <form onSubmit={handleRequestChanges} noValidate aria-label={`Request changes to ${deliverable.title}`}>
              <Stack gap="xs">
                <Textarea
                  label="What should change?"
                  autosize
                  minRows={2}
                  maxRows={6}
                  value={changesComment}
                  onChange={(event) => {
                    setChangesComment(event.currentTarget.value);
                    if (changesProblem) setChangesProblem(null);
                  }}
                  error={changesProblem}
                  maxLength={milestoneLimits.descriptionLength}
                  data-autofocus
                />
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setRequesting(false)}>
                    Back
                  </Button>
                  <Button type="submit" size="xs" color="orange" loading={changeRequest.isLoading}>
                    Send back
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : null}
          {canUndoAccept ? (
            <Group justify="flex-end" gap="xs" data-testid="deliverable-undo">
              <Text fz="xs" c="dimmed">
                Accepted just now.
              </Text>
              <Button
                size="xs"
                variant="light"
                color="gray"
                leftSection={<IconRotate size={14} aria-hidden />}
                loading={undoing.isLoading}
                onClick={() => void handleUndoAccept()}
              >
                Undo acceptance
              </Button>
            </Group>
          ) : null}
          {canReview && !isRequesting && isConfirmingAccept ? (
            <Paper withBorder p="xs" radius="sm" role="group" aria-label={`Confirm accepting ${deliverable.title}`}>
              <Text fz="sm">
                Accept “{deliverable.title}”? The founder is told at once; you can undo it for a minute.
              </Text>
              <Group justify="flex-end" gap="xs" mt="xs">
                <Button variant="default" size="xs" onClick={() => setConfirmingAccept(false)}>
                  Back
                </Button>
                <Button
                  size="xs"
                  color="teal"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  loading={acceptance.isLoading}
                  onClick={() => void handleAccept()}
                  data-autofocus
                >
                  Yes, accept
                </Button>
              </Group>
            </Paper>
          ) : null}
          {canReview && !isRequesting && !isConfirmingAccept ? (
            <Group justify="flex-end" gap="xs">
              {deliverable.status === 'submitted' ? (
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconMessageReport size={14} aria-hidden />}
                  onClick={() => setRequesting(true)}
                >
                  Request changes
                </Button>
              ) : null}
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} aria-hidden />}
                disabled={acceptRefusal !== null}
                aria-describedby={acceptRefusal ? acceptReasonId : undefined}
                onClick={() => setConfirmingAccept(true)}
              >
                Accept deliverable
              </Button>
            </Group>
          ) : null}
          {canReview && acceptRefusal ? (
            <Text fz="xs" c="dimmed" ta="right" id={acceptReasonId} data-testid="accept-blocked-reason">
              {acceptRefusal}
            </Text>
          ) : null}
          {canFounderChange ? (
            <Stack gap={4}>
              <DeliverableSubmitForm milestoneId={milestoneId} deliverable={deliverable} />
              <Group justify="flex-end">
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setEditing(true)}>
                  Edit deliverable
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * What the task promises to hand over: founders add deliverables and submit a link or a file for each,
 * investors accept submitted ones (which settles them). Status badge: draft, submitted, accepted.
 */
export function TaskDeliverablesSection({ milestoneId, taskId, role, canEdit }: DeliverablesProps) {
  const {
    data: deliverables,
    isLoading,
    isError,
    error,
    refetch,
  } = useTaskDeliverablesQuery({
    milestoneId,
    taskId,
    role,
  });
  const [createDeliverable, creation] = useCreateDeliverableMutation();
  const [isAdding, setAdding] = useState(false);

  if (isLoading) return <Loader size="sm" aria-label="Loading deliverables" />;
  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} p="xs">
        <Text fz="sm">{describeApiError(error).message}</Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const list = deliverables ?? [];
  return (
    <Stack gap="xs">
      {list.length > 0 ? (
        <Stack component="ul" gap="xs" aria-label="Deliverables" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((deliverable) => (
            <DeliverableItem
              key={deliverable.id}
              milestoneId={milestoneId}
              deliverable={deliverable}
              role={role}
              canEdit={canEdit}
            />
          ))}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          No deliverables yet.
        </Text>
      )}
      {role === 'founder' && canEdit ? (
        isAdding ? (
          <Paper withBorder radius="md" p="sm">
            <DeliverableForm
              initial={{ title: '', description: '' }}
              submitLabel="Add deliverable"
              isSaving={creation.isLoading}
              onCancel={() => setAdding(false)}
              onSave={async (body) => {
                const result = await createDeliverable({ milestoneId, taskId, body });
                if ('error' in result) return describeApiError(result.error).message;
                setAdding(false);
                return null;
              }}
            />
          </Paper>
        ) : (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add deliverable
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}
