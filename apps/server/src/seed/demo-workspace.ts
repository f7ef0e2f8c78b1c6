import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import type { TaskStage } from '@deckvalid/contract/milestones';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { App } from '@/app';
import type { Principal } from '@/core/identity/principal';
import type { Database } from '@/db/client';
import { samplePdf } from '@/lib/sample-pdf';
import { chatMessages, chatParticipants, chatRooms } from '@/modules/chat/chat.schema';
import { interests } from '@/modules/interests/interests.schema';
import { mentorships } from '@/modules/mentors/mentors.schema';
import type { DemoPeople } from './demo';

/** Who is on the demo's side of a line of conversation. */
type Speaker = 'maya' | 'ravi' | 'lena';

/**
 * One chat line, and when it was sent once the conversation is spaced out: `daysAgo` at `at`
 * (UTC, about Lisbon and London time), so the demo talks in working hours whenever it is seeded.
 */
type Line = { from: Speaker; daysAgo: number; at: string; text: string };

/** The Ledgerleaf pilot's board: each task with its stage, assignee and what hangs off it. */
type DemoTask = {
  key: 'agreement' | 'sandbox' | 'shortlist' | 'onboarding' | 'playbook' | 'results';
  title: string;
  description: string;
  stage: TaskStage;
  assignee: 'maya' | 'ravi';
  dueInDays: number;
  estimateDays: number;
  /** What the board's label filter offers. */
  labels: string[];
  subtasks?: { title: string; isCompleted: boolean }[];
};

const pilotTasks: DemoTask[] = [
  {
    key: 'agreement',
    labels: ['legal'],
    title: 'Sign the pilot data-sharing agreement with Banco Mareta',
    description: 'Read-only access to the pilot restaurants’ business accounts, 90-day term, either side may exit.',
    stage: 'done',
    assignee: 'maya',
    dueInDays: -6,
    estimateDays: 5,
    subtasks: [
      { title: 'Legal review of the bank’s template', isCompleted: true },
      { title: 'DPO sign-off on the data flows', isCompleted: true },
    ],
  },
  {
    key: 'sandbox',
    labels: ['engineering', 'bank'],
    title: 'Reconcile sandbox bank feeds for 5 test restaurants',
    description: 'Match a month of supplier invoices against the PSD2 sandbox feed; report the match rate.',
    stage: 'review',
    assignee: 'maya',
    dueInDays: 3,
    estimateDays: 8,
  },
  {
    key: 'shortlist',
    labels: ['sales'],
    title: 'Shortlist 25 pilot restaurants with the SME desk',
    description: 'Independent restaurants in Lisbon with a Mareta business account and card terminal.',
    stage: 'in_progress',
    assignee: 'ravi',
    dueInDays: 10,
    estimateDays: 6,
    subtasks: [
      { title: 'Agree selection criteria with the SME desk', isCompleted: true },
      { title: 'Pull candidates with 2+ years of card-terminal history', isCompleted: false },
    ],
  },
  {
    key: 'onboarding',
    labels: ['bank', 'ops'],
    title: 'Onboard the first 10 restaurants',
    description: 'Connect each bank feed, import 3 months of invoices, and train one person per restaurant.',
    stage: 'todo',
    assignee: 'maya',
    dueInDays: 24,
    estimateDays: 10,
  },
  {
    key: 'playbook',
    labels: ['ops'],
    title: 'Write the onboarding playbook for restaurant owners',
    description: 'A one-page guide in Portuguese and English: connect the account, snap invoices, read food cost.',
    stage: 'todo',
    assignee: 'maya',
    dueInDays: 17,
    estimateDays: 3,
  },
  {
    key: 'results',
    labels: ['reporting'],
    title: 'Pilot results pack for the bank’s credit committee',
    description: 'Hours saved per restaurant, reconciliation accuracy, and the proposed SME bundle pricing.',
    stage: 'backlog',
    assignee: 'ravi',
    dueInDays: 45,
    estimateDays: 4,
  },
];

