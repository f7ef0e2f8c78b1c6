import {
  type CreateThreadBody,
  type MessageBody,
  milestoneLimits,
  type Thread,
  type ThreadMessage,
  type ThreadMessagePage,
  type ThreadMessagesQuery,
} from '@deckvalid/contract/milestones';
import { pageMeta } from '@deckvalid/contract/pagination';
import type { UploadKind, UploadTicket, UploadTicketQuery } from '@deckvalid/contract/uploads';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { type ChangeOutcome, lockedTask, type MilestoneGate, notFoundAs } from './milestone-gate';
import {
  audienceOfNewThread,
  canChangeMessage,
  canChangeThread,
  canDiscussMilestone,
  canSeeAudience,
  threadAudiencesOf,
} from './milestones.policy';
import type { MilestoneForCaller, MilestoneWriter } from './milestones.repository';
import type { MilestoneFiles } from './milestones.service';
import type {
  AttachmentFields,
  MessageRow,
  ThreadPlace,
  ThreadRow,
  ThreadsRepository,
  ThreadWriter,
} from './threads.repository';

/** The signed uploads that attachments go through (the storage module's UploadsService answers it). */
export type AttachmentStorage = {
  issueTicket(principal: Principal, kind: UploadKind, query: UploadTicketQuery): Promise<UploadTicket>;
  /** The file's size and type once it proves to be an upload of `kind` by this account; 404 / 400 / 415 otherwise. */
  checkUploaded(principal: Principal, kind: UploadKind, key: string): Promise<{ size: number; contentType: string }>;
  /** A short-lived signed URL: only for callers who passed the read check. */
  downloadUrl(key: string): Promise<string>;
  /** Deletes the file and its upload record. */
  forget(key: string): Promise<void>;
};

const threadNotFound = () => new AppError('NOT_FOUND', 'This thread does not exist.');
const messageNotFound = () => new AppError('NOT_FOUND', 'This message does not exist.');

// A member who can read the thread sees whose it is, so a 404 would be a pretence: they get a 403
// that says who may (like a closed chat room). Non-members get the 404 of a missing object.
const notYourThread = () =>
  new AppError('FORBIDDEN', 'Only whoever started this thread, or the milestone’s founder, can rename or delete it.');
const notYourMessage = () => new AppError('FORBIDDEN', 'Only the author of a message can edit or delete it.');
const notYourAudience = (principal: Principal) =>
  new AppError(
    'FORBIDDEN',
    principal.role === 'mentor'
      ? 'Your threads on a milestone are with its founder and their mentors.'
      : 'Your threads on a milestone are with its founder and its investors.',
  );

const person = (id: string | null, name: string | null, role: ThreadRow['createdByRole']) =>
  id && name && role ? { id, name, role } : null;

