import {
  type AttachmentRef,
  messageBodySchema,
  milestoneLimits,
  type Thread,
  type ThreadAudience,
  type ThreadMessage,
  threadBodySchema,
} from '@deckvalid/contract/milestones';
import { uploadKinds } from '@deckvalid/contract/uploads';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatFileSize } from '@/shared/api/upload-file';
import { useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { formatDateTime } from '@/shared/lib/format-date';
import {
  useAttachmentUploadTicketMutation,
  useCreateThreadMutation,
  useDeleteMessageMutation,
  useDeleteThreadMutation,
  useEditMessageMutation,
  usePostMessageMutation,
  useRenameThreadMutation,
  useThreadMessagesInfiniteQuery,
  useThreadsQuery,
} from '../threads-api';

export type ThreadsPanelProps = {
  milestoneId: string;
  /** The task whose threads to show; null for the milestone's own threads. */
  taskId: string | null;
  role: MilestoneRole;
  /** The signed-in account: its own threads and messages get their actions. */
  viewerId: string;
};

/** The first problem zod found, as a sentence for the person. */
const firstIssue = (error: { issues: { message: string }[] }, fallback: string) => error.issues[0]?.message ?? fallback;

function Problem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} p="xs" role="alert">
      <Text fz="sm">{message}</Text>
      {onRetry ? (
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * The discussion of a milestone or of one task: its threads, and one open thread's messages with
 * a composer. Both sides post; a thread is renamed or deleted by its starter or the founder, a
 * message by its author only (the server says the same: docs/milestones.md).
 */
export function ThreadsPanel({ milestoneId, taskId, role, viewerId }: ThreadsPanelProps) {
  const [openThreadId, setOpenThreadId] = useState<string | null>(null);
  const threads = useThreadsQuery({ role, milestoneId, taskId });
  const openThread = threads.data?.find((thread) => thread.id === openThreadId) ?? null;

  if (openThread) {
    return (
      <ThreadView
        thread={openThread}
        milestoneId={milestoneId}
        role={role}
        viewerId={viewerId}
        onBack={() => setOpenThreadId(null)}
      />
    );
  }
  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <NewThreadForm milestoneId={milestoneId} taskId={taskId} role={role} onCreated={setOpenThreadId} />
      {threads.isLoading ? <Loader size="sm" aria-label="Loading threads" /> : null}
      {threads.isError ? (
        <Problem message={describeApiError(threads.error).message} onRetry={() => void threads.refetch()} />
      ) : null}
      {threads.data && threads.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No threads yet. Start one to discuss {taskId ? 'this task' : 'this milestone'}.
        </Text>
      ) : null}
      {threads.data && threads.data.length > 0 ? (
        <Stack component="ul" gap="xs" aria-label="Threads" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {threads.data.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              milestoneId={milestoneId}
              role={role}
              canChange={role === 'founder' || thread.createdBy?.id === viewerId}
              onOpen={() => setOpenThreadId(thread.id)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function NewThreadForm({
  milestoneId,
  taskId,
  role,
  onCreated,
}: {
  milestoneId: string;
  taskId: string | null;
  role: MilestoneRole;
  onCreated: (threadId: string) => void;
}) {
  const [createThread, creation] = useCreateThreadMutation();
  const [title, setTitle] = useState('');
  const [audience, setAudience] = useState<ThreadAudience>('members');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = threadBodySchema.safeParse({ title });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error, 'Give the thread a title.'));
      return;
    }
    const result = await createThread({
      role,
      milestoneId,
      taskId,
      title: parsed.data.title,
      ...(role === 'founder' ? { audience } : {}),
    });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setTitle('');
    setProblem(null);
    onCreated(result.data.id);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      {role === 'founder' ? (
        // The founder talks to the investors and to the mentors apart: each side sees its own threads only.
        <SegmentedControl
          size="xs"
          mb="xs"
          aria-label="Start the thread with"
          value={audience}
          onChange={(value) => setAudience(value === 'mentors' ? 'mentors' : 'members')}
          data={[
            { value: 'members', label: 'With investors' },
            { value: 'mentors', label: 'With mentors' },
          ]}
        />
      ) : null}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label="New thread title"
          placeholder="Start a thread…"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={milestoneLimits.titleLength}
          error={problem}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" loading={creation.isLoading}>
          Start
        </Button>
      </Group>
    </form>
  );
}

function ThreadRow({
  thread,
  milestoneId,
  role,
  canChange,
  onOpen,
}: {
  thread: Thread;
  milestoneId: string;
  role: MilestoneRole;
  canChange: boolean;
  onOpen: () => void;
}) {
  const [renameThread, renaming] = useRenameThreadMutation();
  const [deleteThread, deleting] = useDeleteThreadMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const args = { role, milestoneId, threadId: thread.id };

  const handleRename = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = threadBodySchema.safeParse({ title: draft ?? '' });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error, 'Give the thread a title.'));
      return;
    }
    const result = await renameThread({ ...args, title: parsed.data.title });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setDraft(null);
    setProblem(null);
  };

  const handleDelete = async () => {
    const result = await deleteThread(args);
    if ('error' in result) setProblem(describeApiError(result.error).message);
    setIsConfirming(false);
  };

  return (
    <Paper component="li" withBorder p="xs" radius="sm">
      {draft !== null ? (
        <form onSubmit={handleRename} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label="Thread title"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={milestoneLimits.titleLength}
              style={{ flex: 1, minWidth: 0 }}
              autoFocus
            />
            <Button type="submit" size="xs" loading={renaming.isLoading}>
              Save
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor component="button" type="button" fw={600} fz="sm" onClick={onOpen} ta="left">
                {thread.title}
              </Anchor>
              {role === 'founder' && thread.audience === 'mentors' ? (
                <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
                  Mentors
                </Badge>
              ) : null}
            </Group>
            <Text c="dimmed" fz="xs">
              {thread.createdBy?.name ?? 'A former member'} · {thread.messageCount}{' '}
              {thread.messageCount === 1 ? 'message' : 'messages'}
              {thread.lastMessageAt ? ` · last ${formatDateTime(thread.lastMessageAt)}` : ''}
            </Text>
          </Stack>
          {canChange ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Rename “${thread.title}”`}
                onClick={() => setDraft(thread.title)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete “${thread.title}”`}
                onClick={() => setIsConfirming(true)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ) : null}
        </Group>
      )}
      {isConfirming ? (
        <Group gap="xs" mt="xs" wrap="wrap">
          <Text fz="sm">Delete this thread with its messages and files?</Text>
          <Button size="compact-sm" color="red" loading={deleting.isLoading} onClick={() => void handleDelete()}>
            Delete thread
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setIsConfirming(false)}>
            Keep it
          </Button>
        </Group>
      ) : null}
      {problem ? (
        <Text c="red" fz="xs" mt={4} role="alert">
          {problem}
        </Text>
      ) : null}
    </Paper>
  );
}