const privateConversation: Line[] = [
  {
    from: 'ravi',
    daysAgo: 2,
    at: '15:40',
    text: 'Maya, I spoke with Inês at Banco Mareta’s SME desk. They’re keen, but want the sandbox numbers before they share any customer list.',
  },
  {
    from: 'maya',
    daysAgo: 2,
    at: '16:05',
    text: 'Great news, thank you! Reconciliation is running on five test restaurants; the report will be on the milestone by tomorrow.',
  },
  {
    from: 'ravi',
    daysAgo: 2,
    at: '16:20',
    text: 'Perfect. Put the card-settlement match rate up front: it’s the first thing their risk team looks at.',
  },
  {
    from: 'maya',
    daysAgo: 1,
    at: '09:15',
    text: 'Report is up. Card settlements match at 94%; most misses are split bills, and matching on the terminal ID fixes them.',
  },
  {
    from: 'ravi',
    daysAgo: 1,
    at: '09:50',
    text: 'Nice. I left a note on the deliverable: they’ll want it broken down by payment type. Can we prep together before the check-in?',
  },
  {
    from: 'maya',
    daysAgo: 1,
    at: '10:05',
    text: 'Yes, I’ve put a check-in on the milestone for next Tuesday and invited you.',
  },
  { from: 'ravi', daysAgo: 0, at: '08:30', text: 'Got the invite. See you Tuesday!' },
];

const groupName = 'Ledgerleaf round Q&A';

const groupConversation: Line[] = [
  {
    from: 'maya',
    daysAgo: 1,
    at: '11:00',
    text: 'Hi both, one room since you’re both in the Ledgerleaf pre-seed. I’ll share the cohort data from our first restaurants here this week.',
  },
  {
    from: 'lena',
    daysAgo: 1,
    at: '11:25',
    text: 'Thanks Maya. The daily food-cost figure: do restaurants check it every day, or only at month end?',
  },
  {
    from: 'maya',
    daysAgo: 1,
    at: '11:40',
    text: 'Daily for two thirds of them, mostly before ordering. I’ll add a per-restaurant breakdown.',
  },
  {
    from: 'ravi',
    daysAgo: 0,
    at: '08:45',
    text: 'Helpful. Lena, happy to compare notes: we looked at two restaurant-software deals last year.',
  },
];

/**
 * Gives the seeded demo the work that happens after an interest is accepted: a live milestone on
 * Ledgerleaf (where Ravi is accepted) with a board across every stage, links, subtasks, a meet,
 * threads, deliverables and an approval, and two chat rooms with a short conversation each. All of
 * it through the services, as Maya and Ravi would do it in the app; only chat messages are then
 * moved back in time, which no call can do. Each step stands alone: one that fails is logged and
 * the next still runs, and the server starts either way.
 */
export async function seedDemoWorkspace(app: App, db: Database, people: DemoPeople, logger: Logger): Promise<void> {
  const [ravi, lena] = people.investors;
  if (!ravi || !lena) return;
  const who: Record<Speaker, Principal> = { maya: people.founder, ravi, lena };
  const steps: [string, () => Promise<unknown>][] = [
    ['founder profiles', () => seedFounderProfiles(app, people)],
    ['milestone', () => seedPilotMilestone(app, who)],
    ['private chat', () => seedPrivateChat(app, db, who)],
    ['group chat', () => seedGroupChat(app, db, who)],
    ['data room', () => seedDataRoom(app, db, who)],
    ['mentorship', () => seedMentorship(app, db, who.maya, people.mentors[0])],
  ];
  const failed: string[] = [];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      failed.push(name);
      logger.error(
        { err: error, step: name },
        `demo workspace: seeding the ${name} failed; the demo goes on without it`,
      );
    }
  }
  logger.info({ failed }, `demo workspace seeded: ${steps.length - failed.length} of ${steps.length} steps`);
}

/**
 * Ledgerleaf's due-diligence room, given to Ravi (accepted on the pre-seed): the pilot agreement
 * as a PDF in Legal, the cap table as a CSV in Financials, stored as uploads are.
 */
