import type { CommentRegion, DeckComment, DeckCommentReply } from '@deckvalid/contract/deck-comments';
import { deckCommentLimits } from '@deckvalid/contract/deck-comments';
import {
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconMessageCircle, IconSquareDashed } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { LoadProblem } from '@/shared/ui/load-problem';
import { MentionTextarea, TextWithMentions } from '@/shared/ui/mentions';
import {
  useCreateDeckCommentMutation,
  useDeckCommentsQuery,
  useDeckDiscussionPeopleQuery,
  useDeleteDeckCommentMutation,
  useEditDeckCommentMutation,
  useReopenDeckCommentMutation,
  useReplyToDeckCommentMutation,
  useResolveDeckCommentMutation,
} from '../feedback-api';
import { commentsOfVersion, describeRegion, regionsOnPage } from '../feedback-model';

/** The region being drawn for a new comment, told by the page that draws it on the viewer. */
export type RegionDraft = {
  isDrawing: boolean;
  region: CommentRegion | null;
  onToggleDrawing: () => void;
  onClear: () => void;
};

type CommentsPanelProps = {
  deckId: string;
  /** The version shown: its comments, by page, and the outdated ones of earlier versions. */
  version: number;
  /** The page in the viewer beside the panel ("Comment on this page" writes there); none without a viewer. */
  currentPage?: number;
  /** The signed-in account, whose own comments and replies may be edited and deleted. */
  viewerId: string;
  /** The comment form with its region, on the viewer's page (the mentor's deck page). */
  regionDraft?: RegionDraft;
  /**
   * Without a viewer beside it (the founder's Mentors tab): the version's pages, so the form asks
   * which page a new comment is about. Without this or `regionDraft` the panel reads, replies,
   * resolves and reopens.
   */
  pageCount?: number;
  /** The comment picked (on the page or here). */
  highlightedId: string | null;
  /** Show a comment on its page, its region highlighted. */
  onShow: (comment: DeckComment) => void;
};

/**
 * A deck's page comments between its founder and their mentors, for the version shown: grouped by
 * page, each with its replies and Resolve/Reopen, the author's own with Edit and Delete, and those
 * left on an earlier version (their page is gone) apart and labelled.
 */
