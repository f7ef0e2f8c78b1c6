import { founderMentorPaths, mentorFounderPaths } from '@deckvalid/contract/mentors';
import {
  type Activity,
  investorMilestonePaths,
  type MilestoneMentorsResponse,
  mentorMilestonePaths,
  milestonePaths,
  type Thread,
} from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { addMentor } from '../../../test/mentors';
import { acceptedInvestor, createMilestone, createTask, shareMilestone } from '../../../test/milestones';
import { until } from '../../../test/poll';
import { createThread, postMessage } from '../../../test/threads';

/**
 * A founder shares a milestone with a mentor: the mentor reads its board and discusses it in the
 * threads with the mentors, which the deck's investors never see nor hear of, and loses it all the
 * moment the share or the mentorship ends.
 */
let ctx: TestContext;
let founder: SignedUp;
let mentor: SignedUp;
let otherMentor: SignedUp;
let investor: SignedUp;
let milestoneId: string;
let taskId: string;

beforeAll(async () => {
  ctx = await build();
  founder = await signUp(ctx, 'user', 'Noor Founder');
  ({ mentor } = await addMentor(ctx, founder, 'Mira Mentor'));
  ({ mentor: otherMentor } = await addMentor(ctx, founder, 'Omar Mentor'));
  const deck = await readyDeck(ctx, founder);
  investor = await acceptedInvestor(ctx, founder, deck.id, 'Ines Investor');
  milestoneId = (await createMilestone(ctx, founder, deck.id)).id;
  taskId = (await createTask(ctx, founder, milestoneId, { title: 'Pricing page' })).id;
});

afterAll(async () => {
  await ctx.close();
});

const mentorsOf = async (id: string) => {
  const reply = await callAs(ctx, founder, 'GET', milestonePaths.mentors(id));
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as MilestoneMentorsResponse).data;
};
const threadsOf = async (who: SignedUp, paths: { taskThreads: (id: string) => string }) => {
  const reply = await callAs(ctx, who, 'GET', paths.taskThreads(taskId));
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: Thread[] }).data;
};
const activitiesOf = async (who: SignedUp, url: string) => {
  const reply = await callAs(ctx, who, 'GET', url);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: Activity[] }).data;
};

