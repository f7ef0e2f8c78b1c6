import { inboxPaths } from '@deckvalid/contract/api-paths';
import { investorMilestonePaths, milestonePaths } from '@deckvalid/contract/milestones';
import {
  type InboxPage,
  inboxChangedEvent,
  type LiveNotification,
  liveNotificationEvent,
} from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, openPrivateRoom, request, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import {
  acceptedInvestor,
  createDeliverable,
  createMeet,
  createMilestone,
  createTask,
  submitDeliverable,
} from '../../../test/milestones';
import { until } from '../../../test/poll';
import { inboxCallsPerMinute } from './inbox.routes';

/** The inbox: what others did, stored per recipient, listed newest first, marked read, told live. */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const inboxPage = (caller: SignedUp, query = ''): Promise<InboxPage> => inboxOf(ctx, caller, query);

/** Waits until the caller's inbox holds a notification of `kind` (subscribers run after the answer). */
async function waitFor(caller: SignedUp, kind: string) {
  let found: InboxPage['data'][number] | undefined;
  for (let attempt = 0; attempt < 200 && !found; attempt += 1) {
    found = (await inboxPage(caller, '?limit=100')).data.find((notification) => notification.kind === kind);
    if (!found) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!found) throw new Error(`no ${kind} notification arrived`);
  return found;
}

/** A founder's deck and milestone with one task, and an investor who follows it. */
async function milestoneWithInvestor() {
  const founder = await signUp(ctx, 'user', 'Farah Founder');
  const deck = await readyDeck(ctx, founder, { details: { company: 'Tidewater', title: 'Seed round' } });
  const investor = await acceptedInvestor(ctx, founder, deck.id, 'Theo Brandt');
  const milestone = await createMilestone(ctx, founder, deck.id, { title: 'Flight readiness' });
  const task = await createTask(ctx, founder, milestone.id, { title: 'Safety review dossier' });
  return { founder, investor, deck, milestone, task };
}

describe('inbox limits', () => {
  it('refuses an account looping on the inbox with 429 and a retry time, and serves everyone else', async () => {
    const [looping, other] = await Promise.all([signUp(ctx, 'user', 'Lou Loop'), signUp(ctx, 'investor', 'Ona Other')]);
    const answers: number[] = [];
    for (let call = 0; call < inboxCallsPerMinute; call += 1) {
      answers.push((await callAs(ctx, looping, 'GET', inboxPaths.list)).statusCode);
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await callAs(ctx, looping, 'PUT', inboxPaths.readAll);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await callAs(ctx, other, 'GET', inboxPaths.list)).statusCode).toBe(200);
  });
});