async function seedDataRoom(app: App, db: Database, who: Record<Speaker, Principal>): Promise<void> {
  const { rooms, grants } = app.services.dataRooms;
  const { uploads } = app.services;
  const { maya, ravi } = who;
  const pitchDeckId = await readyDeckId(app, maya, 'Ledgerleaf pre-seed');
  const room = await rooms.create(maya, { name: 'Ledgerleaf due diligence' });
  const legal = await rooms.createFolder(maya, room.id, { name: 'Legal' });
  const financials = await rooms.createFolder(maya, room.id, { name: 'Financials' });
  const agreement = await samplePdf([
    { heading: 'Pilot data-sharing agreement', body: ['Ledgerleaf Lda and Banco Mareta S.A.', 'Term: 90 days'] },
    { heading: 'Scope', body: ['Read-only access to the business accounts of 25 pilot restaurants.'] },
    { heading: 'Exit', body: ['Either side may end the pilot with 14 days’ notice.'] },
  ]);
  const agreementKey = await uploads.storeServerFile(maya.accountId, 'document', agreement, 'application/pdf');
  await rooms.addFile(maya, room.id, {
    key: agreementKey,
    name: 'Pilot data-sharing agreement.pdf',
    parentId: legal.id,
  });
  const capTable = Buffer.from(
    'holder,class,shares,percent\nMaya Lind,common,6000000,75.0\nOption pool,options,1000000,12.5\nAngels,SAFE,1000000,12.5\n',
  );
  const capTableKey = await uploads.storeServerFile(maya.accountId, 'document', capTable, 'text/csv');
  await rooms.addFile(maya, room.id, { key: capTableKey, name: 'Cap table.csv', parentId: financials.id });
  const [accepted] = await db
    .select({ id: interests.id })
    .from(interests)
    .where(
      and(
        eq(interests.pitchDeckId, pitchDeckId),
        eq(interests.investorId, ravi.accountId),
        eq(interests.status, 'accepted'),
      ),
    );
  if (!accepted) throw new Error('Ravi is not accepted on the Ledgerleaf pre-seed');
  await grants.grant(maya, room.id, { interestId: accepted.id });
}

/**
 * Tomás mentors Maya: the mentorship as an accepted invitation leaves it (the invitation's token
 * lives only in a mail, so the row is written directly), his comments on two pages of the
 * Ledgerleaf pre-seed with Maya's reply to one, his review of its live version, and the pilot
 * milestone shared with him, with a thread between the two of them on one of its tasks.
 */
async function seedMentorship(app: App, db: Database, maya: Principal, tomas: Principal | undefined): Promise<void> {
  if (!tomas) return;
  await db.insert(mentorships).values({ founderId: maya.accountId, mentorId: tomas.accountId });
  const pitchDeckId = await readyDeckId(app, maya, 'Ledgerleaf pre-seed');
  const { comments, reviews } = app.services;
  const live = (await app.services.pitchDecks.findDeckVersion(pitchDeckId))?.version;
  if (!live) throw new Error('the Ledgerleaf pre-seed has no version');
  const market = await comments.create(tomas, pitchDeckId, {
    version: live.number,
    page: Math.min(3, live.pageCount ?? 1),
    region: { x: 0.05, y: 0.25, width: 0.6, height: 0.3 },
    body: 'Where does the restaurant count come from? Investors will ask for the source and the year.',
  });
  await comments.reply(maya, market.id, 'From the 2025 national business register; I will cite it on the page.');
  await comments.create(tomas, pitchDeckId, {
    version: live.number,
    page: 1,
    body: 'Strong opening. Say who the customer is in the first line: independent restaurants.',
  });
  await reviews.put(tomas, pitchDeckId, live.number, {
    sections: analysisSectionKeys.map((key) => ({
      key,
      score: key === 'market' || key === 'financials' ? 3 : 4,
      note: key === 'market' ? 'Cite the source of the restaurant count.' : null,
    })),
    verdict: 'needs_work',
    summary: 'A clear story with a real pilot. Source the market size and show monthly burn before sending it out.',
  });

  // Maya shares the pilot milestone with Tomás, who asks about the shortlist in a thread with the
  // mentors: Ravi, who follows the milestone, never sees it.
  const { milestones, tasks, threads } = app.services.milestones;
  const pilot = (await milestones.list(maya, { page: 1, limit: 20, archived: false })).data.find(
    (milestone) => milestone.title === 'Bank-feed pilot with Banco Mareta',
  );
  if (!pilot) throw new Error('the pilot milestone is missing');
  await milestones.share(maya, pilot.id, tomas.accountId);
  const board = JSON.parse((await tasks.boardJson(maya, pilot.id)).toString()) as {
    data: { id: string; title: string }[];
  };
  const shortlist = board.data.find((task) => task.title.startsWith('Shortlist 25 pilot restaurants'));
  if (!shortlist) throw new Error('the shortlist task is missing');
  const thread = await threads.createOnTask(tomas, shortlist.id, { title: 'Which restaurants make a fair test?' });
  await threads.post(tomas, thread.id, {
    text: 'Pick a few restaurants with messy books, not only the tidy ones: the bank will judge the match rate on the hard cases.',
    attachments: [],
  });
  await threads.post(maya, thread.id, {
    text: 'Good point. Five of the 25 will be ones whose accountants complain the most; I will ask the SME desk.',
    attachments: [],
  });
}

