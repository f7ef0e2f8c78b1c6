import {
  type Activity,
  investorMilestonePaths,
  milestoneLimits,
  milestonePaths,
  type Thread,
  threadMessagePageSchema,
  threadMessageResponseSchema,
  threadResponseSchema,
  threadsResponseSchema,
} from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MilestoneChange } from '@/core/events';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { withdrawInterest } from '../../../test/chat';
import { expectContractShape } from '../../../test/contract-shape';
import { deckPdf, readyDeck, uploadFile } from '../../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';
import { createThread, pathsOf, pngBytes, postMessage, uploadAttachment } from '../../../test/threads';

/**
 * Threads and messages through the real app: the founder and the milestone's investors discuss
 * on the milestone and on its tasks; a thread is changed by its starter or the founder, a
 * message by its author only; attachments go through signed uploads, are served to members by
 * signed URLs and leave storage with their message, thread or milestone.
 */
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'user', 'Olga Other'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId);
});

afterAll(async () => {
  await ctx.close();
});

const activitiesOf = async (milestoneId: string) =>
  (await callAs(ctx, founder, 'GET', `${milestonePaths.activities(milestoneId)}?limit=100`)).json().data as Activity[];

const threadActions = async (milestoneId: string) =>
  (await activitiesOf(milestoneId))
    .map((row) => row.action)
    .filter((action) => action.startsWith('thread.') || action.startsWith('message.'));

/** Whether the storage still holds a file under `key`. */
const isStored = async (key: string) => (await ctx.app.services.storage.stat(key)) !== null;

const countRows = async (table: string) => Number((await ctx.sql(`select count(*)::int as n from ${table}`))[0]?.n);

async function taskOnNewMilestone() {
  const milestone = await createMilestone(ctx, founder, deckId);
  const task = await createTask(ctx, founder, milestone.id, { title: 'Customs clearance', stage: 'todo' });
  return { milestone, task };
}

describe('threads', () => {
  it('are started on a task and on the milestone by both sides, listed per place, each logged once', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const seen: (MilestoneChange & { taskId?: string })[] = [];
    const stops = [
      ctx.app.events.on('milestone.task-changed', (event) => void seen.push(event)),
      ctx.app.events.on('milestone.changed', (event) => void seen.push(event)),
    ];
    const created = await callAs(ctx, founder, 'POST', milestonePaths.taskThreads(task.id), {
      title: '  Customs forms  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expectContractShape(created.json(), threadResponseSchema);
    expect(created.json().thread).toMatchObject({
      milestoneId: milestone.id,
      taskId: task.id,
      title: 'Customs forms',
      createdBy: { id: founder.user.id, name: founder.user.name, role: 'user' },
      messageCount: 0,
      lastMessageAt: null,
    });
    const investorsTaskThread = await createThread(ctx, investor, { taskId: task.id }, 'Which broker?');
    const milestoneThread = await createThread(ctx, investor, { milestoneId: milestone.id }, 'Budget');
    const foundersMilestoneThread = await createThread(ctx, founder, { milestoneId: milestone.id }, 'Timeline');
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const stop of stops) stop();

    const onTask = await callAs(ctx, investor, 'GET', investorMilestonePaths.taskThreads(task.id));
    expect(onTask.statusCode).toBe(200);
    expectContractShape(onTask.json(), threadsResponseSchema);
    // Latest activity first: the newer thread leads until the older one gets a message.
    expect(onTask.json().data.map((thread: Thread) => thread.title)).toEqual(['Which broker?', 'Customs forms']);
    const onMilestone = await callAs(ctx, founder, 'GET', milestonePaths.threads(milestone.id));
    expect(onMilestone.json().data.map((thread: Thread) => thread.id)).toEqual([
      foundersMilestoneThread.id,
      milestoneThread.id,
    ]);
    expect(milestoneThread).toMatchObject({ taskId: null, createdBy: { id: investor.user.id, role: 'investor' } });

    const log = await activitiesOf(milestone.id);
    const created4 = log.filter((row) => row.action === 'thread.created');
    expect(created4).toHaveLength(4);
    expect(created4.find((row) => row.newValue?.threadId === investorsTaskThread.id)).toMatchObject({
      taskId: task.id,
      stage: 'todo',
      actor: { id: investor.user.id },
    });
    // A task's thread speaks on the task channel, a milestone's on the milestone channel.
    expect(seen.map((event) => [event.action, event.taskId ?? null])).toEqual([
      ['thread.created', task.id],
      ['thread.created', task.id],
      ['thread.created', null],
      ['thread.created', null],
    ]);
  });

  it('are renamed and deleted by their starter or the founder; another investor is refused with 403', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const second = await acceptedInvestor(ctx, founder, deckId, 'Bea Second');
    const foundersThread = await createThread(ctx, founder, { taskId: task.id });
    const investorsThread = await createThread(ctx, investor, { milestoneId: milestone.id }, 'Board seat');

    const own = await callAs(ctx, investor, 'PATCH', investorMilestonePaths.thread(investorsThread.id), {
      title: 'Board',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().thread.title).toBe('Board');
    const byFounder = await callAs(ctx, founder, 'PATCH', milestonePaths.thread(investorsThread.id), {
      title: 'Governance',
    });
    expect(byFounder.statusCode).toBe(200);
    const same = await callAs(ctx, founder, 'PATCH', milestonePaths.thread(investorsThread.id), {
      title: 'Governance',
    });
    expect(same.statusCode).toBe(200);

    for (const [method, payload] of [
      ['PATCH', { title: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      for (const [caller, threadId] of [
        [investor, foundersThread.id],
        [second, investorsThread.id],
      ] as const) {
        const refused = await callAs(ctx, caller, method, investorMilestonePaths.thread(threadId), payload);
        expect(refused.statusCode, `${method} by ${caller.user.name}`).toBe(403);
        expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/started/) });
      }
    }

    expect((await callAs(ctx, investor, 'DELETE', investorMilestonePaths.thread(investorsThread.id))).statusCode).toBe(
      204,
    );
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.thread(foundersThread.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.taskThreads(task.id))).json().data).toEqual([]);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.messages(foundersThread.id))).statusCode).toBe(404);
    // The same title again changes and logs nothing.
    expect(await threadActions(milestone.id)).toEqual([
      'thread.deleted',
      'thread.deleted',
      'thread.renamed',
      'thread.renamed',
      'thread.created',
      'thread.created',
    ]);
  });

  it('refuse a blank or too long title with 400 and store nothing', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const before = await countRows('milestone_threads');
    for (const title of ['', '   ', 'x'.repeat(milestoneLimits.titleLength + 1)]) {
      const reply = await callAs(ctx, founder, 'POST', milestonePaths.taskThreads(task.id), { title });
      expect(reply.statusCode, title).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await callAs(ctx, founder, 'POST', milestonePaths.threads(milestone.id), {})).statusCode).toBe(400);
    expect(await countRows('milestone_threads')).toBe(before);
  });
});