function toThread(row: ThreadRow): Thread {
  return {
    id: row.id,
    milestoneId: row.milestoneId,
    taskId: row.taskId,
    title: row.title,
    createdBy: person(row.createdById, row.createdByName, row.createdByRole),
    audience: row.audience,
    messageCount: row.messageCount,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether an edit changes anything: the text, or the files (their keys, names or order). */
const isSameMessage = (before: MessageRow, body: MessageBody) =>
  before.text === body.text &&
  before.attachments.length === body.attachments.length &&
  before.attachments.every(
    (file, index) => file.key === body.attachments[index]?.key && file.name === body.attachments[index]?.name,
  );

/**
 * Threads on a milestone or its tasks, and their messages with attachments. The milestone's
 * founder and its accepted investors discuss alike (`canDiscussMilestone`); a thread is renamed or
 * deleted by its starter or the founder, a message changed only by its author. Every change goes
 * through the gate (lock, one activity, one event); files leave storage after the commit that
 * dropped them.
 */
export class ThreadsService {
  constructor(
    private readonly repo: ThreadsRepository,
    private readonly gate: MilestoneGate,
    private readonly files: AttachmentStorage,
  ) {}

  /** A signed upload for a message's attachment: any founder or investor may hold one (rate-limited by storage). */
  async uploadTicket(principal: Principal, query: UploadTicketQuery): Promise<UploadTicket> {
    return this.files.issueTicket(principal, 'attachment', query);
  }

  async listForMilestone(principal: Principal, milestoneId: string): Promise<Thread[]> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    return (await this.repo.findThreads(milestone.id, null, threadAudiencesOf(principal))).map(toThread);
  }

  async listForTask(principal: Principal, taskId: string): Promise<Thread[]> {
    const milestone = await this.gate.requireReadableTask(principal, taskId);
    return (await this.repo.findThreads(milestone.id, taskId, threadAudiencesOf(principal))).map(toThread);
  }

  /** A thread on the milestone itself. */
  async createOnMilestone(principal: Principal, milestoneId: string, body: CreateThreadBody): Promise<Thread> {
    const milestone = await this.gate.require(principal, milestoneId, canDiscussMilestone);
    return this.create(principal, milestone, null, body);
  }

  /** A thread on one of the milestone's tasks. */
  async createOnTask(principal: Principal, taskId: string, body: CreateThreadBody): Promise<Thread> {
    const milestone = await this.gate.requireTask(principal, taskId, canDiscussMilestone);
    return this.create(principal, milestone, taskId, body);
  }

  async rename(principal: Principal, threadId: string, title: string): Promise<Thread> {
    await this.changeThread(principal, threadId, async (threads, thread, stage) => {
      if (thread.title === title) return { result: undefined, activity: null };
      await threads.renameThread(thread.id, title);
      return {
        result: undefined,
        activity: {
          action: 'thread.renamed',
          audience: thread.audience,
          taskId: thread.taskId,
          stage,
          oldValue: { threadId, title: thread.title },
          newValue: { threadId, title },
        },
      };
    });
    return this.describeThread(threadId);
  }

  /** Deletes the thread with its messages; their files leave storage once that has committed. */
  async remove(principal: Principal, threadId: string): Promise<void> {
    const keys = await this.changeThread(principal, threadId, async (threads, thread, stage) => {
      const doomed = await threads.findAttachmentKeys(thread.id);
      await threads.deleteThread(thread.id);
      return {
        result: doomed,
        activity: {
          action: 'thread.deleted',
          audience: thread.audience,
          taskId: thread.taskId,
          stage,
          oldValue: { threadId, title: thread.title, messageCount: thread.messageCount },
        },
      };
    });
    await this.forget(keys);
  }

  /** A page of the thread's messages, newest first, with signed addresses of their files. */
  async listMessages(principal: Principal, threadId: string, query: ThreadMessagesQuery): Promise<ThreadMessagePage> {
    const place = await this.repo.findPlaceOfThread(threadId);
    if (!place || !canSeeAudience(principal, place.audience)) throw threadNotFound();
    await this.gate.requireReadable(principal, place.milestoneId).catch(notFoundAs(threadNotFound));
    const { rows, total } = await this.repo.findMessagesPage(threadId, query);
    return { data: await Promise.all(rows.map((row) => this.toMessage(row))), meta: pageMeta(query, total) };
  }

  async post(principal: Principal, threadId: string, body: MessageBody): Promise<ThreadMessage> {
    const milestone = await this.requireThreadMilestone(principal, threadId);
    // Storage is checked before the lock (it reads the files); whose and what they are cannot change.
    const checked = await this.checkFiles(principal, body, new Set());
    const messageId = await this.gate.changeAs(canDiscussMilestone, principal, milestone, async (writer) => {
      const threads = this.repo.writerFor(writer);
      const thread = await threads.findThread(threadId);
      if (!thread) throw threadNotFound();
      if ((await threads.countMessages(threadId)) >= milestoneLimits.messagesPerThread) {
        throw new AppError(
          'CONFLICT',
          `A thread holds at most ${milestoneLimits.messagesPerThread.toLocaleString('en')} messages. Start a new thread.`,
        );
      }
      await this.requireUnusedKeys(threads, checked);
      const id = await threads.insertMessage(threadId, principal.accountId, body.text, checked);
      return {
        result: id,
        activity: {
          action: 'message.posted',
          audience: thread.audience,
          taskId: thread.taskId,
          stage: await this.stageOf(writer, thread),
          newValue: { threadId, messageId: id, attachments: checked.length },
        },
      };
    });
    return this.describeMessage(messageId);
  }

  /**
   * PATCH by the author: replaces the text and the list of files. Files kept are named by their
   * keys; new ones are checked like a POST's; files left out leave storage after the commit.
   */
  async edit(principal: Principal, messageId: string, body: MessageBody): Promise<ThreadMessage> {
    const { milestone, message } = await this.requireOwnMessage(principal, messageId);
    const kept = new Set(message.attachments.map((file) => file.key));
    const checked = await this.checkFiles(principal, body, kept);
    const dropped = await this.gate.changeAs(canDiscussMilestone, principal, milestone, async (writer) => {
      const threads = this.repo.writerFor(writer);
      const before = await threads.findMessage(messageId);
      if (!before) throw messageNotFound();
      if (isSameMessage(before, body)) return { result: [], activity: null };
      const storedBefore = new Map(before.attachments.map((file) => [file.key, file]));
      const fresh = checked.filter((file) => !storedBefore.has(file.key));
      // A file read as kept before the lock but removed meanwhile by another edit of the author's.
      if (body.attachments.some((ref) => !storedBefore.has(ref.key) && !fresh.some((file) => file.key === ref.key))) {
        throw new AppError('CONFLICT', 'This message changed meanwhile. Reload it and edit it again.');
      }
      await this.requireUnusedKeys(threads, fresh);
      const attachments = body.attachments.map((ref): AttachmentFields => {
        const stored = storedBefore.get(ref.key);
        const file = stored ?? fresh.find((candidate) => candidate.key === ref.key);
        if (!file) throw new Error(`attachment ${ref.key} was neither kept nor checked`);
        return { key: ref.key, name: ref.name, contentType: file.contentType, size: file.size };
      });
      await threads.updateMessage(messageId, body.text, attachments);
      const thread = await threads.findThread(before.threadId);
      if (!thread) throw messageNotFound();
      return {
        result: before.attachments
          .map((file) => file.key)
          .filter((key) => !body.attachments.some((ref) => ref.key === key)),
        activity: {
          action: 'message.edited',
          audience: thread.audience,
          taskId: thread.taskId,
          stage: await this.stageOf(writer, thread),
          oldValue: { threadId: thread.id, messageId, attachments: before.attachments.length },
          newValue: { threadId: thread.id, messageId, attachments: attachments.length },
        },
      };
    });
    await this.forget(dropped);
    return this.describeMessage(messageId);
  }

  /** DELETE by the author: the message goes, and its files leave storage once that has committed. */
  async removeMessage(principal: Principal, messageId: string): Promise<void> {
    const { milestone } = await this.requireOwnMessage(principal, messageId);
    const keys = await this.gate.changeAs(canDiscussMilestone, principal, milestone, async (writer) => {
      const threads = this.repo.writerFor(writer);
      const message = await threads.findMessage(messageId);
      if (!message) throw messageNotFound();
      const thread = await threads.findThread(message.threadId);
      if (!thread) throw messageNotFound();
      await threads.deleteMessage(messageId);
      return {
        result: message.attachments.map((file) => file.key),
        activity: {
          action: 'message.deleted',
          audience: thread.audience,
          taskId: thread.taskId,
          stage: await this.stageOf(writer, thread),
          oldValue: { threadId: thread.id, messageId, attachments: message.attachments.length },
        },
      };
    });
    await this.forget(keys);
  }

  /** MilestoneFiles for a permanent delete: the keys are read under its lock, forgotten after its commit. */
  readonly milestoneFiles: MilestoneFiles = {
    keysOf: (writer) => this.repo.writerFor(writer).findAttachmentKeys(),
    forget: (keys) => this.forget(keys),
  };

  private async create(
    principal: Principal,
    milestone: MilestoneForCaller,
    taskId: string | null,
    { title, audience: requested }: CreateThreadBody,
  ): Promise<Thread> {
    const audience = audienceOfNewThread(principal, requested);
    if (!audience) throw notYourAudience(principal);
    const threadId = await this.gate.changeAs(canDiscussMilestone, principal, milestone, async (writer) => {
      const stage = taskId ? (await lockedTask(writer, taskId)).stage : null;
      const threads = this.repo.writerFor(writer);
      if ((await threads.countThreads()) >= milestoneLimits.threadsPerMilestone) {
        throw new AppError('CONFLICT', `A milestone holds at most ${milestoneLimits.threadsPerMilestone} threads.`);
      }
      const id = await threads.insertThread({ taskId, title, audience, createdById: principal.accountId });
      return {
        result: id,
        activity: { action: 'thread.created', audience, taskId, stage, newValue: { threadId: id, title } },
      };
    });
    return this.describeThread(threadId);
  }

  /**
   * A thread's milestone if the caller may post there: a thread of their audience on a milestone
   * they may discuss. The thread's 404 otherwise, so a thread of the other audience reads as missing.
   */
  private async requireThreadMilestone(principal: Principal, threadId: string): Promise<MilestoneForCaller> {
    const place = await this.repo.findPlaceOfThread(threadId);
    return this.requirePlace(principal, place, threadNotFound);
  }

  private async requirePlace(
    principal: Principal,
    place: ThreadPlace | undefined,
    notFound: () => AppError,
  ): Promise<MilestoneForCaller> {
    if (!place || !canSeeAudience(principal, place.audience)) throw notFound();
    return this.gate.require(principal, place.milestoneId, canDiscussMilestone).catch(notFoundAs(notFound));
  }

  /** A change of a thread by its starter or the founder, with the thread as locked and its task's stage. */
  private async changeThread<Result>(
    principal: Principal,
    threadId: string,
    work: (
      threads: ThreadWriter,
      thread: ThreadRow,
      stage: Awaited<ReturnType<ThreadsService['stageOf']>>,
    ) => Promise<ChangeOutcome<Result>>,
  ): Promise<Result> {
    const milestone = await this.requireThreadMilestone(principal, threadId);
    return this.gate.changeAs(canDiscussMilestone, principal, milestone, async (writer) => {
      const threads = this.repo.writerFor(writer);
      const thread = await threads.findThread(threadId);
      if (!thread) throw threadNotFound();
      if (!canChangeThread(principal, milestone, thread)) throw notYourThread();
      return work(threads, thread, await this.stageOf(writer, thread));
    });
  }

  /** A message the caller wrote, with its milestone; 404 for non-members, 403 for a member's message not theirs. */
  private async requireOwnMessage(principal: Principal, messageId: string) {
    const milestone = await this.requirePlace(
      principal,
      await this.repo.findPlaceOfMessage(messageId),
      messageNotFound,
    );
    const message = await this.repo.findMessage(messageId);
    if (!message) throw messageNotFound();
    if (!canChangeMessage(principal, milestone, message)) throw notYourMessage();
    return { milestone, message };
  }

  /** The stage of the thread's task (for the log line); null for a thread on the milestone. */
  private async stageOf(writer: MilestoneWriter, thread: Pick<ThreadRow, 'taskId'>) {
    return thread.taskId ? (await lockedTask(writer, thread.taskId)).stage : null;
  }

  /** Checks every file of `body` not in `kept` against storage: the caller's own attachment upload, really there. */
  private async checkFiles(principal: Principal, body: MessageBody, kept: ReadonlySet<string>) {
    const fresh = body.attachments.filter((ref) => !kept.has(ref.key));
    const checked: AttachmentFields[] = [];
    for (const ref of fresh) {
      const stored = await this.files.checkUploaded(principal, 'attachment', ref.key);
      checked.push({ key: ref.key, name: ref.name, ...stored });
    }
    return checked;
  }

  /** 409 when a file is attached to another message already: each file belongs to one message. */
  private async requireUnusedKeys(threads: ThreadWriter, files: readonly AttachmentFields[]): Promise<void> {
    const used = await threads.findUsedKeys(files.map((file) => file.key));
    if (used.length > 0) {
      throw new AppError('CONFLICT', 'That file is attached to another message already. Upload it again.', {
        keys: used,
      });
    }
  }

  /** After a commit: deletes files no message carries any more. */
  private async forget(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.files.forget(key);
  }

  private async describeThread(threadId: string): Promise<Thread> {
    const row = await this.repo.findThread(threadId);
    if (!row) throw threadNotFound();
    return toThread(row);
  }

  private async describeMessage(messageId: string): Promise<ThreadMessage> {
    const row = await this.repo.findMessage(messageId);
    if (!row) throw messageNotFound();
    return this.toMessage(row);
  }

  /** The answer for a caller who passed the read check: only then are files' addresses signed. */
  private async toMessage(row: MessageRow): Promise<ThreadMessage> {
    return {
      id: row.id,
      threadId: row.threadId,
      author: person(row.authorId, row.authorName, row.authorRole),
      text: row.text,
      attachments: await Promise.all(
        row.attachments.map(async (file) => ({
          key: file.key,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          url: await this.files.downloadUrl(file.key),
        })),
      ),
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
    };
  }
}