/** Each founder's profile: the company whose decks they submitted, as its page shows it. */
const founderProfiles: Record<string, { headline: string; bio: string; company: string; location: string }> = {
  'founder@demo.pitchlane.local': {
    headline: 'Founder and CEO of Ledgerleaf',
    bio: 'Former product lead at a Lisbon neobank. Ledgerleaf keeps the books of independent restaurants.',
    company: 'Ledgerleaf',
    location: 'Lisbon',
  },
  'jonas@demo.pitchlane.local': {
    headline: 'Co-founder of Tidewater Labs',
    bio: 'Port engineer for twelve years in Rotterdam; now tells ships when the tide lets them berth.',
    company: 'Tidewater Labs',
    location: 'Rotterdam',
  },
  'aiko@demo.pitchlane.local': {
    headline: 'Founder of Quillwork',
    bio: 'Led developer productivity at a Berlin scale-up; Quillwork reviews code the way a team does.',
    company: 'Quillwork',
    location: 'Berlin',
  },
  'priya@demo.pitchlane.local': {
    headline: 'Physiotherapist and founder of Mendwell',
    bio: 'Ten years in NHS clinics; Mendwell keeps patients doing their exercises at home.',
    company: 'Mendwell',
    location: 'Manchester',
  },
};

async function seedFounderProfiles(app: App, people: DemoPeople): Promise<void> {
  for (const [email, founder] of people.foundersByEmail) {
    const profile = founderProfiles[email];
    if (profile) await app.services.accounts.updateProfile(founder, { ...profile, website: null });
  }
}

/** The demo's id of a ready deck by its title, or an error naming it. */
async function readyDeckId(app: App, founder: Principal, title: string): Promise<string> {
  const decks = await app.services.pitchDecks.listMine(founder, { page: 1, limit: 20 });
  const deck = decks.data.find((candidate) => candidate.title === title && candidate.status === 'ready');
  if (!deck) throw new Error(`the demo deck “${title}” is not ready`);
  return deck.id;
}