describe('messages', () => {
  it('are posted by both sides, listed newest first a page at a time, edited and deleted by their author', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const thread = await createThread(ctx, founder, { taskId: task.id });
    const first = await callAs(ctx, founder, 'POST', milestonePaths.messages(thread.id), { text: ' First. ' });
    expect(first.statusCode, first.body).toBe(201);
    expectContractShape(first.json(), threadMessageResponseSchema);
    expect(first.json().message).toMatchObject({
      threadId: thread.id,
      author: { id: founder.user.id, role: 'user' },
      text: 'First.',
      attachments: [],
      editedAt: null,
    });
    const second = await postMessage(ctx, investor, thread.id, { text: 'Second.' });
    const third = await postMessage(ctx, founder, thread.id, { text: 'Third.' });

    const page = await callAs(ctx, investor, 'GET', `${investorMilestonePaths.messages(thread.id)}?limit=2`);
    expect(page.statusCode).toBe(200);
    expectContractShape(page.json(), threadMessagePageSchema);
    expect(page.json().data.map((message: { text: string }) => message.text)).toEqual(['Third.', 'Second.']);
    expect(page.json().meta).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const older = await callAs(ctx, founder, 'GET', `${milestonePaths.messages(thread.id)}?limit=2&page=2`);
    expect(older.json().data.map((message: { text: string }) => message.text)).toEqual(['First.']);

    const listed = (await callAs(ctx, founder, 'GET', milestonePaths.taskThreads(task.id))).json().data[0] as Thread;
    expect(listed.messageCount).toBe(3);
    expect(listed.lastMessageAt).not.toBeNull();

    const edited = await callAs(ctx, investor, 'PATCH', investorMilestonePaths.message(second.id), {
      text: 'Second, fixed.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toMatchObject({ text: 'Second, fixed.', editedAt: expect.any(String) });
    const unchanged = await callAs(ctx, investor, 'PATCH', investorMilestonePaths.message(second.id), {
      text: 'Second, fixed.',
    });
    expect(unchanged.statusCode).toBe(200);

    // Visible to both, changed by its author only: the other side is told so, not told it is missing.
    for (const [caller, url, method] of [
      [founder, milestonePaths.message(second.id), 'PATCH'],
      [founder, milestonePaths.message(second.id), 'DELETE'],
      [investor, investorMilestonePaths.message(third.id), 'PATCH'],
      [investor, investorMilestonePaths.message(third.id), 'DELETE'],
    ] as const) {
      const refused = await callAs(ctx, caller, method, url, method === 'PATCH' ? { text: 'Not mine.' } : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/author/) });
    }
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.message(third.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.message(third.id))).statusCode).toBe(404);

    const texts = (await callAs(ctx, founder, 'GET', milestonePaths.messages(thread.id)))
      .json()
      .data.map((message: { text: string }) => message.text);
    expect(texts).toEqual(['Second, fixed.', 'First.']);
    const log = await activitiesOf(milestone.id);
    expect(await threadActions(milestone.id)).toEqual([
      'message.deleted',
      'message.edited',
      'message.posted',
      'message.posted',
      'message.posted',
      'thread.created',
    ]);
    expect(log[0]).toMatchObject({ taskId: task.id, stage: 'todo', actor: { id: founder.user.id } });
  });

  it('refuse bad input with 400 and store nothing', async () => {
    const { task } = await taskOnNewMilestone();
    const thread = await createThread(ctx, founder, { taskId: task.id });
    const keys = await Promise.all(Array.from({ length: 6 }, () => uploadAttachment(ctx, founder)));
    const before = await Promise.all([
      countRows('milestone_thread_messages'),
      countRows('milestone_message_attachments'),
    ]);
    const bodies = [
      {},
      { text: '   ' },
      { text: '', attachments: [] },
      { text: 'x'.repeat(milestoneLimits.messageTextLength + 1) },
      { text: 'Six files.', attachments: keys.map((key, index) => ({ key, name: `scan-${index}.png` })) },
      { text: 'Twice.', attachments: [keys[0], keys[0]].map((key) => ({ key, name: 'scan.png' })) },
      { text: 'No name.', attachments: [{ key: keys[0], name: ' ' }] },
      { text: 'Extra.', pinned: true },
    ];
    for (const body of bodies) {
      const reply = await callAs(ctx, founder, 'POST', milestonePaths.messages(thread.id), body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    }
    const message = await postMessage(ctx, founder, thread.id);
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.message(message.id), { text: '' })).statusCode).toBe(
      400,
    );
    expect(
      await Promise.all([countRows('milestone_thread_messages'), countRows('milestone_message_attachments')]),
    ).toEqual([(before[0] ?? 0) + 1, before[1]]);
  });

  it('hide from strangers, another founder and an investor who withdrew: 404, the same as a missing one', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const leaving = await acceptedInvestor(ctx, founder, deckId, 'Wim Withdrawn');
    const thread = await createThread(ctx, leaving, { taskId: task.id });
    const message = await postMessage(ctx, leaving, thread.id);
    await withdrawInterest(ctx, leaving, deckId);

    for (const caller of [stranger, leaving]) {
      for (const [method, url, payload, what] of [
        ['GET', investorMilestonePaths.threads(milestone.id), undefined, 'milestone'],
        ['POST', investorMilestonePaths.threads(milestone.id), { title: 'Hi' }, 'milestone'],
        ['GET', investorMilestonePaths.taskThreads(task.id), undefined, 'task'],
        ['POST', investorMilestonePaths.taskThreads(task.id), { title: 'Hi' }, 'task'],
        ['PATCH', investorMilestonePaths.thread(thread.id), { title: 'Mine' }, 'thread'],
        ['DELETE', investorMilestonePaths.thread(thread.id), undefined, 'thread'],
        ['GET', investorMilestonePaths.messages(thread.id), undefined, 'thread'],
        ['POST', investorMilestonePaths.messages(thread.id), { text: 'Hi' }, 'thread'],
        ['PATCH', investorMilestonePaths.message(message.id), { text: 'Changed' }, 'message'],
        ['DELETE', investorMilestonePaths.message(message.id), undefined, 'message'],
      ] as const) {
        const reply = await callAs(ctx, caller, method, url, payload);
        expect(reply.statusCode, `${caller.user.name}: ${method} ${url}`).toBe(404);
        expect(reply.json().error.message).toBe(`This ${what} does not exist.`);
      }
    }
    for (const [method, url] of [
      ['GET', milestonePaths.messages(thread.id)],
      ['DELETE', milestonePaths.thread(thread.id)],
      ['POST', milestonePaths.taskThreads(task.id)],
    ] as const) {
      const reply = await callAs(ctx, otherFounder, method, url, method === 'POST' ? { title: 'Hi' } : undefined);
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await callAs(ctx, investor, 'GET', investorMilestonePaths.messages('thr-missing'))).statusCode).toBe(404);
    // Still there for the members.
    expect((await callAs(ctx, founder, 'GET', milestonePaths.messages(thread.id))).json().meta.total).toBe(1);
  });

  it('are read-only on a finished milestone: 409', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const thread = await createThread(ctx, investor, { taskId: task.id });
    const message = await postMessage(ctx, investor, thread.id);
    expect(
      (await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: 'cancelled' })).statusCode,
    ).toBe(200);
    for (const [method, url, payload] of [
      ['POST', investorMilestonePaths.messages(thread.id), { text: 'Late.' }],
      ['PATCH', investorMilestonePaths.message(message.id), { text: 'Late.' }],
      ['POST', investorMilestonePaths.taskThreads(task.id), { title: 'Late' }],
    ] as const) {
      expect((await callAs(ctx, investor, method, url, payload)).statusCode, `${method} ${url}`).toBe(409);
    }
    expect((await callAs(ctx, investor, 'GET', investorMilestonePaths.messages(thread.id))).statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('go through a signed upload, are served to members by signed URLs and leave storage with their message', async () => {
    const { task } = await taskOnNewMilestone();
    const thread = await createThread(ctx, founder, { taskId: task.id });
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const scan = await uploadAttachment(ctx, investor);
    const report = await uploadAttachment(ctx, investor, pdf, 'application/pdf');
    const message = await postMessage(ctx, investor, thread.id, {
      text: '',
      attachments: [
        { key: scan, name: 'scan.png' },
        { key: report, name: 'report.pdf' },
      ],
    });
    expect(message.attachments.map(({ key, name, contentType, size }) => ({ key, name, contentType, size }))).toEqual([
      { key: scan, name: 'scan.png', contentType: 'image/png', size: pngBytes.length },
      { key: report, name: 'report.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);

    const listed = (await callAs(ctx, founder, 'GET', milestonePaths.messages(thread.id))).json().data[0];
    const served = await ctx.app.fastify.inject({ method: 'GET', url: listed.attachments[1].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // The URL is signed: the same path without its signature is refused.
    const unsigned = await ctx.app.fastify.inject({ method: 'GET', url: listed.attachments[1].url.split('?')[0] });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);

    // An edit that drops a file deletes it; the one kept stays.
    const edited = await callAs(ctx, investor, 'PATCH', investorMilestonePaths.message(message.id), {
      text: 'Only the report now.',
      attachments: [{ key: report, name: 'final-report.pdf' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message.attachments.map((file: { name: string }) => file.name)).toEqual(['final-report.pdf']);
    expect(await isStored(scan)).toBe(false);
    expect(await isStored(report)).toBe(true);

    expect((await callAs(ctx, investor, 'DELETE', investorMilestonePaths.message(message.id))).statusCode).toBe(204);
    expect(await isStored(report)).toBe(false);
    expect(await ctx.sql('select key from uploads where key = $1', [report])).toHaveLength(0);
  });

  it("refuse another account's key, a key of another kind, a file that is not what it claims, and a file used twice", async () => {
    const { task } = await taskOnNewMilestone();
    const thread = await createThread(ctx, founder, { taskId: task.id });
    const foundersKey = await uploadAttachment(ctx, founder);
    const investorsKey = await uploadAttachment(ctx, investor);
    // Only founders upload decks: a deck upload of the founder's is an upload of another kind.
    const deckKey = (await uploadFile(ctx, founder, await deckPdf(1))).ticket.key;
    const before = await countRows('milestone_thread_messages');

    for (const [caller, key] of [
      [investor, foundersKey],
      [founder, investorsKey],
      [founder, deckKey],
      [founder, 'attachments/inv-0000000000000000/upl-0000000000000000.png'],
    ] as const) {
      const reply = await callAs(ctx, caller, 'POST', pathsOf(caller).messages(thread.id), {
        attachments: [{ key, name: 'file.png' }],
      });
      expect(reply.statusCode, key).toBe(404);
      expect(reply.json().error.details).toEqual({ reason: 'UPLOAD_NOT_FOUND' });
    }
    // A key of one's own that was never uploaded to.
    const notUploaded = await callAs(ctx, founder, 'POST', milestonePaths.messages(thread.id), {
      attachments: [{ key: `attachments/${founder.user.id}/upl-0000000000000000.png`, name: 'file.png' }],
    });
    expect(notUploaded.statusCode).toBe(400);
    // A "picture" that is really text: the signed PUT refuses it (first bytes checked) and keeps nothing.
    const { ticket, put } = await uploadFile(ctx, investor, Buffer.from('not an image at all'), {
      fileType: 'image/png',
      ticketUrl: investorMilestonePaths.attachmentUpload,
    });
    expect(put.statusCode).toBe(415);
    expect(await isStored(ticket.key)).toBe(false);
    const fake = await callAs(ctx, investor, 'POST', investorMilestonePaths.messages(thread.id), {
      attachments: [{ key: ticket.key, name: 'fake.png' }],
    });
    expect(fake.statusCode).toBe(400);
    expect(await countRows('milestone_thread_messages')).toBe(before);

    const used = await postMessage(ctx, founder, thread.id, { attachments: [{ key: foundersKey, name: 'a.png' }] });
    const again = await callAs(ctx, founder, 'POST', milestonePaths.messages(thread.id), {
      attachments: [{ key: foundersKey, name: 'a.png' }],
    });
    expect(again.statusCode).toBe(409);
    expect(used.attachments).toHaveLength(1);

    const tooLarge = await callAs(
      ctx,
      founder,
      'GET',
      `${milestonePaths.attachmentUpload}?fileType=application/pdf&fileSize=${20 * 1024 * 1024 + 1}`,
    );
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await callAs(
      ctx,
      founder,
      'GET',
      `${milestonePaths.attachmentUpload}?fileType=text/html&fileSize=10`,
    );
    expect(wrongType.statusCode).toBe(415);
  });

  it('leave storage with their thread and with a permanently deleted milestone, and the sweep spares used ones', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const threadToDelete = await createThread(ctx, founder, { taskId: task.id });
    const inThread = await uploadAttachment(ctx, founder);
    await postMessage(ctx, founder, threadToDelete.id, {
      text: 'See scan.',
      attachments: [{ key: inThread, name: 'a.png' }],
    });
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.thread(threadToDelete.id))).statusCode).toBe(204);
    expect(await isStored(inThread)).toBe(false);

    const kept = await createThread(ctx, investor, { milestoneId: milestone.id });
    const onMilestone = await uploadAttachment(ctx, investor);
    const onTask = await uploadAttachment(ctx, founder);
    const unused = await uploadAttachment(ctx, founder);
    await postMessage(ctx, investor, kept.id, { attachments: [{ key: onMilestone, name: 'm.png' }] });
    const taskThread = await createThread(ctx, founder, { taskId: task.id });
    await postMessage(ctx, founder, taskThread.id, { attachments: [{ key: onTask, name: 't.png' }] });

    // A day on, the sweep deletes the upload nothing uses and keeps the attached ones.
    await ctx.sql("update uploads set created_at = now() - interval '25 hours' where key = any($1)", [
      [onMilestone, onTask, unused],
    ]);
    await ctx.app.services.uploads.sweep();
    expect(await Promise.all([onMilestone, onTask, unused].map(isStored))).toEqual([true, true, false]);

    const deleted = await callAs(ctx, founder, 'DELETE', `${milestonePaths.milestone(milestone.id)}?mode=permanent`);
    expect(deleted.statusCode).toBe(204);
    expect(await Promise.all([onMilestone, onTask].map(isStored))).toEqual([false, false]);
    expect(await ctx.sql('select key from uploads where key = any($1)', [[onMilestone, onTask]])).toHaveLength(0);
  });

  it('count as used for the daily limit of unused uploads', async () => {
    const uploader = await acceptedInvestor(ctx, founder, deckId, 'Uma Uploader');
    const { milestone } = await taskOnNewMilestone();
    const thread = await createThread(ctx, uploader, { milestoneId: milestone.id });
    // 20 uploads, each attached at once: none of them counts against the next ticket.
    for (let index = 0; index < 20; index += 1) {
      const key = await uploadAttachment(ctx, uploader);
      await postMessage(ctx, uploader, thread.id, { attachments: [{ key, name: `page-${index}.png` }] });
    }
    const ticket = await callAs(
      ctx,
      uploader,
      'GET',
      `${investorMilestonePaths.attachmentUpload}?fileType=image/png&fileSize=10`,
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
  });
});