describe('a milestone shared with a mentor', () => {
  it('is hidden from a mentor until the founder shares it, then read like the board it is', async () => {
    expect((await callAs(ctx, mentor, 'GET', mentorMilestonePaths.milestone(milestoneId))).statusCode).toBe(404);
    expect((await callAs(ctx, mentor, 'GET', mentorMilestonePaths.milestones)).json().data).toEqual([]);
    expect(await mentorsOf(milestoneId)).toEqual([
      { mentor: { id: mentor.user.id, name: 'Mira Mentor', email: mentor.email }, isShared: false },
      { mentor: { id: otherMentor.user.id, name: 'Omar Mentor', email: otherMentor.email }, isShared: false },
    ]);

    await shareMilestone(ctx, founder, milestoneId, mentor.user.id);
    expect((await mentorsOf(milestoneId)).map((row) => row.isShared)).toEqual([true, false]);
    const listed = await callAs(ctx, mentor, 'GET', mentorMilestonePaths.milestones);
    expect(listed.json().data.map((milestone: { id: string }) => milestone.id)).toEqual([milestoneId]);
    for (const url of [
      mentorMilestonePaths.milestone(milestoneId),
      mentorMilestonePaths.overview(milestoneId),
      mentorMilestonePaths.tasks(milestoneId),
      mentorMilestonePaths.activities(milestoneId),
      mentorMilestonePaths.deliverables(milestoneId),
      mentorMilestonePaths.task(taskId),
      mentorMilestonePaths.taskApprovals(taskId),
    ]) {
      const reply = await callAs(ctx, mentor, 'GET', url);
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
    }
    // The mentor it is not shared with sees none of it.
    expect((await callAs(ctx, otherMentor, 'GET', mentorMilestonePaths.tasks(milestoneId))).statusCode).toBe(404);
  });

  it('shares only with the founder’s own mentors, and only the founder shares', async () => {
    const stranger = await signUp(ctx, 'mentor', 'Sol Stranger');
    const refused = await callAs(ctx, founder, 'PUT', milestonePaths.mentor(milestoneId, stranger.user.id));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('This mentor is not one of yours.');
    expect((await callAs(ctx, founder, 'PUT', milestonePaths.mentor(milestoneId, investor.user.id))).statusCode).toBe(
      404,
    );
    const otherFounder = await signUp(ctx, 'user', 'Olga Other');
    expect(
      (await callAs(ctx, otherFounder, 'PUT', milestonePaths.mentor(milestoneId, mentor.user.id))).statusCode,
    ).toBe(404);
    expect((await callAs(ctx, mentor, 'GET', milestonePaths.mentors(milestoneId))).statusCode).toBe(403);
  });

  it('keeps the threads with the mentors from the investors, and the investors’ from the mentors', async () => {
    const mentorThread = await createThread(ctx, mentor, { taskId }, 'Is the price anchored?');
    expect(mentorThread.audience).toBe('mentors');
    await postMessage(ctx, mentor, mentorThread.id, { text: 'The annual plan hides the monthly price.' });
    const founderToMentors = await createThread(ctx, founder, { taskId }, 'Before the board sees it', 'mentors');
    const investorThread = await createThread(ctx, investor, { taskId }, 'Pilot pricing');
    expect(investorThread.audience).toBe('members');

    const titles = (threads: Thread[]) => threads.map((thread) => thread.title).sort();
    expect(titles(await threadsOf(mentor, mentorMilestonePaths))).toEqual([
      'Before the board sees it',
      'Is the price anchored?',
    ]);
    expect(titles(await threadsOf(investor, investorMilestonePaths))).toEqual(['Pilot pricing']);
    expect(titles(await threadsOf(founder, milestonePaths))).toEqual([
      'Before the board sees it',
      'Is the price anchored?',
      'Pilot pricing',
    ]);

    // The other side's thread reads as missing, by every call.
    for (const [who, paths, threadId] of [
      [investor, investorMilestonePaths, mentorThread.id],
      [mentor, mentorMilestonePaths, investorThread.id],
    ] as const) {
      expect((await callAs(ctx, who, 'GET', paths.messages(threadId))).statusCode).toBe(404);
      expect((await callAs(ctx, who, 'POST', paths.messages(threadId), { text: 'Hello?' })).statusCode).toBe(404);
      expect((await callAs(ctx, who, 'PATCH', paths.thread(threadId), { title: 'Mine' })).statusCode).toBe(404);
    }
    // Neither may start a thread with the other audience.
    const asMembers = await callAs(ctx, mentor, 'POST', mentorMilestonePaths.taskThreads(taskId), {
      title: 'To the investors',
      audience: 'members',
    });
    expect(asMembers.statusCode).toBe(403);
    expect(asMembers.json().error.message).toBe('Your threads on a milestone are with its founder and their mentors.');
    const asMentors = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskThreads(taskId), {
      title: 'To the mentors',
      audience: 'mentors',
    });
    expect(asMentors.statusCode).toBe(403);

    // The log: investors read no line of the threads with the mentors; the founder reads them all.
    const threadIdsIn = (lines: Activity[]) =>
      new Set(lines.map((line) => (line.newValue as { threadId?: string } | null)?.threadId).filter(Boolean));
    const investorLines = threadIdsIn(await activitiesOf(investor, investorMilestonePaths.activities(milestoneId)));
    expect(investorLines.has(mentorThread.id)).toBe(false);
    expect(investorLines.has(investorThread.id)).toBe(true);
    const founderLines = threadIdsIn(await activitiesOf(founder, milestonePaths.activities(milestoneId)));
    expect(founderLines.has(mentorThread.id)).toBe(true);
  });

  it('tells the founder of a mentor’s message and the mentor of the founder’s answer, never the investors', async () => {
    const thread = await createThread(ctx, mentor, { taskId }, 'Churn slide');
    await postMessage(ctx, mentor, thread.id, { text: 'Which cohort is this?' });
    const newsOf = async (who: SignedUp) =>
      (await inboxOf(ctx, who)).data.filter((item) => item.kind === 'thread.message' && item.title.includes('Churn'));
    await until(async () => (await newsOf(founder)).length === 1, 'the founder hears of the mentor’s message');
    await postMessage(ctx, founder, thread.id, { text: 'The 2025 one; I will say so on the slide.' });
    await until(async () => (await newsOf(mentor)).length === 1, 'the mentor hears of the founder’s answer');
    const [news] = await newsOf(mentor);
    expect(news?.link).toBe(`/mentor/milestones/${milestoneId}?task=${taskId}`);
    // The investor wrote in a thread of this task, but not in this one, and is in no thread with the mentors.
    expect(await newsOf(investor)).toEqual([]);
  });

  it('ends at once when the founder stops sharing it, or the mentorship ends', async () => {
    const read = () => callAs(ctx, mentor, 'GET', mentorMilestonePaths.tasks(milestoneId));
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.mentor(milestoneId, mentor.user.id))).statusCode).toBe(
      204,
    );
    expect((await read()).statusCode).toBe(404);
    expect((await callAs(ctx, mentor, 'GET', mentorMilestonePaths.milestones)).json().data).toEqual([]);

    await shareMilestone(ctx, founder, milestoneId, mentor.user.id);
    expect((await read()).statusCode).toBe(200);
    expect((await callAs(ctx, mentor, 'DELETE', mentorFounderPaths.founder(founder.user.id))).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(404);
    // A new mentorship starts with nothing shared: the old shares went with the old one.
    expect((await mentorsOf(milestoneId)).find((row) => row.mentor.id === mentor.user.id)).toBeUndefined();
    expect((await callAs(ctx, founder, 'DELETE', founderMentorPaths.mentor(otherMentor.user.id))).statusCode).toBe(204);
  });

  it('is not read once archived', async () => {
    const deck = await readyDeck(ctx, founder);
    const archived = await createMilestone(ctx, founder, deck.id, { title: 'Archived' });
    const { mentor: late } = await addMentor(ctx, founder, 'Lea Late');
    await shareMilestone(ctx, founder, archived.id, late.user.id);
    expect((await callAs(ctx, late, 'GET', mentorMilestonePaths.milestone(archived.id))).statusCode).toBe(200);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.milestone(archived.id))).statusCode).toBe(204);
    expect((await callAs(ctx, late, 'GET', mentorMilestonePaths.milestone(archived.id))).statusCode).toBe(404);
  });
});