/** The Ledgerleaf bank-partnership pilot, worked as Maya (founder) and Ravi (accepted investor) would. */
async function seedPilotMilestone(app: App, who: Record<Speaker, Principal>): Promise<string> {
  const { milestones, tasks, dependencies, deliverables, approvals, meets, threads } = app.services.milestones;
  const { maya, ravi } = who;
  const pitchDeckId = await readyDeckId(app, maya, 'Ledgerleaf pre-seed');
  const milestone = await milestones.create(maya, {
    pitchDeckId,
    title: 'Bank-feed pilot with Banco Mareta',
    description:
      'Connect Ledgerleaf to Banco Mareta’s business accounts and run 25 Lisbon restaurants from the bank’s SME book for 90 days. A signed pilot releases the second tranche of the pre-seed.',
    dueDate: dayFromToday(56),
    amount: 150_000,
  });
  await milestones.changeStatus(maya, milestone.id, 'active');

  // Created in the first columns, as a founder plans a board, then moved along as work happened:
  // the activity feed then tells the story.
  const ids = new Map<DemoTask['key'], string>();
  for (const task of pilotTasks) {
    const created = await tasks.create(maya, milestone.id, {
      title: task.title,
      description: task.description,
      stage: task.stage === 'backlog' ? 'backlog' : 'todo',
      assigneeId: who[task.assignee].accountId,
      dueDate: dayFromToday(task.dueInDays),
      estimateDays: task.estimateDays,
      labels: task.labels,
    });
    ids.set(task.key, created.id);
    for (const subtask of task.subtasks ?? []) {
      const made = await tasks.createSubtask(maya, created.id, subtask.title);
      if (subtask.isCompleted) await tasks.toggleSubtask(maya, made.id, true);
    }
  }
  const id = (key: DemoTask['key']) => {
    const taskId = ids.get(key);
    if (!taskId) throw new Error(`the demo task ${key} was not created`);
    return taskId;
  };
  // The sandbox needs the signed agreement; onboarding needs the shortlist.
  await dependencies.add(maya, id('sandbox'), id('agreement'));
  await dependencies.add(maya, id('onboarding'), id('shortlist'));

  const agreement = await deliverables.create(maya, id('agreement'), {
    title: 'Signed data-sharing agreement',
    description: 'Countersigned by Banco Mareta’s head of SME banking.',
  });
  await deliverables.submit(maya, agreement.id, {
    url: 'https://docs.ledgerleaf.example/pilot/banco-mareta-data-sharing-signed.pdf',
  });
  await deliverables.accept(ravi, agreement.id);
  await approvals.record(ravi, id('agreement'), {
    decision: 'approved',
    comment: 'Clean agreement. The 90-day exit clause is exactly what we wanted.',
  });
  for (const task of pilotTasks) {
    if (task.stage === 'backlog' || task.stage === 'todo') continue;
    await tasks.move(maya, id(task.key), { stage: 'in_progress', beforeTaskId: null });
    if (task.stage !== 'in_progress') await tasks.move(maya, id(task.key), { stage: task.stage, beforeTaskId: null });
  }

  const report = await deliverables.create(maya, id('sandbox'), {
    title: 'Sandbox reconciliation report',
    description: 'Match rates for five test restaurants over one month of invoices.',
  });
  await deliverables.submit(maya, report.id, {
    url: 'https://docs.ledgerleaf.example/pilot/sandbox-reconciliation-v1',
  });
  await deliverables.requestChanges(
    ravi,
    report.id,
    'Thanks, this is strong. Could you break the match rate down by payment type (card, transfer, direct debit)? The bank’s risk team will ask for it first.',
  );

  const thread = await threads.createOnTask(maya, id('sandbox'), { title: 'Split bills in the sandbox data' });
  const discussion: [Principal, string][] = [
    [
      maya,
      'Most unmatched lines are split bills: one invoice, two or three card payments. I’m grouping them by terminal and a time window.',
    ],
    [ravi, 'Does the bank feed carry the terminal ID? Inês said it does for Mareta’s own terminals.'],
    [
      maya,
      'It does. Terminal ID plus a 15-minute window takes card settlements from 94% to 98% on the test set. I’ll put it in v2 of the report.',
    ],
  ];
  for (const [author, text] of discussion) await threads.post(author, thread.id, { text, attachments: [] });

  const terms = await threads.createOnMilestone(ravi, milestone.id, { title: 'Tranche 2: release conditions' });
  const termsDiscussion: [Principal, string][] = [
    [
      ravi,
      'For our investment committee memo: tranche 2 releases on a signed pilot plus 10 restaurants live. Does that match your plan?',
    ],
    [
      maya,
      'Yes. The signed pilot is done; 10 restaurants live is the onboarding task on the board, after the shortlist.',
    ],
  ];
  for (const [author, text] of termsDiscussion) await threads.post(author, terms.id, { text, attachments: [] });

  const tuesday = nextWeeksTuesday();
  await meets.create(maya, milestone.id, {
    title: 'Weekly pilot check-in',
    agenda: 'Sandbox match rate by payment type, the restaurant shortlist, and a date for the first onboardings.',
    startsAt: zonedStart(tuesday, '10:00', 'Europe/Lisbon'),
    durationMinutes: 45,
    timeZone: 'Europe/Lisbon',
    videoUrl: 'https://meet.ledgerleaf.example/pilot-check-in',
    attendeeIds: [maya.accountId, ravi.accountId],
  });
  return milestone.id;
}

