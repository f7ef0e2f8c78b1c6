import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '@/lib/clock';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { showInterest, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';
import { MilestonesRepository } from './milestones.repository';
import { TaskReminders } from './task-reminders';

/**
 * Due-date reminders through the real app and its job, with the clock moved: a day before a
 * task is due and when it becomes overdue, each once however often (or however many at once)
 * the job runs; to the assignee if a member of the milestone, else its founder; mailed unless
 * the recipient's switch is off.
 */
const clock = new MovableClock();
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let leaver: SignedUp;
let stranger: SignedUp;
let milestoneId = '';

const day = 24 * 60 * 60_000;

beforeAll(async () => {
  clock.set(new Date('2027-03-10T09:00:00Z'));
  ctx = await build({}, { clock });
  [founder, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  const deck = await readyDeck(ctx, founder);
  investor = await acceptedInvestor(ctx, founder, deck.id, 'Theo Brandt');
  leaver = await acceptedInvestor(ctx, founder, deck.id, 'Lena Leaver');
  // A stranger with a pending interest in the deck is no member either.
  await showInterest(ctx, stranger, deck.id);
  milestoneId = (await createMilestone(ctx, founder, deck.id, { title: 'Bank pilot' })).id;
  expect(
    (await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestoneId), { status: 'active' })).statusCode,
  ).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
});

/** Runs the job as a serving process would, and waits for the inbox rows and mail it set off. */
async function runJob(): Promise<number> {
  const sent = await ctx.app.services.milestoneReminders.run();
  await ctx.app.background.drain();
  return sent;
}

const remindersOf = async (caller: SignedUp) =>
  (await inboxOf(ctx, caller, '?limit=100')).data.filter(
    (item) => item.kind === 'task.due_soon' || item.kind === 'task.overdue',
  );

const reminderMailsOf = (accountId: string) =>
  ctx.sql<{ subject: string; text_body: string }>(
    `select subject, text_body from mail_outbox where account_id = $1 and kind = 'taskDueReminders' order by created_at`,
    [accountId],
  );

describe('due-date reminders', () => {
  it('go out once each, a day before and once overdue, to members of the milestone only', async () => {
    const toInvestor = await createTask(ctx, founder, milestoneId, {
      title: 'Sign the data-sharing agreement',
      assigneeId: investor.user.id,
      dueDate: '2027-03-11',
    });
    const unassigned = await createTask(ctx, founder, milestoneId, {
      title: 'Book the kickoff',
      dueDate: '2027-03-11',
    });
    const toLeaver = await createTask(ctx, founder, milestoneId, {
      title: 'Review the term sheet',
      assigneeId: leaver.user.id,
      dueDate: '2027-03-11',
    });
    await createTask(ctx, founder, milestoneId, { title: 'Already done', dueDate: '2027-03-11', stage: 'done' });
    await createTask(ctx, founder, milestoneId, {
      title: 'Later',
      dueDate: '2027-04-30',
      assigneeId: investor.user.id,
    });
    // Assigned while a member, then gone: the reminder goes to the founder instead.
    await withdrawInterest(
      ctx,
      leaver,
      (await callAs(ctx, founder, 'GET', milestonePaths.milestone(milestoneId))).json().milestone.pitchDeckId,
    );

    expect(await runJob()).toBe(3);
    expect(await runJob()).toBe(0);

    const investorItems = await remindersOf(investor);
    expect(investorItems).toEqual([
      expect.objectContaining({
        kind: 'task.due_soon',
        title: `${toInvestor.key} is due tomorrow`,
        message: '“Sign the data-sharing agreement” in “Bank pilot” is due tomorrow.',
        link: `/investor/milestones/${milestoneId}?task=${toInvestor.key}`,
      }),
    ]);
    const founderItems = await remindersOf(founder);
    expect(founderItems.map((item) => item.title).sort()).toEqual(
      [`${unassigned.key} is due tomorrow`, `${toLeaver.key} is due tomorrow`].sort(),
    );
    expect(founderItems[0]?.link).toMatch(new RegExp(`^/founder/milestones/${milestoneId}\\?task=`));
    expect(await remindersOf(leaver)).toEqual([]);
    expect(await remindersOf(stranger)).toEqual([]);
    const [mail, ...moreMail] = await reminderMailsOf(investor.user.id);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toContain(`${toInvestor.key} is due tomorrow`);
    expect(mail?.text_body).toContain(`/investor/milestones/${milestoneId}?task=${toInvestor.key}`);

    // Due today: the reminder of this due date went out already.
    clock.advance(day);
    expect(await runJob()).toBe(0);

    // The investor turns the mail off; the inbox still tells them.
    const off = await callAs(ctx, investor, 'PUT', notificationSettingsPaths.investor, { taskDueReminders: false });
    expect(off.statusCode, off.body).toBe(200);

    // Overdue the next day: once each, even with two runs at the same moment (two processes).
    clock.advance(day);
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect(first + second).toBe(3);
    expect(await runJob()).toBe(0);
    expect((await remindersOf(investor)).map((item) => [item.kind, item.title])).toEqual([
      ['task.overdue', `${toInvestor.key} is overdue`],
      ['task.due_soon', `${toInvestor.key} is due tomorrow`],
    ]);
    expect((await remindersOf(investor))[0]?.message).toBe(
      '“Sign the data-sharing agreement” in “Bank pilot” was due on 2027-03-11 and is not done.',
    );
    expect(await reminderMailsOf(investor.user.id)).toHaveLength(1);
    expect(await reminderMailsOf(founder.user.id)).toHaveLength(4);
    expect(await remindersOf(leaver)).toEqual([]);
    expect(await remindersOf(stranger)).toEqual([]);
  });

  it('come again for a new due date, and not for tasks done, or under archived or finished milestones', async () => {
    clock.set(new Date('2027-06-01T09:00:00Z'));
    const task = await createTask(ctx, founder, milestoneId, { title: 'Rescheduled', dueDate: '2027-06-02' });
    const done = await createTask(ctx, founder, milestoneId, { title: 'Finished early', dueDate: '2027-06-02' });
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(done.id), { stage: 'done' })).statusCode).toBe(
      200,
    );
    expect(await runJob()).toBe(1);

    const moved = await callAs(ctx, founder, 'PUT', milestonePaths.task(task.id), {
      title: 'Rescheduled',
      dueDate: '2027-06-03',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.advance(day);
    expect(await runJob()).toBe(1);

    const deck = await readyDeck(ctx, founder);
    const archived = await createMilestone(ctx, founder, deck.id, { title: 'Shelved' });
    await createTask(ctx, founder, archived.id, { title: 'Never mind', dueDate: '2027-06-03' });
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.milestone(archived.id))).statusCode).toBe(204);
    expect(await runJob()).toBe(0);
  });

  it('take what is owed a page at a time, never the same page of reminders sent already', async () => {
    clock.set(new Date('2027-09-01T09:00:00Z'));
    for (const title of ['One', 'Two', 'Three'])
      await createTask(ctx, founder, milestoneId, { title, dueDate: '2027-09-02' });
    const small = new TaskReminders(new MilestonesRepository(ctx.database.db), ctx.app.events, clock, 2);
    expect(await small.run()).toBe(2);
    expect(await small.run()).toBe(1);
    expect(await small.run()).toBe(0);
    await ctx.app.background.drain();
  });
});
