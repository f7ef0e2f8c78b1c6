import {
  authApiRoot,
  authPaths,
  founderDeckPaths,
  investorDeckPaths,
  mentorDeckPaths,
} from '@deckvalid/contract/api-paths';
import type { AccountRole, AuthResponse } from '@deckvalid/contract/auth';
import { type ChatMessage, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { type CompanyResponse, companyPaths } from '@deckvalid/contract/companies';
import { type DataRoomResponse, type DataRoomsResponse, investorDataRoomPaths } from '@deckvalid/contract/datarooms';
import { type DeckCommentsResponse, deckCommentPaths } from '@deckvalid/contract/deck-comments';
import { type DeckReviewsResponse, deckReviewPaths } from '@deckvalid/contract/deck-reviews';
import { type MentorsFoundersResponse, mentorFounderPaths } from '@deckvalid/contract/mentors';
import {
  type Deliverable,
  investorMilestonePaths,
  type Meet,
  type Milestone,
  mentorMilestonePaths,
  milestonePaths,
  type Task,
  type TaskDetail,
  type TasksResponse,
  type Thread,
  type ThreadsResponse,
} from '@deckvalid/contract/milestones';
import type { Page } from '@deckvalid/contract/pagination';
import type { MentorPitchDecksResponse } from '@deckvalid/contract/pitchdecks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, build, type TestContext } from '../../test/build';
import { demoAccounts, seedDemo } from './demo';
import { seedDemoDecks } from './demo-decks';
import { seedDemoHistory } from './demo-history';
import { seedDemoWorkspace } from './demo-workspace';

let ctx: TestContext;
/** Every error line a seeding step logged: a step that fails is only logged, so the test reads them. */
const errors: string[] = [];

beforeAll(async () => {
  ctx = await build();
  const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
  const seeded = await seedDemo(ctx.database.db, logger);
  if (!seeded) throw new Error('the demo was not seeded into a fresh database');
  await seedDemoDecks(ctx.app, seeded, logger);
  await seedDemoHistory(ctx.app, ctx.database.db, seeded, logger);
  await seedDemoWorkspace(ctx.app, ctx.database.db, seeded, logger);
}, 120_000);
afterAll(() => ctx?.close());

/** Signs a demo account in through the API, with the details printed at start. */
async function signIn(email: string) {
  const demo = demoAccounts.find((account) => account.email === email);
  if (!demo) throw new Error(`no demo account ${email}`);
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: `${authApiRoot[demo.role as AccountRole]}${authPaths.login}`,
    payload: { email: demo.email, password: demo.password },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const signedIn = reply.json() as AuthResponse;
  return {
    name: signedIn.user.name,
    get: async <Body>(url: string): Promise<Body> => {
      const answer = await ctx.app.fastify.inject({ method: 'GET', url, headers: authHeaders(signedIn.tokens) });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json() as Body;
    },
  };
}

describe('the demo workspace (SEED_DEMO=1)', () => {
  it('seeds every step without an error', () => {
    expect(errors).toEqual([]);
  });

  it('names its people as people', async () => {
    const names = await Promise.all(
      ['founder', 'jonas', 'aiko', 'priya', 'ravi', 'lena', 'mentor'].map(
        async (who) => (await signIn(`${who}@demo.pitchlane.local`)).name,
      ),
    );
    expect(names).toEqual([
      'Maya Lind',
      'Jonas Berg',
      'Aiko Tanaka',
      'Priya Shah',
      'Ravi Mehta',
      'Lena Hoffmann',
      'Tomás Reyes',
    ]);
  });

  it('gives each founder one company: Maya two Ledgerleaf rounds, the other decks their own founders', async () => {
    const ravi = await signIn('ravi@demo.pitchlane.local');
    const companies = [];
    for (const who of ['founder', 'jonas', 'aiko', 'priya']) {
      const founder = await signIn(`${who}@demo.pitchlane.local`);
      const mine = await founder.get<{ data: { company: string; title: string }[] }>(founderDeckPaths.pitchDecks);
      const me = await founder.get<{ user: { id: string } }>(`${authApiRoot.user}${authPaths.me}`);
      const { company } = await ravi.get<CompanyResponse>(companyPaths.company(me.user.id));
      companies.push({
        name: company.name,
        decks: mine.data.map((deck) => deck.title).sort(),
        deckCompanies: [...new Set(mine.data.map((deck) => deck.company))],
        rounds: [...new Set(company.rounds.map((round) => round.company))],
      });
    }
    expect(companies).toEqual([
      {
        name: 'Ledgerleaf',
        decks: ['Ledgerleaf pre-seed', 'Ledgerleaf seed round'],
        deckCompanies: ['Ledgerleaf'],
        rounds: ['Ledgerleaf'],
      },
      {
        name: 'Tidewater Labs',
        decks: ['Tidewater seed round'],
        deckCompanies: ['Tidewater Labs'],
        rounds: ['Tidewater Labs'],
      },
      { name: 'Quillwork', decks: ['Quillwork Series A'], deckCompanies: ['Quillwork'], rounds: ['Quillwork'] },
      { name: 'Mendwell', decks: ['Mendwell seed'], deckCompanies: ['Mendwell'], rounds: ['Mendwell'] },
    ]);
  });

  it('shows Maya interests in each status a founder meets, and Ravi and Lena every status of theirs', async () => {
    const maya = await signIn('founder@demo.pitchlane.local');
    const mine = await maya.get<{ data: { status: string }[] }>(`${founderDeckPaths.myInterests}?limit=50`);
    expect(new Set(mine.data.map((interest) => interest.status))).toEqual(
      new Set(['accepted', 'pending', 'withdrawn']),
    );
    const statuses = new Set<string>();
    for (const who of ['ravi', 'lena']) {
      const investor = await signIn(`${who}@demo.pitchlane.local`);
      const theirs = await investor.get<{ data: { status: string }[] }>(`${investorDeckPaths.myInterests}?limit=50`);
      for (const interest of theirs.data) statuses.add(interest.status);
    }
    expect(statuses).toEqual(new Set(['accepted', 'pending', 'withdrawn', 'declined']));
  });

  it('gives the founder a live Ledgerleaf milestone worked across the board', async () => {
    const maya = await signIn('founder@demo.pitchlane.local');
    const { data: milestones } = await maya.get<{ data: Milestone[] }>(milestonePaths.milestones);
    expect(milestones).toHaveLength(1);
    const [milestone] = milestones as [Milestone];
    expect(milestone).toMatchObject({
      title: 'Bank-feed pilot with Banco Mareta',
      status: 'active',
      amount: 150_000,
      pitchDeck: { title: 'Ledgerleaf pre-seed' },
    });

    const { data: tasks } = await maya.get<{ data: Task[] }>(milestonePaths.tasks(milestone.id));
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tasks.map((task) => task.stage))).toEqual(
      new Set(['backlog', 'todo', 'in_progress', 'review', 'done']),
    );
    expect(new Set(tasks.map((task) => task.assignee?.name))).toEqual(new Set(['Maya Lind', 'Ravi Mehta']));
    expect(tasks.flatMap((task) => task.blockedByTaskIds)).toHaveLength(2);
    expect(tasks.some((task) => task.subtaskCount > 0 && task.completedSubtaskCount > 0)).toBe(true);

    const sandbox = tasks.find((task) => task.stage === 'review');
    if (!sandbox) throw new Error('no task in review');
    const { task: detail } = await maya.get<{ task: TaskDetail }>(milestonePaths.task(sandbox.id));
    expect(detail.blockedBy.map((link) => link.stage)).toEqual(['done']);
    const { data: threads } = await maya.get<{ data: Thread[] }>(milestonePaths.taskThreads(sandbox.id));
    expect(threads.map((thread) => thread.messageCount)).toEqual([3]);
    const { data: milestoneThreads } = await maya.get<{ data: Thread[] }>(milestonePaths.threads(milestone.id));
    expect(milestoneThreads.map((thread) => thread.createdBy?.name)).toEqual(['Ravi Mehta']);

    const { data: deliverables } = await maya.get<{ data: Deliverable[] }>(milestonePaths.deliverables(milestone.id));
    expect(deliverables.map((deliverable) => deliverable.status).sort()).toEqual(['accepted', 'changes_requested']);
    expect(deliverables.every((deliverable) => deliverable.url?.startsWith('https://'))).toBe(true);

    const done = tasks.find((task) => task.stage === 'done');
    if (!done) throw new Error('no task done');
    const { data: approvals } = await maya.get<{ data: { decision: string; investor: { name: string } | null }[] }>(
      milestonePaths.taskApprovals(done.id),
    );
    expect(approvals).toMatchObject([{ decision: 'approved', investor: { name: 'Ravi Mehta' } }]);
  });

  it('shows the accepted investor the same milestone and a meet next week he is invited to', async () => {
    const ravi = await signIn('ravi@demo.pitchlane.local');
    const { data: milestones } = await ravi.get<{ data: Milestone[] }>(investorMilestonePaths.milestones);
    const [milestone] = milestones;
    if (!milestone) throw new Error('Ravi sees no milestone');
    const { data: meets } = await ravi.get<{ data: Meet[] }>(investorMilestonePaths.meets(milestone.id));
    expect(meets).toHaveLength(1);
    const [meet] = meets as [Meet];
    expect(meet.attendees.map((attendee) => attendee.name)).toEqual(['Maya Lind', 'Ravi Mehta']);
    const daysAhead = (Date.parse(meet.startsAt) - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(1);
    expect(daysAhead).toBeLessThan(15);
  });

  it('lets an investor see the company’s attention over the weeks the readings span', async () => {
    const ravi = await signIn('ravi@demo.pitchlane.local');
    const maya = await signIn('founder@demo.pitchlane.local');
    const me = await maya.get<{ user: { id: string } }>(`${authApiRoot.user}${authPaths.me}`);
    const { company } = await ravi.get<CompanyResponse>(companyPaths.company(me.user.id));
    // Decks live three weeks ago, readings over the last twelve days: more than one week has some.
    expect(company.weeks.length).toBeGreaterThanOrEqual(3);
    expect(company.weeks.filter((week) => week.views > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('gives the founder a private room and a group, each a conversation spaced out in order', async () => {
    const maya = await signIn('founder@demo.pitchlane.local');
    // People's rooms only: an assistant's room is no part of the demo's conversations.
    const rooms = (await maya.get<{ rooms: ChatRoom[] }>(chatPaths.rooms)).rooms.filter((room) => room.type !== 'bot');
    expect(rooms.map((room) => [room.type, room.name])).toEqual(
      expect.arrayContaining([
        ['private', 'Ravi Mehta'],
        ['group', 'Ledgerleaf round Q&A'],
      ]),
    );
    expect(rooms).toHaveLength(2);
    for (const room of rooms) {
      const { messages } = await maya.get<{ messages: ChatMessage[] }>(`${chatPaths.messages(room.id)}?limit=50`);
      const oldestFirst = [...messages].sort((a, b) => a.seq - b.seq);
      expect(oldestFirst.length).toBeGreaterThanOrEqual(room.type === 'private' ? 5 : 3);
      const times = oldestFirst.map((message) => Date.parse(message.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // Spread over the past day or so, not all stamped at seeding time.
      expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(12 * 3_600_000);
      expect(times.at(-1)).toBeLessThan(Date.now());
      // The investors' last word is still unread for Maya: the widget shows a badge.
      expect(room.unreadCount).toBeGreaterThan(0);
    }
    const privateRoom = rooms.find((room) => room.type === 'private');
    const { messages } = await maya.get<{ messages: ChatMessage[] }>(`${chatPaths.messages(privateRoom?.id ?? '')}`);
    const senders = [...messages].sort((a, b) => a.seq - b.seq).map((message) => message.sender?.name);
    expect(senders.every((name, index) => index === 0 || name !== senders[index - 1])).toBe(true);
  });

  it('puts Lena in the group once her interest in Ledgerleaf is accepted', async () => {
    const lena = await signIn('lena@demo.pitchlane.local');
    const rooms = (await lena.get<{ rooms: ChatRoom[] }>(chatPaths.rooms)).rooms.filter((room) => room.type !== 'bot');
    expect(rooms.map((room) => room.type)).toEqual(['group']);
    expect(rooms[0]?.participants.map((participant) => participant.name).sort()).toEqual([
      'Lena Hoffmann',
      'Maya Lind',
      'Ravi Mehta',
    ]);
  });

  it('gives Ravi Ledgerleaf’s due-diligence room: the agreement to read, the cap table to download', async () => {
    const ravi = await signIn('ravi@demo.pitchlane.local');
    const rooms = await ravi.get<DataRoomsResponse>(investorDataRoomPaths.rooms);
    expect(rooms.data.map((room) => room.name)).toEqual(['Ledgerleaf due diligence']);
    const { room } = await ravi.get<DataRoomResponse>(investorDataRoomPaths.room(rooms.data[0]?.id ?? ''));
    const byName = new Map(room.items.map((item) => [item.name, item]));
    expect(byName.get('Pilot data-sharing agreement.pdf')).toMatchObject({
      parentId: byName.get('Legal')?.id,
      status: 'ready',
      pageCount: 3,
    });
    expect(byName.get('Cap table.csv')).toMatchObject({ parentId: byName.get('Financials')?.id, mime: 'text/csv' });
    const lena = await signIn('lena@demo.pitchlane.local');
    expect((await lena.get<DataRoomsResponse>(investorDataRoomPaths.rooms)).data).toEqual([]);
  });

  it('gives Maya a mentor, Tomás, whose comments and review of the Ledgerleaf pre-seed she reads', async () => {
    const tomas = await signIn('mentor@demo.pitchlane.local');
    const founders = await tomas.get<MentorsFoundersResponse>(mentorFounderPaths.founders);
    expect(founders.data.map((each) => each.founder.name)).toEqual(['Maya Lind']);
    const decks = await tomas.get<MentorPitchDecksResponse>(mentorDeckPaths.pitchDecks);
    const ledgerleaf = decks.data.find((deck) => deck.title === 'Ledgerleaf pre-seed');
    expect(ledgerleaf).toBeDefined();
    const maya = await signIn('founder@demo.pitchlane.local');
    const comments = await maya.get<DeckCommentsResponse>(deckCommentPaths.comments(ledgerleaf?.id ?? ''));
    expect(comments.data).toHaveLength(2);
    expect(comments.data.flatMap((comment) => comment.replies.map((reply) => reply.author.name))).toEqual([
      'Maya Lind',
    ]);
    const reviews = await maya.get<DeckReviewsResponse>(deckReviewPaths.founderReviews(ledgerleaf?.id ?? ''));
    expect(reviews.data.map((review) => [review.mentor.name, review.verdict])).toEqual([['Tomás Reyes', 'needs_work']]);
  });

  it('shares the pilot milestone with Tomás, whose thread with Maya Ravi never sees', async () => {
    const tomas = await signIn('mentor@demo.pitchlane.local');
    const shared = await tomas.get<Page<Milestone>>(mentorMilestonePaths.milestones);
    expect(shared.data.map((milestone) => milestone.title)).toEqual(['Bank-feed pilot with Banco Mareta']);
    const milestoneId = shared.data[0]?.id ?? '';
    const board = await tomas.get<TasksResponse>(mentorMilestonePaths.tasks(milestoneId));
    const shortlist = board.data.find((task) => task.title.startsWith('Shortlist'));
    const threads = await tomas.get<ThreadsResponse>(mentorMilestonePaths.taskThreads(shortlist?.id ?? ''));
    expect(threads.data.map((thread) => [thread.title, thread.audience, thread.messageCount])).toEqual([
      ['Which restaurants make a fair test?', 'mentors', 2],
    ]);
    const ravi = await signIn('ravi@demo.pitchlane.local');
    const seenByRavi = await ravi.get<ThreadsResponse>(investorMilestonePaths.taskThreads(shortlist?.id ?? ''));
    expect(seenByRavi.data.map((thread) => thread.audience)).not.toContain('mentors');
  });
});