describe('inbox', () => {
  it('tells the founder live of an approval, names the task and links to it; the approver gets nothing', async () => {
    const { founder, investor, milestone, task } = await milestoneWithInvestor();
    const heard = collect<LiveNotification>(await clients.open(founder.tokens), liveNotificationEvent);

    const approved = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      comment: 'Solid work',
    });
    expect(approved.statusCode, approved.body).toBe(201);

    await until(() => heard.some((notification) => notification.kind === 'approval.given'), 'the approval, live');
    const stored = await waitFor(founder, 'approval.given');
    expect(stored).toMatchObject({
      kind: 'approval.given',
      title: 'Theo Brandt approved “Safety review dossier”',
      message: '“Solid work” (in “Flight readiness”)',
      link: `/founder/milestones/${milestone.id}?task=${task.id}`,
      actor: { id: investor.user.id, name: 'Theo Brandt' },
      readAt: null,
    });
    expect(heard.find((notification) => notification.kind === 'approval.given')?.id).toBe(stored.id);
    expect((await inboxPage(investor)).data.map((notification) => notification.kind)).not.toContain('approval.given');
  });

  it('tells the milestone’s people of moves into review and done, deliverables and meets, not of other moves', async () => {
    const { founder, investor, milestone, task } = await milestoneWithInvestor();
    const move = (stage: string) => callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage });
    expect((await move('in_progress')).statusCode).toBe(200);
    expect((await move('review')).statusCode).toBe(200);
    const moved = await waitFor(investor, 'task.moved');
    expect(moved).toMatchObject({
      title: 'Farah Founder moved “Safety review dossier” to Review',
      link: `/investor/milestones/${milestone.id}?task=${task.id}`,
    });

    const deliverable = await createDeliverable(ctx, founder, task.id, 'Test report');
    await submitDeliverable(ctx, founder, deliverable.id);
    expect((await waitFor(investor, 'deliverable.submitted')).title).toBe('Farah Founder submitted “Test report”');
    const accepted = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await waitFor(founder, 'deliverable.accepted')).title).toBe('Theo Brandt accepted “Test report”');

    await createMeet(ctx, investor, milestone.id, { title: 'Weekly sync' });
    expect((await waitFor(founder, 'meet.scheduled')).title).toBe('Theo Brandt scheduled “Weekly sync”');

    const kinds = (await inboxPage(investor, '?limit=100')).data.map((notification) => notification.kind);
    // One move was news (into review); the move into in_progress was not.
    expect(kinds.filter((kind) => kind === 'task.moved')).toHaveLength(1);
    expect(kinds).not.toContain('meet.scheduled');
  });

  it('tells a thread’s people of a message in it, on the task, but not its author', async () => {
    const { founder, investor, milestone, task } = await milestoneWithInvestor();
    const thread = await callAs(ctx, founder, 'POST', milestonePaths.taskThreads(task.id), { title: 'Test plan' });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json().thread.id as string;
    const posted = await callAs(ctx, investor, 'POST', investorMilestonePaths.messages(threadId), {
      text: 'Which rig do we use?',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await waitFor(founder, 'thread.message')).toMatchObject({
      title: 'Theo Brandt wrote in “Test plan”',
      message: 'On “Safety review dossier” in “Flight readiness”.',
      link: `/founder/milestones/${milestone.id}?task=${task.id}`,
    });
    expect((await inboxPage(investor)).data.map((notification) => notification.kind)).not.toContain('thread.message');
  });

  it('tells the founder of a withdrawal', async () => {
    const founder = await signUp(ctx, 'user', 'Farah Founder');
    const deck = await readyDeck(ctx, founder, { details: { company: 'Tidewater', title: 'Seed round' } });
    const investor = await acceptedInvestor(ctx, founder, deck.id, 'Theo Brandt');
    await withdrawInterest(ctx, investor, deck.id);
    expect(await waitFor(founder, 'interest.withdrawn')).toMatchObject({
      title: 'Theo Brandt withdrew their interest',
      link: `/founder/view/${deck.id}`,
    });
  });

  it('lists newest first, page by page, with the unread count; marks one and then all read', async () => {
    const founder = await signUp(ctx, 'user');
    const other = await signUp(ctx, 'user');
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        ...(await ctx.app.services.inbox.record([
          {
            accountId: founder.user.id,
            kind: 'deck.ready',
            title: `Deck ${index}`,
            message: 'Ready.',
            link: `/founder/view/dek-${index}`,
            pitchDeckId: null,
            actor: null,
            sourceKey: `test:${index}`,
          },
        ])),
      );
    }
    const first = await inboxPage(founder, '?page=1&limit=2');
    expect(first.data.map((notification) => notification.title)).toEqual(['Deck 4', 'Deck 3']);
    expect(first.meta).toEqual({ page: 1, limit: 2, total: 5, hasMore: true });
    expect(first.unreadCount).toBe(5);
    const last = await inboxPage(founder, '?page=3&limit=2');
    expect(last.data.map((notification) => notification.title)).toEqual(['Deck 0']);
    expect(last.meta.hasMore).toBe(false);

    const target = made[2];
    if (!target) throw new Error('nothing made');
    // Another account's notification reads as a missing one.
    expect((await callAs(ctx, other, 'PUT', inboxPaths.read(target.id))).statusCode).toBe(404);
    const one = await callAs(ctx, founder, 'PUT', inboxPaths.read(target.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ unreadCount: 4 });
    // Twice is harmless, and the first time stays.
    const readAt = (await inboxPage(founder)).data.find((notification) => notification.id === target.id)?.readAt;
    expect(readAt).toEqual(expect.any(String));
    expect((await callAs(ctx, founder, 'PUT', inboxPaths.read(target.id))).json()).toEqual({ unreadCount: 4 });
    expect((await inboxPage(founder)).data.find((notification) => notification.id === target.id)?.readAt).toBe(readAt);

    const all = await callAs(ctx, founder, 'PUT', inboxPaths.readAll);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await inboxPage(founder)).unreadCount).toBe(0);
    expect((await inboxPage(other)).meta.total).toBe(0);
  });

  it('filters by unread and by kind, counting what the filter holds', async () => {
    const founder = await signUp(ctx, 'user');
    const kinds = ['deck.ready', 'interest.withdrawn', 'deck.ready', 'deck.failed'] as const;
    const made = [];
    for (const [index, kind] of kinds.entries()) {
      made.push(
        ...(await ctx.app.services.inbox.record([
          {
            accountId: founder.user.id,
            kind,
            title: `News ${index}`,
            message: 'News.',
            link: `/founder/view/dek-${index}`,
            pitchDeckId: null,
            actor: null,
            sourceKey: `filter:${index}`,
          },
        ])),
      );
    }
    await callAs(ctx, founder, 'PUT', inboxPaths.read(made[2]?.id ?? ''));
    const unread = await inboxPage(founder, '?unread=true');
    expect(unread.data.map((notification) => notification.title)).toEqual(['News 3', 'News 1', 'News 0']);
    expect(unread.meta.total).toBe(3);
    const ready = await inboxPage(founder, '?kind=deck.ready');
    expect(ready.data.map((notification) => notification.title)).toEqual(['News 2', 'News 0']);
    const unreadReady = await inboxPage(founder, '?kind=deck.ready&unread=true&limit=1');
    expect(unreadReady.data.map((notification) => notification.title)).toEqual(['News 0']);
    expect(unreadReady.meta).toEqual({ page: 1, limit: 1, total: 1, hasMore: false });
    // The badge's count stays the whole inbox's.
    expect(unreadReady.unreadCount).toBe(3);
    for (const bad of ['?kind=deck.exploded', '?unread=maybe']) {
      const reply = await callAs(ctx, founder, 'GET', `${inboxPaths.list}${bad}`);
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('stores an event handled twice once, and tells it once', async () => {
    const { founder, investor, task } = await milestoneWithInvestor();
    const approved = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {});
    expect(approved.statusCode).toBe(201);
    await waitFor(founder, 'approval.given');
    const [activity] = await ctx.sql<{ id: string; milestone_id: string }>(
      `select id, milestone_id from milestone_activities where action = 'approval.recorded' and task_id = $1`,
      [task.id],
    );
    if (!activity) throw new Error('no activity');
    const heard = collect<LiveNotification>(await clients.open(founder.tokens), liveNotificationEvent);
    await ctx.app.services.inbox.milestoneChanged({
      milestoneId: activity.milestone_id,
      pitchDeckId: '',
      founderId: founder.user.id,
      actorId: investor.user.id,
      action: 'approval.recorded',
      activityId: activity.id,
    });
    const kinds = (await inboxPage(founder, '?limit=100')).data.filter((n) => n.kind === 'approval.given');
    expect(kinds).toHaveLength(1);
    expect(heard).toEqual([]);
  });

  it('folds repeats of one news into one item with a count, until it is read', async () => {
    const { founder, deck, investor, task } = await milestoneWithInvestor();
    const other = await acceptedInvestor(ctx, founder, deck.id, 'Ines Other');
    const thread = await callAs(ctx, founder, 'POST', milestonePaths.taskThreads(task.id), { title: 'Test plan' });
    const threadId = thread.json().thread.id as string;
    const write = async (caller: SignedUp, text: string) => {
      const posted = await callAs(ctx, caller, 'POST', investorMilestonePaths.messages(threadId), { text });
      expect(posted.statusCode, posted.body).toBe(201);
    };
    const threadNews = async () =>
      (await inboxPage(founder, '?limit=100')).data.filter((notification) => notification.kind === 'thread.message');
    // The founder already holds the two interests' news; folded repeats add nothing to the badge.
    const before = (await inboxPage(founder)).unreadCount;
    const settled = async (expected: number) => {
      await until(async () => (await inboxPage(founder)).unreadCount === before + expected, `${expected} unread`);
      return threadNews();
    };

    await write(investor, 'Which rig do we use?');
    await until(async () => (await threadNews()).length === 1, 'the first message');
    await write(investor, 'The cold one?');
    await until(async () => (await threadNews())[0]?.count === 2, 'the second folded in');
    await write(investor, 'Both, then.');
    await until(async () => (await threadNews())[0]?.count === 3, 'the third folded in');
    const [folded, ...rest] = await settled(1);
    expect(rest).toEqual([]);
    expect(folded).toMatchObject({ count: 3, title: 'Theo Brandt wrote in “Test plan”', readAt: null });

    // Another person's news of the same thread is another item.
    await write(other, 'I can lend ours.');
    const both = await settled(2);
    expect(both.map((notification) => [notification.actor?.name, notification.count])).toEqual([
      ['Ines Other', 1],
      ['Theo Brandt', 3],
    ]);

    // Read, the item keeps its count; what comes after is news again, counted afresh.
    const read = await callAs(ctx, founder, 'PUT', inboxPaths.read(folded?.id ?? ''));
    expect(read.json()).toEqual({ unreadCount: before + 1 });
    await write(investor, 'Booked for Tuesday.');
    const after = await settled(2);
    expect(after.filter((n) => n.actor?.name === 'Theo Brandt').map((n) => [n.count, n.readAt === null])).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it('keeps notifications 90 days', async () => {
    const founder = await signUp(ctx, 'user');
    const [old, fresh] = await ctx.app.services.inbox.record(
      ['old', 'fresh'].map((label) => ({
        accountId: founder.user.id,
        kind: 'deck.ready' as const,
        title: label,
        message: 'Ready.',
        link: '/founder',
        pitchDeckId: null,
        actor: null,
        sourceKey: `prune:${label}`,
      })),
    );
    await ctx.sql(`update inbox_notifications set created_at = now() - interval '91 days' where id = $1`, [old?.id]);
    await ctx.sql(`update inbox_notifications set created_at = now() - interval '89 days' where id = $1`, [fresh?.id]);
    expect(await ctx.app.services.inbox.prune()).toBeGreaterThanOrEqual(1);
    expect((await inboxPage(founder)).data.map((notification) => notification.title)).toEqual(['fresh']);
  });

  it('tells of chat messages left unread for 10 minutes, once per unread run, not to their sender', async () => {
    const founder = await signUp(ctx, 'user', 'Farah Founder');
    const deck = await readyDeck(ctx, founder);
    const investor = await acceptedInvestor(ctx, founder, deck.id, 'Ada Lovelace');
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const socket = await clients.open(investor.tokens);
    for (const content of ['Hello', 'Are you there?']) {
      const ack = await request(socket, 'chat:message', { chatRoomId: room.id, content, type: 'text' });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
    }
    // Nine minutes: not yet.
    await ctx.sql(`update chat_messages set created_at = now() - interval '9 minutes' where room_id = $1`, [room.id]);
    await ctx.app.services.inbox.notifyUnreadChats();
    expect((await inboxPage(founder)).data.map((notification) => notification.kind)).not.toContain('chat.unread');

    await ctx.sql(`update chat_messages set created_at = now() - interval '11 minutes' where room_id = $1`, [room.id]);
    await ctx.app.services.inbox.notifyUnreadChats();
    await ctx.app.services.inbox.notifyUnreadChats();
    const unread = (await inboxPage(founder)).data.filter((notification) => notification.kind === 'chat.unread');
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({
      title: '2 messages from Ada Lovelace',
      link: `/founder?chat=${room.id}`,
      actor: { id: investor.user.id, name: 'Ada Lovelace' },
    });
    // The sender's own messages are not news to them.
    expect((await inboxPage(investor)).data.map((notification) => notification.kind)).not.toContain('chat.unread');
  });

  it('marks a chat notification read once its room is read, and tells the reader’s other tabs', async () => {
    const founder = await signUp(ctx, 'user', 'Farah Founder');
    const deck = await readyDeck(ctx, founder);
    const investor = await acceptedInvestor(ctx, founder, deck.id, 'Ada Lovelace');
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const socket = await clients.open(investor.tokens);
    const ack = await request(socket, 'chat:message', { chatRoomId: room.id, content: 'Hello', type: 'text' });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    await ctx.sql(`update chat_messages set created_at = now() - interval '11 minutes' where room_id = $1`, [room.id]);
    await ctx.app.services.inbox.notifyUnreadChats();
    const before = await inboxPage(founder);
    expect(before.data.find((notification) => notification.kind === 'chat.unread')?.readAt).toBeNull();

    const otherTab = await clients.open(founder.tokens);
    const changes = collect<{ unreadCount: number }>(otherTab, inboxChangedEvent);
    const reader = await clients.open(founder.tokens);
    expect((await request(reader, 'chat:mark_read', { chatRoomId: room.id })).ok).toBe(true);
    await until(() => changes.length === 1, 'the inbox change');
    expect(changes[0]).toEqual({ unreadCount: before.unreadCount - 1 });
    const inbox = await inboxPage(founder);
    expect(inbox.unreadCount).toBe(before.unreadCount - 1);
    expect(inbox.data.find((notification) => notification.kind === 'chat.unread')?.readAt).not.toBeNull();
  });
});