function ThreadView({
  thread,
  milestoneId,
  role,
  viewerId,
  onBack,
}: {
  thread: Thread;
  milestoneId: string;
  role: MilestoneRole;
  viewerId: string;
  onBack: () => void;
}) {
  const args = { role, milestoneId, threadId: thread.id };
  const feed = useThreadMessagesInfiniteQuery(args);
  // Pages come newest first; the conversation reads oldest at the top.
  const messages = (feed.data?.pages.flatMap((page) => page.data) ?? []).slice().reverse();

  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="Back to threads" onClick={onBack}>
          <IconArrowLeft size={18} aria-hidden />
        </ActionIcon>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {thread.title}
        </Text>
      </Group>
      {feed.hasNextPage ? (
        <Button variant="subtle" size="xs" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
          Show older messages
        </Button>
      ) : null}
      {feed.isLoading ? <Loader size="sm" aria-label="Loading messages" /> : null}
      {feed.isError ? (
        <Problem message={describeApiError(feed.error).message} onRetry={() => void feed.refetch()} />
      ) : null}
      {feed.data && messages.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No messages yet. Write the first one.
        </Text>
      ) : null}
      {messages.length > 0 ? (
        <Stack component="ul" gap="xs" aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              milestoneId={milestoneId}
              role={role}
              isOwn={message.author?.id === viewerId}
            />
          ))}
        </Stack>
      ) : null}
      <Composer milestoneId={milestoneId} threadId={thread.id} role={role} />
    </Stack>
  );
}

function AttachmentLinks({ message }: { message: ThreadMessage }) {
  if (message.attachments.length === 0) return null;
  return (
    <Stack gap={2}>
      {message.attachments.map((file) => (
        <Anchor key={file.key} href={file.url} target="_blank" rel="noopener noreferrer" fz="sm">
          <IconPaperclip size={14} aria-hidden /> {file.name} ({formatFileSize(file.size)})
        </Anchor>
      ))}
    </Stack>
  );
}

