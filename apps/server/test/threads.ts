import {
  investorMilestonePaths,
  type MessageBody,
  mentorMilestonePaths,
  milestonePaths,
  type Thread,
  type ThreadAudience,
  type ThreadMessage,
} from '@deckvalid/contract/milestones';
import { expect } from 'vitest';
import type { SignedUp } from './accounts';
import { callAs, type TestContext } from './build';
import { uploadFile } from './decks';
import { shareMilestone } from './milestones';

/** A 1×1 PNG's first bytes: enough for the storage's type check. */
export const pngBytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * The thread paths of `caller`'s side: founders' under /api/v1/milestones, investors' under
 * /api/v1/investors, mentors' under /api/v1/mentors.
 */
export function pathsOf(caller: SignedUp) {
  if (caller.user.role === 'investor') return investorMilestonePaths;
  if (caller.user.role === 'mentor') return mentorMilestonePaths;
  return milestonePaths;
}

/** Uploads an attachment through `caller`'s own signed-upload ticket; answers its key. */
export async function uploadAttachment(
  ctx: TestContext,
  caller: SignedUp,
  bytes: Buffer = pngBytes,
  fileType = 'image/png',
): Promise<string> {
  const { ticket, put } = await uploadFile(ctx, caller, bytes, {
    fileType,
    ticketUrl: pathsOf(caller).attachmentUpload,
  });
  expect(put.statusCode, put.body).toBe(200);
  return ticket.key;
}

/** A thread on a milestone (`{ milestoneId }`) or on a task (`{ taskId }`), started by `caller`. */
export async function createThread(
  ctx: TestContext,
  caller: SignedUp,
  on: { milestoneId: string } | { taskId: string },
  title = 'Customs paperwork',
  audience?: ThreadAudience,
): Promise<Thread> {
  const paths = pathsOf(caller);
  const url = 'taskId' in on ? paths.taskThreads(on.taskId) : paths.threads(on.milestoneId);
  const reply = await callAs(ctx, caller, 'POST', url, { title, ...(audience ? { audience } : {}) });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().thread as Thread;
}

export async function postMessage(
  ctx: TestContext,
  caller: SignedUp,
  threadId: string,
  body: Partial<MessageBody> = { text: 'The forms went out today.' },
): Promise<ThreadMessage> {
  const reply = await callAs(ctx, caller, 'POST', pathsOf(caller).messages(threadId), body);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().message as ThreadMessage;
}

/** The threads and messages the authorisation table acts on, on `milestoneId` and its `taskId`. */
export type ThreadFixtures = {
  /** Started by the founder on the task; the investor's is on the milestone. */
  threadId: string;
  investorThreadId: string;
  disposableThreadId: string;
  investorDisposableThreadId: string;
  /** Messages of `threadId`, one each by the founder and the investor, and one each the table deletes. */
  messageId: string;
  investorMessageId: string;
  disposableMessageId: string;
  investorDisposableMessageId: string;
  /** The founder's `attachment` upload, for submitting a deliverable as a file. */
  deliverableFileKey: string;
};

export async function threadFixtures(
  ctx: TestContext,
  founder: SignedUp,
  investor: SignedUp,
  { milestoneId, taskId }: { milestoneId: string; taskId: string },
): Promise<ThreadFixtures> {
  const thread = await createThread(ctx, founder, { taskId });
  const message = async (caller: SignedUp) => (await postMessage(ctx, caller, thread.id)).id;
  return {
    threadId: thread.id,
    investorThreadId: (await createThread(ctx, investor, { milestoneId })).id,
    disposableThreadId: (await createThread(ctx, founder, { milestoneId })).id,
    investorDisposableThreadId: (await createThread(ctx, investor, { taskId })).id,
    messageId: await message(founder),
    investorMessageId: await message(investor),
    disposableMessageId: await message(founder),
    investorDisposableMessageId: await message(investor),
    deliverableFileKey: await uploadAttachment(ctx, founder, Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf'),
  };
}

/** The threads with the mentors the authorisation table acts on, on a milestone shared with `mentor`. */
export type MentorThreadFixtures = {
  /** Started by the founder with the mentors on the task; the mentor writes in it. */
  mentorThreadId: string;
  /** Started by the mentor: one the table renames, one it deletes. */
  mentorOwnThreadId: string;
  mentorDisposableThreadId: string;
  /** The mentor's messages of `mentorThreadId`: one the table edits, one it deletes. */
  mentorMessageId: string;
  mentorDisposableMessageId: string;
};

export async function mentorThreadFixtures(
  ctx: TestContext,
  founder: SignedUp,
  mentor: SignedUp,
  { milestoneId, taskId }: { milestoneId: string; taskId: string },
): Promise<MentorThreadFixtures> {
  await shareMilestone(ctx, founder, milestoneId, mentor.user.id);
  const thread = await createThread(ctx, founder, { taskId }, 'Pricing page', 'mentors');
  return {
    mentorThreadId: thread.id,
    mentorOwnThreadId: (await createThread(ctx, mentor, { milestoneId }, 'Pilot terms')).id,
    mentorDisposableThreadId: (await createThread(ctx, mentor, { taskId }, 'Drop')).id,
    mentorMessageId: (await postMessage(ctx, mentor, thread.id)).id,
    mentorDisposableMessageId: (await postMessage(ctx, mentor, thread.id)).id,
  };
}