/** Maya and Ravi's private room: the pilot, as two people who work together would discuss it. */
async function seedPrivateChat(app: App, db: Database, who: Record<Speaker, Principal>): Promise<void> {
  const { room } = await app.services.chat.openPrivateRoom(who.maya, who.ravi.accountId);
  await converse(app, db, room.id, who, privateConversation);
}

/**
 * A group of Maya, Ravi and Lena about the Ledgerleaf pre-seed. A group's creator must be tied to
 * everyone in it: Maya first accepts Lena's interest in that deck, as she would from her inbox.
 */
async function seedGroupChat(app: App, db: Database, who: Record<Speaker, Principal>): Promise<void> {
  const { interests, chat } = app.services;
  const ledgerleaf = await readyDeckId(app, who.maya, 'Ledgerleaf pre-seed');
  const pending = await interests.listForDeck(who.maya, ledgerleaf, { page: 1, limit: 20, status: 'pending' });
  const lenasInterest = pending.data.find((interest) => interest.investor.id === who.lena.accountId);
  if (lenasInterest) await interests.decide(who.maya, ledgerleaf, lenasInterest.id, { status: 'accepted' });
  const room = await chat.createGroupRoom(who.maya, {
    name: groupName,
    participantIds: [who.ravi.accountId, who.lena.accountId],
  });
  await converse(app, db, room.id, who, groupConversation);
}

/** Posts the lines in order through the chat service (its rate limit and policies included), then spaces them out. */
async function converse(
  app: App,
  db: Database,
  roomId: string,
  who: Record<Speaker, Principal>,
  lines: Line[],
): Promise<void> {
  for (const line of lines) {
    await app.services.chat.postMessage(who[line.from], {
      chatRoomId: roomId,
      content: line.text,
      type: 'text',
    });
  }
  await spaceOut(db, roomId, lines);
}

/**
 * Moves a room's messages back to when the conversation took place, which no call can do (a
 * message is stamped when it is stored). Times rise with seq, so the room reads in the order it
 * was written; a conversation whose last line would still be ahead today is moved a day earlier
 * as a whole. The room, its members' joins and read receipts move along with the messages.
 */
async function spaceOut(db: Database, roomId: string, lines: Line[]): Promise<void> {
  let times = lines.map((line) => Date.parse(`${dayFromToday(-line.daysAgo)}T${line.at}:00Z`));
  if (times.some((time, index) => index > 0 && time <= (times[index - 1] ?? 0))) {
    throw new Error('a demo conversation must be spaced oldest first');
  }
  if ((times.at(-1) ?? 0) > Date.now() - 15 * 60_000) times = times.map((time) => time - 86_400_000);
  const sentAt = times.map((time) => new Date(time));
  const first = sentAt[0] ?? new Date();
  const last = sentAt.at(-1) ?? new Date();
  const opened = new Date(first.getTime() - 5 * 60_000);
  await db.transaction(async (tx) => {
    for (const [index, createdAt] of sentAt.entries()) {
      await tx
        .update(chatMessages)
        .set({ createdAt })
        .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.seq, index + 1)));
    }
    await tx
      .update(chatRooms)
      .set({ createdAt: opened, updatedAt: last, lastMessageAt: last })
      .where(eq(chatRooms.id, roomId));
    // Each member read up to their own last message (posting moves the sender's watermark): the
    // receipt's time is that message's.
    await tx.execute(sql`
      update ${chatParticipants} p
      set joined_at = ${opened.toISOString()}::timestamptz, read_at = m.created_at
      from ${chatMessages} m
      where p.room_id = ${roomId} and m.room_id = p.room_id and m.seq = p.read_seq`);
  });
}

/** The calendar day `days` from today (UTC), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Tuesday of next week, as YYYY-MM-DD: the demo's meet is always ahead. */
function nextWeeksTuesday(): string {
  const weekday = new Date().getUTCDay();
  const daysToNextMonday = (8 - weekday) % 7 || 7;
  return dayFromToday(daysToNextMonday + 1);
}

/** `day` at wall-clock `time` in `timeZone`, as an ISO instant with that zone's offset on that day. */
function zonedStart(day: string, time: string, timeZone: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT+01:00", or "GMT" for a zone at UTC that day.
  const offset = name?.replace('GMT', '') || '+00:00';
  return `${day}T${time}:00${offset}`;
}