export function CommentsPanel({
  deckId,
  version,
  currentPage,
  viewerId,
  regionDraft,
  pageCount,
  highlightedId,
  onShow,
}: CommentsPanelProps) {
  const comments = useDeckCommentsQuery(deckId);
  const all = comments.data;
  const grouped = all ? commentsOfVersion(all, version) : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="comments-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="comments-title">
            Comments on version {version}
          </Title>
          {grouped ? (
            <Badge variant="light" color={grouped.openCount ? 'indigo' : 'gray'} data-testid="open-comment-count">
              {grouped.openCount} open
            </Badge>
          ) : null}
        </Group>
        {regionDraft && currentPage !== undefined ? (
          <NewCommentForm
            deckId={deckId}
            version={version}
            viewerId={viewerId}
            page={currentPage}
            regionDraft={regionDraft}
          />
        ) : pageCount ? (
          <NewCommentForm key={version} deckId={deckId} version={version} viewerId={viewerId} pageCount={pageCount} />
        ) : null}
        {comments.isLoading ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the comments">
            <Skeleton h={72} radius="md" />
            <Skeleton h={72} radius="md" />
          </Stack>
        ) : !all || !grouped ? (
          <LoadProblem
            title="We couldn't load the comments"
            error={comments.error}
            onRetry={() => void comments.refetch()}
          />
        ) : grouped.pages.length === 0 && grouped.outdated.length === 0 ? (
          <EmptyState
            variant="light"
            size="sm"
            py="md"
            icon={<IconMessageCircle aria-hidden />}
            title="No comments yet"
            description={
              regionDraft
                ? `Nobody has commented on version ${version}. Write the first one above.`
                : `Your mentors haven't commented on version ${version} yet.`
            }
            data-testid="comments-empty"
          />
        ) : (
          <Stack gap="lg">
            {grouped.pages.map(({ page, comments: onPage }) => (
              <Stack gap="xs" key={page} component="section" aria-label={`Page ${page}`} data-testid="comment-page">
                <Title order={3} fz="sm" c={page === currentPage ? 'indigo.8' : undefined}>
                  Page {page}
                  {page === currentPage ? ' (shown)' : ''}
                </Title>
                {onPage.map((comment) => (
                  <CommentCard
                    key={comment.id}
                    deckId={deckId}
                    comment={comment}
                    regionNumber={regionNumberOf(all, comment)}
                    viewerId={viewerId}
                    isHighlighted={comment.id === highlightedId}
                    onShow={onShow}
                  />
                ))}
              </Stack>
            ))}
            {grouped.outdated.length > 0 ? (
              <Stack gap="xs" component="section" aria-label="Outdated comments" data-testid="outdated-comments">
                <Title order={3} fz="sm">
                  Outdated
                </Title>
                <Text fz="xs" c="dimmed">
                  Their page has no match in a newer version, so they stay on the version they were written on.
                </Text>
                {grouped.outdated.map((comment) => (
                  <CommentCard
                    key={comment.id}
                    deckId={deckId}
                    comment={comment}
                    regionNumber={null}
                    viewerId={viewerId}
                    isHighlighted={false}
                  />
                ))}
              </Stack>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function regionNumberOf(all: readonly DeckComment[], comment: DeckComment): number | null {
  if (!comment.region) return null;
  return regionsOnPage(all, comment.version, comment.page).findIndex((item) => item.id === comment.id) + 1;
}

/**
 * The deck's people (the founder and their mentors): all of them to mark mentions in a text,
 * and all but the writer for `@` to suggest.
 */
function useDiscussionPeople(deckId: string, viewerId: string) {
  const people = useDeckDiscussionPeopleQuery(deckId).data;
  return useMemo(() => {
    const all = people ?? [];
    return { all, mentionable: all.filter((person) => person.id !== viewerId) };
  }, [people, viewerId]);
}

type NewCommentFormProps = { deckId: string; version: number; viewerId: string } & (
  | { page: number; regionDraft: RegionDraft; pageCount?: never }
  | { pageCount: number; page?: never; regionDraft?: never }
);

/**
 * "Comment on this page": the page in the viewer, with a region drawn on it if the writer wants
 * one; without a viewer, the page picked here (a founder asking their mentors about a page).
 */
function NewCommentForm({ deckId, version, viewerId, page: viewerPage, regionDraft, pageCount }: NewCommentFormProps) {
  const [pickedPage, setPickedPage] = useState(1);
  const page = viewerPage ?? pickedPage;
  const [body, setBody] = useState('');
  const people = useDiscussionPeople(deckId, viewerId);
  const [create, creating] = useCreateDeckCommentMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setProblem('Write a comment.');
      return;
    }
    setProblem(null);
    try {
      await create({
        deckId,
        body: { version, page, region: regionDraft?.region ?? null, body: body.trim() },
      }).unwrap();
      setBody('');
      regionDraft?.onClear();
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  };
  return (
    <Box component="form" onSubmit={handleSubmit} noValidate data-testid="new-comment-form">
      <Stack gap="xs">
        {pageCount ? (
          <NumberInput
            label="Page"
            w={120}
            min={1}
            max={pageCount}
            clampBehavior="strict"
            allowDecimal={false}
            value={pickedPage}
            onChange={(value) => setPickedPage(typeof value === 'number' && value >= 1 ? value : 1)}
          />
        ) : null}
        <MentionTextarea
          label={`Comment on page ${page}`}
          description="Type @ to mention someone: they are told of it."
          people={people.mentionable}
          placeholder={
            regionDraft
              ? 'What should the founder look at on this page?'
              : 'What would you like your mentors to look at?'
          }
          autosize
          minRows={2}
          maxRows={8}
          maxLength={deckCommentLimits.bodyLength}
          value={body}
          onValueChange={setBody}
          error={problem ?? undefined}
        />
        {regionDraft ? (
          <Group gap="xs" wrap="wrap">
            <Button
              type="button"
              variant={regionDraft.isDrawing ? 'filled' : 'light'}
              color={regionDraft.isDrawing ? 'orange.9' : 'gray'}
              size="compact-sm"
              leftSection={<IconSquareDashed size={14} aria-hidden />}
              aria-pressed={regionDraft.isDrawing}
              onClick={regionDraft.onToggleDrawing}
            >
              {regionDraft.isDrawing ? 'Drag on the page…' : regionDraft.region ? 'Redraw the region' : 'Mark a region'}
            </Button>
            {regionDraft.region ? (
              <>
                <Text fz="xs" c="dimmed" data-testid="draft-region">
                  Region: {describeRegion(regionDraft.region)}
                </Text>
                <Button type="button" variant="subtle" size="compact-xs" onClick={regionDraft.onClear}>
                  Clear region
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={creating.isLoading}>
            Comment on this page
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

type CommentCardProps = {
  deckId: string;
  comment: DeckComment;
  /** The comment's number on its page's regions, when it marks one. */
  regionNumber: number | null;
  viewerId: string;
  isHighlighted: boolean;
  onShow?: (comment: DeckComment) => void;
};

function CommentCard({ deckId, comment, regionNumber, viewerId, isHighlighted, onShow }: CommentCardProps) {
  const target = { deckId, commentId: comment.id };
  const [resolve, resolving] = useResolveDeckCommentMutation();
  const [reopen, reopening] = useReopenDeckCommentMutation();
  const [reply, replying] = useReplyToDeckCommentMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [isReplying, setIsReplying] = useState(false);
  const [replyBody, setReplyBody] = useState('');
  const people = useDiscussionPeople(deckId, viewerId);
  const isResolved = comment.resolvedAt !== null;
  const run = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
      return true;
    } catch (error) {
      setProblem(describeApiError(error).message);
      return false;
    }
  };
  const handleReply = async (event: FormEvent) => {
    event.preventDefault();
    if (!replyBody.trim()) return setProblem('Write a reply.');
    if (await run(() => reply({ ...target, body: replyBody.trim() }).unwrap())) {
      setReplyBody('');
      setIsReplying(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={isHighlighted ? 'orange.0' : undefined}
      style={isHighlighted ? { borderColor: 'var(--mantine-color-orange-6)' } : undefined}
      component="article"
      aria-label={`Comment by ${comment.author.name}`}
      data-testid="deck-comment"
      data-comment-id={comment.id}
      data-resolved={isResolved || undefined}
    >
      <Stack gap={6}>
        <Entry
          entry={comment}
          deckId={deckId}
          viewerId={viewerId}
          commentId={comment.id}
          tags={
            regionNumber || comment.outdated || isResolved ? (
              <Group gap={6} wrap="wrap">
                {regionNumber ? (
                  <Badge size="sm" variant="outline" color="indigo" radius="sm">
                    Region {regionNumber}
                  </Badge>
                ) : null}
                {comment.outdated ? (
                  <Badge size="sm" variant="light" color="orange" radius="sm">
                    Outdated · version {comment.version}, page {comment.page}
                  </Badge>
                ) : null}
                {isResolved ? (
                  <Badge size="sm" variant="filled" color="teal.9" radius="sm" data-testid="comment-resolved">
                    Resolved{comment.resolvedBy ? ` by ${comment.resolvedBy.name}` : ''}
                  </Badge>
                ) : null}
              </Group>
            ) : null
          }
        />
        {comment.replies.length > 0 ? (
          <Stack gap={6} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
            {comment.replies.map((item) => (
              <Entry key={item.id} entry={item} deckId={deckId} viewerId={viewerId} commentId={item.id} isReply />
            ))}
          </Stack>
        ) : null}
        {isReplying ? (
          <Box component="form" onSubmit={handleReply} noValidate>
            <Stack gap={6}>
              <MentionTextarea
                label="Your reply"
                people={people.mentionable}
                autosize
                minRows={2}
                maxLength={deckCommentLimits.bodyLength}
                value={replyBody}
                onValueChange={setReplyBody}
                data-autofocus
              />
              <Group gap="xs" justify="flex-end">
                <Button type="button" variant="subtle" size="compact-sm" onClick={() => setIsReplying(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="compact-sm" loading={replying.isLoading}>
                  Send reply
                </Button>
              </Group>
            </Stack>
          </Box>
        ) : null}
        <FormErrorAlert message={problem} />
        <Group gap={2} wrap="wrap" ml={-8}>
          {onShow && !comment.outdated ? (
            <Button variant="subtle" size="compact-sm" onClick={() => onShow(comment)}>
              Show on page {comment.page}
            </Button>
          ) : null}
          {!isReplying ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setIsReplying(true)}>
              Reply
            </Button>
          ) : null}
          {isResolved ? (
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              loading={reopening.isLoading}
              onClick={() => void run(() => reopen(target).unwrap())}
            >
              Reopen
            </Button>
          ) : (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={resolving.isLoading}
              onClick={() => void run(() => resolve(target).unwrap())}
            >
              Resolve
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

type EntryProps = {
  entry: DeckComment | DeckCommentReply;
  deckId: string;
  viewerId: string;
  /** The id edited or deleted: the comment's own, or the reply's. */
  commentId: string;
  isReply?: boolean;
  /** Marks between the header and the text (region, outdated, resolved). */
  tags?: ReactNode;
};

/** Who wrote it and when, the text, and Edit/Delete on one's own. */
function Entry({ entry, deckId, viewerId, commentId, isReply = false, tags }: EntryProps) {
  const [edit, editing] = useEditDeckCommentMutation();
  const [remove, removing] = useDeleteDeckCommentMutation();
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(entry.body);
  const people = useDiscussionPeople(deckId, viewerId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isOwn = entry.author.id === viewerId;
  const what = isReply ? 'reply' : 'comment';

  const handleSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return setProblem(`Write a ${what}.`);
    try {
      await edit({ deckId, commentId, body: draft.trim() }).unwrap();
      setIsEditing(false);
      setProblem(null);
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  };
  const handleDelete = async () => {
    try {
      await remove({ deckId, commentId }).unwrap();
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  };

  return (
    <Stack gap={4} data-testid={isReply ? 'comment-reply' : undefined}>
      <Group gap={6} wrap="wrap" justify="space-between" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text fz="sm" fw={600}>
            {entry.author.name}
          </Text>
          <Badge size="xs" variant="light" color={entry.author.role === 'mentor' ? 'grape' : 'teal'} radius="sm">
            {entry.author.role === 'mentor' ? 'Mentor' : 'Founder'}
          </Badge>
          <Text fz="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
            {formatDateTime(entry.createdAt)}
            {entry.editedAt ? ' · edited' : ''}
          </Text>
        </Group>
        {isOwn && !isEditing && !isConfirmingDelete ? (
          <Group gap={4}>
            <UnstyledButton
              fz="xs"
              c="indigo.8"
              aria-label={`Edit your ${what}`}
              onClick={() => {
                setDraft(entry.body);
                setIsEditing(true);
              }}
            >
              Edit
            </UnstyledButton>
            <Text fz="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <UnstyledButton
              fz="xs"
              c="red.9"
              aria-label={`Delete your ${what}`}
              onClick={() => setIsConfirmingDelete(true)}
            >
              Delete
            </UnstyledButton>
          </Group>
        ) : null}
      </Group>
      {tags}
      {isEditing ? (
        <Box component="form" onSubmit={handleSave} noValidate>
          <Stack gap={6}>
            <MentionTextarea
              label={`Edit your ${what}`}
              people={people.mentionable}
              autosize
              minRows={2}
              maxLength={deckCommentLimits.bodyLength}
              value={draft}
              onValueChange={setDraft}
              error={problem ?? undefined}
            />
            <Group gap="xs" justify="flex-end">
              <Button type="button" variant="subtle" size="compact-sm" onClick={() => setIsEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="compact-sm" loading={editing.isLoading}>
                Save
              </Button>
            </Group>
          </Stack>
        </Box>
      ) : (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <TextWithMentions text={entry.body} people={people.mentionable} />
        </Text>
      )}
      {!isEditing && problem ? <FormErrorAlert message={problem} /> : null}
      {isOwn && !isEditing && isConfirmingDelete ? (
        <Group gap={4} wrap="wrap" role="group" aria-label={`Delete this ${what}?`}>
          <Text fz="xs">
            Delete this {what}
            {isReply ? '' : ' and its replies'}?
          </Text>
          <Button size="compact-xs" color="red" loading={removing.isLoading} onClick={() => void handleDelete()}>
            Delete
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setIsConfirmingDelete(false)}>
            Keep it
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