function MessageItem({
  message,
  milestoneId,
  role,
  isOwn,
}: {
  message: ThreadMessage;
  milestoneId: string;
  role: MilestoneRole;
  isOwn: boolean;
}) {
  const [editMessage, editing] = useEditMessageMutation();
  const [deleteMessage, deleting] = useDeleteMessageMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const args = { role, milestoneId, messageId: message.id };

  const handleSave = async () => {
    // The files stay as they are: an edit sends their keys back.
    const attachments: AttachmentRef[] = message.attachments.map(({ key, name }) => ({ key, name }));
    const parsed = messageBodySchema.safeParse({ text: draft ?? '', attachments });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error, 'Write a message.'));
      return;
    }
    const result = await editMessage({ ...args, body: parsed.data });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setDraft(null);
    setProblem(null);
  };

  const handleDelete = async () => {
    const result = await deleteMessage(args);
    if ('error' in result) setProblem(describeApiError(result.error).message);
    setIsConfirming(false);
  };

  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      aria-label={`Message from ${message.author?.name ?? 'a former member'}`}
    >
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fz="xs" c="dimmed">
          <Text span fw={600} fz="xs" c="var(--mantine-color-text)">
            {message.author?.name ?? 'A former member'}
          </Text>{' '}
          · {formatDateTime(message.createdAt)}
          {message.editedAt ? ' · edited' : ''}
        </Text>
        {isOwn && draft === null ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" size="sm" aria-label="Edit message" onClick={() => setDraft(message.text)}>
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label="Delete message"
              onClick={() => setIsConfirming(true)}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {draft !== null ? (
        <Stack gap={4} mt={4}>
          <Textarea
            aria-label="Edit message"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group gap="xs">
            <Button size="compact-sm" loading={editing.isLoading} onClick={() => void handleSave()}>
              Save
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          {message.text ? (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
          ) : null}
          <AttachmentLinks message={message} />
        </>
      )}
      {isConfirming ? (
        <Group gap="xs" mt="xs" wrap="wrap">
          <Text fz="sm">Delete this message{message.attachments.length > 0 ? ' and its files' : ''}?</Text>
          <Button size="compact-sm" color="red" loading={deleting.isLoading} onClick={() => void handleDelete()}>
            Delete message
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setIsConfirming(false)}>
            Keep it
          </Button>
        </Group>
      ) : null}
      {problem ? (
        <Text c="red" fz="xs" mt={4} role="alert">
          {problem}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Text and files; Ctrl+Enter (⌘+Enter on a Mac) sends. Files upload one at a time as they are picked. */
function Composer({ milestoneId, threadId, role }: { milestoneId: string; threadId: string; role: MilestoneRole }) {
  const [postMessage, posting] = usePostMessageMutation();
  const [requestTicket] = useAttachmentUploadTicketMutation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<(AttachmentRef & { size: number })[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useSignedUpload({
    kind: 'attachment',
    requestTicket: async (fileType, fileSize) => {
      const result = await requestTicket({ role, fileType, fileSize });
      if ('error' in result) return { problem: describeApiError(result.error).message };
      return { ticket: result.data };
    },
  });
  const isUploading = upload.state.phase === 'requesting' || upload.state.phase === 'uploading';
  const isFull = files.length >= milestoneLimits.attachmentsPerMessage;

  const handlePick = async (file: File | null) => {
    if (!file) return;
    const key = await upload.start(file);
    if (!key) return;
    // The message will name the key; the hook must not discard it on leave.
    upload.markUsed();
    setFiles((current) => [
      ...current,
      { key, name: file.name.slice(0, milestoneLimits.attachmentNameLength), size: file.size },
    ]);
    upload.reset();
  };

  const handleSend = async () => {
    const parsed = messageBodySchema.safeParse({ text, attachments: files.map(({ key, name }) => ({ key, name })) });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error, 'Write a message or attach a file.'));
      return;
    }
    const result = await postMessage({ role, milestoneId, threadId, body: parsed.data });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setText('');
    setFiles([]);
    setProblem(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!posting.isLoading && !isUploading) void handleSend();
    }
  };

  return (
    <Stack gap={4}>
      <Textarea
        aria-label="Message"
        placeholder="Write a message… (Ctrl+Enter sends)"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        autosize
        minRows={2}
        maxRows={5}
      />
      {files.length > 0 ? (
        <Stack gap={2} aria-label="Files to send">
          {files.map((file) => (
            <Group key={file.key} gap={4} wrap="nowrap">
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                <IconPaperclip size={14} aria-hidden /> {file.name} ({formatFileSize(file.size)})
              </Text>
              <CloseButton
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((candidate) => candidate.key !== file.key))}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
      {upload.state.phase === 'failed' && upload.state.problem ? (
        <Text c="red" fz="xs" role="alert">
          {upload.state.problem}
        </Text>
      ) : null}
      {problem ? (
        <Text c="red" fz="xs" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <FileButton onChange={(file) => void handlePick(file)} accept={uploadKinds.attachment.contentTypes.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              loading={isUploading}
              disabled={isFull}
            >
              Attach a file
            </Button>
          )}
        </FileButton>
        <Button size="xs" loading={posting.isLoading} disabled={isUploading} onClick={() => void handleSend()}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
