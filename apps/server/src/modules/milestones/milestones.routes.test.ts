import { gunzipSync } from 'node:zlib';
import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import {
  type Activity,
  investorMilestonePaths,
  type Milestone,
  milestoneOverviewResponseSchema,
  milestonePageSchema,
  milestonePaths,
  milestoneResponseSchema,
  type Task,
  type TaskDetail,
  taskResponseSchema,
} from '@deckvalid/contract/milestones';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import type { MilestoneChange } from '@/core/events';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import { showInterest, withdrawInterest } from '../../../test/chat';
import { expectContractShape } from '../../../test/contract-shape';
import { deckDetails, readyDeck } from '../../../test/decks';
import { acceptedInvestor, addDependency, createMilestone, createTask } from '../../../test/milestones';

/**
 * The Milestones API (spec §7) and the investor's milestone reads, through the real app: every
 * route's success and its refusals (docs/milestones.md).
 */
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;
let pendingInvestor: SignedUp;
let deckId: string;
let otherDeckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, pendingInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'user', 'Olga Other'),
    signUp(ctx, 'investor', 'Paul Pending'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  otherDeckId = (await readyDeck(ctx, otherFounder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId);
  await showInterest(ctx, pendingInvestor, deckId);
});

afterAll(async () => {
  await ctx.close();
});

const activitiesOf = async (milestoneId: string, query = '') =>
  (await callAs(ctx, founder, 'GET', `${milestonePaths.activities(milestoneId)}${query}`)).json().data as Activity[];

/** Collects the milestone events the app emits from now on. */
function recordEvents() {
  const seen: (MilestoneChange & { taskId?: string })[] = [];
  const stops = [
    ctx.app.events.on('milestone.changed', (event) => void seen.push(event)),
    ctx.app.events.on('milestone.task-changed', (event) => void seen.push(event)),
  ];
  return {
    seen,
    settle: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const stop of stops) stop();
      return seen;
    },
  };
}

describe('milestones', () => {
  it('creates a draft on the founder’s own deck, logs it and emits one event', async () => {
    const events = recordEvents();
    const reply = await callAs(ctx, founder, 'POST', milestonePaths.milestones, {
      pitchDeckId: deckId,
      title: '  First pilot  ',
      dueDate: '2027-01-15',
      amount: 250_000,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const milestone = reply.json().milestone as Milestone;
    expect(milestone).toMatchObject({
      title: 'First pilot',
      description: '',
      status: 'draft',
      amount: 250_000,
      archivedAt: null,
      progress: { totalTasks: 0, doneTasks: 0, percent: 0 },
    });
    const [activity] = await activitiesOf(milestone.id);
    expect(activity).toMatchObject({ action: 'milestone.created', actor: { id: founder.user.id }, taskId: null });
    expect(await events.settle()).toEqual([
      expect.objectContaining({ milestoneId: milestone.id, action: 'milestone.created', activityId: activity?.id }),
    ]);
  });

  it('refuses another founder’s deck with 404 and a bad body with 400', async () => {
    const foreign = await callAs(ctx, founder, 'POST', milestonePaths.milestones, {
      pitchDeckId: otherDeckId,
      title: 'Not mine',
      dueDate: '2027-01-15',
    });
    expect(foreign.statusCode).toBe(404);
    const badDate = await callAs(ctx, founder, 'POST', milestonePaths.milestones, {
      pitchDeckId: deckId,
      title: 'Bad date',
      dueDate: '2027-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.details.fields[0].path).toBe('dueDate');
  });

  it('lists, filters, reads and edits; PUT clears what it omits and logs only what changed', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Listed', amount: 10 });
    const listed = await callAs(ctx, founder, 'GET', `${milestonePaths.milestones}?pitchDeckId=${deckId}&status=draft`);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as Milestone[]).map((row) => row.id)).toContain(milestone.id);
    expect(listed.json().meta).toMatchObject({ page: 1, limit: 20 });

    const edited = await callAs(ctx, founder, 'PUT', milestonePaths.milestone(milestone.id), {
      title: 'Listed, renamed',
      dueDate: milestone.dueDate,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().milestone).toMatchObject({ title: 'Listed, renamed', amount: null });
    const [latest] = await activitiesOf(milestone.id);
    expect(latest).toMatchObject({
      action: 'milestone.updated',
      oldValue: { title: 'Listed', amount: 10 },
      newValue: { title: 'Listed, renamed', amount: null },
    });
    expect((await callAs(ctx, otherFounder, 'GET', milestonePaths.milestone(milestone.id))).statusCode).toBe(404);
    expect(
      (
        await callAs(ctx, otherFounder, 'PUT', milestonePaths.milestone(milestone.id), {
          title: 'x',
          dueDate: '2027-01-01',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('names each milestone’s own deck (title and company) in every answer, founder’s and investor’s alike', async () => {
    const seedDeck = { id: deckId, title: 'Tidewater seed round', company: 'Tidewater Labs' };
    const bridge = await readyDeck(ctx, founder, {
      details: { title: 'Tidewater bridge', company: 'Tidewater Ports' },
    });
    const bridgeDeck = { id: bridge.id, title: 'Tidewater bridge', company: 'Tidewater Ports' };
    const onSeed = await createMilestone(ctx, founder, deckId, {
      title: 'Named on the seed deck',
      dueDate: '2026-01-01',
    });
    const created = await callAs(ctx, founder, 'POST', milestonePaths.milestones, {
      pitchDeckId: bridge.id,
      title: 'Named on the bridge deck',
      dueDate: '2026-01-02',
    });
    expect(created.statusCode, created.body).toBe(201);
    expectContractShape(created.json(), milestoneResponseSchema);
    const onBridge = created.json().milestone as Milestone;
    expect(onSeed).toMatchObject({ pitchDeckId: deckId, pitchDeck: seedDeck });
    expect(onBridge).toMatchObject({ pitchDeckId: bridge.id, pitchDeck: bridgeDeck });

    // The list joins each row to its own deck: two decks on one page, each named right.
    const listed = await callAs(ctx, founder, 'GET', milestonePaths.milestones);
    expectContractShape(listed.json(), milestonePageSchema);
    const byId = new Map((listed.json().data as Milestone[]).map((row) => [row.id, row.pitchDeck]));
    expect(byId.get(onSeed.id)).toEqual(seedDeck);
    expect(byId.get(onBridge.id)).toEqual(bridgeDeck);

    const read = await callAs(ctx, founder, 'GET', milestonePaths.milestone(onSeed.id));
    expectContractShape(read.json(), milestoneResponseSchema);
    expect(read.json().milestone.pitchDeck).toEqual(seedDeck);
    const edited = await callAs(ctx, founder, 'PUT', milestonePaths.milestone(onSeed.id), {
      title: 'Renamed, still on the seed deck',
      dueDate: '2026-01-01',
    });
    expect(edited.json().milestone.pitchDeck).toEqual(seedDeck);
    const moved = await callAs(ctx, founder, 'PATCH', milestonePaths.status(onSeed.id), { status: 'active' });
    expect(moved.json().milestone).toMatchObject({ status: 'active', pitchDeck: seedDeck });

    // An investor accepted on the seed deck reads the same names (and not the bridge deck's milestone).
    const followed = await callAs(ctx, investor, 'GET', investorMilestonePaths.milestone(onSeed.id));
    expectContractShape(followed.json(), milestoneResponseSchema);
    expect(followed.json().milestone.pitchDeck).toEqual(seedDeck);
    const investorList = (await callAs(ctx, investor, 'GET', investorMilestonePaths.milestones)).json()
      .data as Milestone[];
    expect(investorList.find((row) => row.id === onSeed.id)?.pitchDeck).toEqual(seedDeck);
    expect(investorList.some((row) => row.id === onBridge.id)).toBe(false);

    // The name is the deck's as it stands: renaming the deck renames it in every milestone answer.
    const renamed = await callAs(
      ctx,
      founder,
      'PUT',
      founderDeckPaths.pitchDeck(bridge.id),
      deckDetails({ title: 'Tidewater bridge, extended', company: 'Tidewater Ports' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await callAs(ctx, founder, 'GET', milestonePaths.milestone(onBridge.id))).json()
      .milestone as Milestone;
    expect(after.pitchDeck).toEqual({ ...bridgeDeck, title: 'Tidewater bridge, extended' });
    const relisted = (await callAs(ctx, founder, 'GET', `${milestonePaths.milestones}?pitchDeckId=${bridge.id}`)).json()
      .data as Milestone[];
    expect(relisted.map((row) => row.pitchDeck.title)).toEqual(['Tidewater bridge, extended']);
  });

  it('moves along draft → active → completed only; completing needs every task done (409 naming them)', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const task = await createTask(ctx, founder, milestone.id, { title: 'Sign the pilot contract' });
    const status = (value: string) =>
      callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: value });

    expect((await status('completed')).statusCode).toBe(409);
    expect((await status('active')).json().milestone.status).toBe('active');
    const early = await status('completed');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details).toEqual({
      openTasks: [{ id: task.id, title: 'Sign the pilot contract', stage: 'backlog' }],
      pendingDeliverables: [],
    });
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage: 'done' })).statusCode).toBe(
      200,
    );
    expect((await status('completed')).json().milestone).toMatchObject({
      status: 'completed',
      progress: { percent: 100 },
    });
    // Completed is final, and its content read-only.
    expect((await status('active')).statusCode).toBe(409);
    const late = await callAs(ctx, founder, 'POST', milestonePaths.tasks(milestone.id), { title: 'After the fact' });
    expect(late.statusCode).toBe(409);
    expect((await status('nonsense')).statusCode).toBe(400);
  });

  it('archives (hidden, read-only, restorable) and deletes permanently with everything under it', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'To archive' });
    const task = await createTask(ctx, founder, milestone.id);
    expect(
      (await callAs(ctx, founder, 'DELETE', `${milestonePaths.milestone(milestone.id)}?mode=archive`)).statusCode,
    ).toBe(204);
    const live = (await callAs(ctx, founder, 'GET', milestonePaths.milestones)).json().data as Milestone[];
    expect(live.map((row) => row.id)).not.toContain(milestone.id);
    const archived = (await callAs(ctx, founder, 'GET', `${milestonePaths.milestones}?archived=true`)).json()
      .data as Milestone[];
    expect(archived.map((row) => row.id)).toContain(milestone.id);
    expect((await callAs(ctx, investor, 'GET', investorMilestonePaths.milestone(milestone.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'POST', milestonePaths.tasks(milestone.id), { title: 'x' })).statusCode).toBe(
      409,
    );
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.milestone(milestone.id))).statusCode).toBe(409);

    const restored = await callAs(ctx, founder, 'POST', milestonePaths.restore(milestone.id));
    expect(restored.json().milestone.archivedAt).toBeNull();
    expect((await callAs(ctx, founder, 'POST', milestonePaths.restore(milestone.id))).statusCode).toBe(409);
    expect((await activitiesOf(milestone.id)).map((row) => row.action).slice(0, 2)).toEqual([
      'milestone.restored',
      'milestone.archived',
    ]);

    expect(
      (await callAs(ctx, otherFounder, 'DELETE', `${milestonePaths.milestone(milestone.id)}?mode=permanent`))
        .statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx, founder, 'DELETE', `${milestonePaths.milestone(milestone.id)}?mode=permanent`)).statusCode,
    ).toBe(204);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.milestone(milestone.id))).statusCode).toBe(404);
    const left = await ctx.sql(
      `select (select count(*) from milestone_tasks where id = $1)::int as tasks,
              (select count(*) from milestone_activities where milestone_id = $2)::int as activities`,
      [task.id, milestone.id],
    );
    expect(left).toEqual([{ tasks: 0, activities: 0 }]);
    expect(
      (await callAs(ctx, founder, 'DELETE', `${milestonePaths.milestone(milestone.id)}?mode=forever`)).statusCode,
    ).toBe(400);
  });

  it('names the investors a task may be assigned to (task-investors and milestone-investors agree)', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const reply = await callAs(ctx, founder, 'GET', `${milestonePaths.taskInvestors}?milestoneId=${milestone.id}`);
    expect(reply.statusCode).toBe(200);
    expect((reply.json().data as { id: string }[]).map((row) => row.id)).toEqual([investor.user.id]);
    const deckInvestors = await callAs(ctx, founder, 'GET', `/api/v1/users/pitchdecks/${deckId}/milestone-investors`);
    expect(deckInvestors.json().data).toEqual(reply.json().data);
    expect(
      (await callAs(ctx, otherFounder, 'GET', `${milestonePaths.taskInvestors}?milestoneId=${milestone.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('tasks and subtasks', () => {
  let milestone: Milestone;
  beforeAll(async () => {
    milestone = await createMilestone(ctx, founder, deckId, { title: 'Board' });
  });

  const boardOf = async (stage?: string) =>
    (
      (
        await callAs(ctx, founder, 'GET', `${milestonePaths.tasks(milestone.id)}${stage ? `?stage=${stage}` : ''}`)
      ).json().data as Task[]
    ).map((task) => task.title);

  it('creates tasks at the end of their stage, filters by stage, reads, edits and deletes', async () => {
    const first = await createTask(ctx, founder, milestone.id, {
      title: 'Draft the contract',
      stage: 'todo',
      assigneeId: investor.user.id,
      dueDate: '2020-01-01',
      estimateDays: 3,
    });
    expectContractShape({ task: first }, taskResponseSchema);
    expect(first).toMatchObject({
      stage: 'todo',
      assignee: { id: investor.user.id, role: 'investor' },
      isOverdue: true,
    });
    await createTask(ctx, founder, milestone.id, { title: 'Review the contract', stage: 'todo' });
    await createTask(ctx, founder, milestone.id, { title: 'Someday' });
    expect(await boardOf('todo')).toEqual(['Draft the contract', 'Review the contract']);
    expect(await boardOf()).toEqual(['Someday', 'Draft the contract', 'Review the contract']);

    const edited = await callAs(ctx, founder, 'PUT', milestonePaths.task(first.id), {
      title: 'Draft the pilot contract',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // PUT clears what it omits.
    expect(edited.json().task).toMatchObject({ title: 'Draft the pilot contract', assignee: null, estimateDays: null });
    expect((await callAs(ctx, founder, 'GET', milestonePaths.task(first.id))).json().task.title).toBe(
      'Draft the pilot contract',
    );
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.task(first.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.task(first.id))).statusCode).toBe(404);
    // The log keeps the deleted task's lines under its id.
    const lines = await activitiesOf(milestone.id, `?taskId=${first.id}`);
    expect(lines.map((line) => line.action)).toEqual(['task.deleted', 'task.updated', 'task.created']);
  });

  it('refuses an assignee who is neither the founder nor an accepted investor', async () => {
    for (const assigneeId of [pendingInvestor.user.id, otherFounder.user.id, 'inv-nobody']) {
      const reply = await callAs(ctx, founder, 'POST', milestonePaths.tasks(milestone.id), { title: 'x', assigneeId });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error.details.fields[0].path).toBe('assigneeId');
    }
    const self = await createTask(ctx, founder, milestone.id, { title: 'Mine', assigneeId: founder.user.id });
    expect(self.assignee).toMatchObject({ id: founder.user.id, name: 'Farah Founder' });
  });

  it('moves a card before another or to the end of a stage, writing one row', async () => {
    const a = await createTask(ctx, founder, milestone.id, { title: 'A', stage: 'review' });
    const b = await createTask(ctx, founder, milestone.id, { title: 'B', stage: 'review' });
    const c = await createTask(ctx, founder, milestone.id, { title: 'C', stage: 'in_progress' });
    const before = await ctx.sql<{ id: string; rank: string }>(
      'select id, rank from milestone_tasks where milestone_id = $1',
      [milestone.id],
    );
    const moved = await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(c.id), {
      stage: 'review',
      beforeTaskId: b.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await boardOf('review')).toEqual(['A', 'C', 'B']);
    const after = await ctx.sql<{ id: string; rank: string }>(
      'select id, rank from milestone_tasks where milestone_id = $1',
      [milestone.id],
    );
    const changed = after.filter((row) => before.find((old) => old.id === row.id)?.rank !== row.rank);
    expect(changed.map((row) => row.id)).toEqual([c.id]);

    await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(a.id), { stage: 'review' });
    expect(await boardOf('review')).toEqual(['C', 'B', 'A']);
    const stray = await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(a.id), {
      stage: 'todo',
      beforeTaskId: b.id,
    });
    expect(stray.statusCode).toBe(400);
    const [line] = await activitiesOf(milestone.id, '?stage=review');
    expect(line).toMatchObject({
      action: 'task.moved',
      taskId: a.id,
      oldValue: { stage: 'review' },
      newValue: { stage: 'review' },
    });
  });

  it('refuses a move into done while a blocking task is open, naming the blockers; allows it once they are done', async () => {
    const ship = await createTask(ctx, founder, milestone.id, { title: 'Ship' });
    const test = await createTask(ctx, founder, milestone.id, { title: 'Test' });
    const docs = await createTask(ctx, founder, milestone.id, { title: 'Docs', stage: 'done' });
    await addDependency(ctx, founder, ship.id, test.id);
    await addDependency(ctx, founder, ship.id, docs.id);
    const refused = await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(ship.id), { stage: 'done' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ blockers: [{ id: test.id, title: 'Test', stage: 'backlog' }] });
    expect(refused.json().error.message).toContain('“Test”');
    // Every other move is allowed.
    expect(
      (await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(ship.id), { stage: 'review' })).statusCode,
    ).toBe(200);
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(test.id), { stage: 'done' })).statusCode).toBe(
      200,
    );
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(ship.id), { stage: 'done' })).statusCode).toBe(
      200,
    );
  });

  it('adds, renames, toggles and deletes subtasks, each logged once', async () => {
    const task = await createTask(ctx, founder, milestone.id, { title: 'With a checklist', stage: 'todo' });
    const created = await callAs(ctx, founder, 'POST', milestonePaths.subtasks(task.id), { title: 'Call legal' });
    expect(created.statusCode).toBe(201);
    const subtaskId = created.json().subtask.id as string;
    const renamed = await callAs(ctx, founder, 'PUT', milestonePaths.subtask(subtaskId), { title: 'Call legal today' });
    expect(renamed.json().subtask.title).toBe('Call legal today');
    const toggled = await callAs(ctx, founder, 'PATCH', milestonePaths.subtaskToggle(subtaskId), { isCompleted: true });
    expect(toggled.json().subtask).toMatchObject({ isCompleted: true, completedAt: expect.any(String) });
    // The same value again changes and logs nothing.
    await callAs(ctx, founder, 'PATCH', milestonePaths.subtaskToggle(subtaskId), { isCompleted: true });
    const detail = (await callAs(ctx, founder, 'GET', milestonePaths.task(task.id))).json().task as TaskDetail;
    expect(detail).toMatchObject({ subtaskCount: 1, completedSubtaskCount: 1 });
    expect(
      (await callAs(ctx, otherFounder, 'PATCH', milestonePaths.subtaskToggle(subtaskId), { isCompleted: false }))
        .statusCode,
    ).toBe(404);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.subtask(subtaskId))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.subtask(subtaskId))).statusCode).toBe(404);
    const lines = await activitiesOf(milestone.id, `?taskId=${task.id}`);
    expect(lines.map((line) => line.action)).toEqual([
      'subtask.deleted',
      'subtask.toggled',
      'subtask.updated',
      'subtask.created',
      'task.created',
    ]);
    expect(
      (await callAs(ctx, founder, 'PATCH', milestonePaths.subtaskToggle(subtaskId), { isCompleted: 'yes' })).statusCode,
    ).toBe(400);
  });
});

describe('dependencies', () => {
  let milestone: Milestone;
  let tasks: Record<'a' | 'b' | 'c', TaskDetail>;
  beforeAll(async () => {
    milestone = await createMilestone(ctx, founder, deckId, { title: 'Graph' });
    const [a, b, c] = [
      await createTask(ctx, founder, milestone.id, { title: 'A' }),
      await createTask(ctx, founder, milestone.id, { title: 'B' }),
      await createTask(ctx, founder, milestone.id, { title: 'C' }),
    ];
    tasks = { a, b, c } as typeof tasks;
  });

  const add = (taskId: string, blockedByTaskId: string) =>
    callAs(ctx, founder, 'POST', milestonePaths.taskDependencies(taskId), { blockedByTaskId });

  it('links tasks, reads both directions, and refuses self-links, duplicates and cycles (with the cycle)', async () => {
    const ab = await addDependency(ctx, founder, tasks.b.id, tasks.a.id); // A → B
    await addDependency(ctx, founder, tasks.c.id, tasks.b.id); // B → C
    const ofB = (await callAs(ctx, founder, 'GET', milestonePaths.taskDependencies(tasks.b.id))).json();
    expect(ofB.blockedBy).toEqual([{ dependencyId: ab.id, taskId: tasks.a.id, title: 'A', stage: 'backlog' }]);
    expect(ofB.blocking.map((row: { taskId: string }) => row.taskId)).toEqual([tasks.c.id]);
    const board = (await callAs(ctx, founder, 'GET', milestonePaths.tasks(milestone.id))).json().data as Task[];
    expect(board.find((task) => task.id === tasks.a.id)?.blockingTaskIds).toEqual([tasks.b.id]);

    const self = await add(tasks.a.id, tasks.a.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.details).toEqual({ reason: 'SELF_LINK', cycle: [tasks.a.id] });
    const duplicate = await add(tasks.b.id, tasks.a.id);
    expect(duplicate.json().error.details).toEqual({ reason: 'DUPLICATE' });
    const cycle = await add(tasks.a.id, tasks.c.id); // C → A would close A → B → C → A
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().error.details).toEqual({ reason: 'CYCLE', cycle: [tasks.a.id, tasks.b.id, tasks.c.id] });
    const stored = await ctx.sql(
      'select count(*)::int as links from milestone_task_dependencies where milestone_id = $1',
      [milestone.id],
    );
    expect(stored).toEqual([{ links: 2 }]);

    // The picker's list, with A → B → C: for A nothing (B and C wait for it, C through B); for B
    // nothing (A is its blocker, C waits for it); for C only A, a shortcut that closes no loop.
    const candidates = async (taskId: string) =>
      (
        (await callAs(ctx, founder, 'GET', milestonePaths.taskDependencyCandidates(taskId))).json().data as {
          id: string;
        }[]
      ).map((row) => row.id);
    expect(await candidates(tasks.a.id)).toEqual([]);
    expect(await candidates(tasks.c.id)).toEqual([tasks.a.id]);
    expect(await candidates(tasks.b.id)).toEqual([]);
    const d = await createTask(ctx, founder, milestone.id, { title: 'D' });
    expect(await candidates(tasks.a.id)).toEqual([d.id]);
    expect(await candidates(d.id)).toEqual([tasks.a.id, tasks.b.id, tasks.c.id]);
    expect((await callAs(ctx, investor, 'GET', milestonePaths.taskDependencyCandidates(tasks.a.id))).statusCode).toBe(
      403,
    );
    expect(
      (await callAs(ctx, otherFounder, 'GET', milestonePaths.taskDependencyCandidates(tasks.a.id))).statusCode,
    ).toBe(404);
    await callAs(ctx, founder, 'DELETE', milestonePaths.task(d.id));
  });

  it('refuses a task of another milestone with 409, and another founder’s task with 404', async () => {
    const elsewhere = await createMilestone(ctx, founder, deckId, { title: 'Elsewhere' });
    const far = await createTask(ctx, founder, elsewhere.id, { title: 'Far' });
    const cross = await add(tasks.a.id, far.id);
    expect(cross.statusCode).toBe(409);
    expect(cross.json().error.details).toEqual({ reason: 'CROSS_MILESTONE' });
    const foreignMilestone = await createMilestone(ctx, otherFounder, otherDeckId);
    const foreign = await createTask(ctx, otherFounder, foreignMilestone.id);
    expect((await add(tasks.a.id, foreign.id)).statusCode).toBe(404);
    expect(
      (
        await callAs(ctx, otherFounder, 'POST', milestonePaths.taskDependencies(foreign.id), {
          blockedByTaskId: tasks.a.id,
        })
      ).statusCode,
    ).toBe(404);
    // Access is checked on the row as locked: a refused caller's transaction leaves no trace, not even a revision.
    const revision = async () =>
      (await ctx.sql('select revision from milestones where id = $1', [milestone.id]))[0] as { revision: number };
    const before = await revision();
    const refused = await callAs(ctx, otherFounder, 'POST', milestonePaths.taskDependencies(tasks.a.id), {
      blockedByTaskId: tasks.b.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(await revision()).toEqual(before);
  });

  it('re-points a link with PUT under the same rules, and deletes it', async () => {
    const d = await createTask(ctx, founder, milestone.id, { title: 'D' });
    const link = await addDependency(ctx, founder, d.id, tasks.a.id);
    const repointed = await callAs(ctx, founder, 'PUT', milestonePaths.dependency(link.id), {
      blockedByTaskId: tasks.c.id,
    });
    expect(repointed.statusCode, repointed.body).toBe(200);
    expect(repointed.json().dependency).toMatchObject({ id: link.id, taskId: d.id, blockedByTaskId: tasks.c.id });
    // Re-pointing is checked like a new link: here, at the task itself.
    const cycle = await callAs(ctx, founder, 'PUT', milestonePaths.dependency(link.id), { blockedByTaskId: d.id });
    expect(cycle.json().error.details).toEqual({ reason: 'SELF_LINK', cycle: [d.id] });
    expect((await callAs(ctx, otherFounder, 'DELETE', milestonePaths.dependency(link.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.dependency(link.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.dependency(link.id))).statusCode).toBe(404);
    const lines = await activitiesOf(milestone.id, `?taskId=${d.id}`);
    expect(lines.map((line) => line.action)).toEqual([
      'dependency.removed',
      'dependency.changed',
      'dependency.added',
      'task.created',
    ]);
  });

  it('lets only one of two concurrent links that together close a cycle win', async () => {
    for (let round = 0; round < 5; round++) {
      const x = await createTask(ctx, founder, milestone.id, { title: `X${round}` });
      const y = await createTask(ctx, founder, milestone.id, { title: `Y${round}` });
      const answers = await Promise.all([add(x.id, y.id), add(y.id, x.id)]);
      expect(answers.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
      const loser = answers.find((reply) => reply.statusCode === 409);
      expect(loser?.json().error.details.reason).toBe('CYCLE');
      const stored = await ctx.sql(
        'select count(*)::int as links from milestone_task_dependencies where task_id in ($1, $2)',
        [x.id, y.id],
      );
      expect(stored).toEqual([{ links: 1 }]);
    }
  });

  it('checks an add against links another process added since it last kept the graph', async () => {
    // A second app over the same database: another process, with caches of its own.
    const other = await buildApp(ctx.config, ctx.database, pino({ level: 'silent' }));
    await other.fastify.ready();
    try {
      const graph = await createMilestone(ctx, founder, deckId, { title: 'Two processes' });
      const [a, b, c] = [
        await createTask(ctx, founder, graph.id, { title: 'A' }),
        await createTask(ctx, founder, graph.id, { title: 'B' }),
        await createTask(ctx, founder, graph.id, { title: 'C' }),
      ];
      const addOn = (app: typeof other, taskId: string, blockedByTaskId: string) =>
        app.fastify.inject({
          method: 'POST',
          url: milestonePaths.taskDependencies(taskId),
          headers: authHeaders(founder.tokens),
          payload: { blockedByTaskId },
        });
      // This process keeps the graph {B waits for A}; the other adds C waits for B.
      expect((await add(b.id, a.id)).statusCode).toBe(201);
      const bc = await addOn(other, c.id, b.id);
      expect(bc.statusCode).toBe(201);
      // A waiting for C would close A → B → C → A: refused here although the graph kept here has no C.
      const closing = await add(a.id, c.id);
      expect(closing.statusCode, closing.body).toBe(409);
      expect(closing.json().error.details).toMatchObject({ reason: 'CYCLE' });
      // And the other way round: removed on the other process, the link no longer blocks here.
      const removed = await other.fastify.inject({
        method: 'DELETE',
        url: milestonePaths.dependency(bc.json().dependency.id),
        headers: authHeaders(founder.tokens),
      });
      expect(removed.statusCode).toBe(204);
      expect((await add(a.id, c.id)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('overview and activities', () => {
  it('answers progress, stages, overdue tasks and the critical path with slack', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Overview' });
    const design = await createTask(ctx, founder, milestone.id, { title: 'Design', estimateDays: 3, stage: 'done' });
    const build = await createTask(ctx, founder, milestone.id, {
      title: 'Build',
      estimateDays: 5,
      dueDate: '2020-06-01',
    });
    const copy = await createTask(ctx, founder, milestone.id, { title: 'Copy', estimateDays: 2 });
    const launch = await createTask(ctx, founder, milestone.id, { title: 'Launch', estimateDays: 1, stage: 'todo' });
    await addDependency(ctx, founder, build.id, design.id);
    await addDependency(ctx, founder, launch.id, build.id);
    await addDependency(ctx, founder, launch.id, copy.id);

    const reply = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
    expect(reply.statusCode).toBe(200);
    expectContractShape(reply.json(), milestoneOverviewResponseSchema);
    expect(reply.json().overview).toEqual({
      milestoneId: milestone.id,
      progress: { totalTasks: 4, doneTasks: 1, percent: 25 },
      tasksPerStage: { backlog: 2, todo: 1, in_progress: 0, review: 0, done: 1 },
      overdueTasks: [{ id: build.id, title: 'Build', stage: 'backlog', dueDate: '2020-06-01' }],
      criticalPath: { totalDays: 6, taskIds: [build.id, launch.id] },
      schedule: [
        { taskId: build.id, title: 'Build', estimateDays: 5, earliestStart: 0, slackDays: 0 },
        { taskId: copy.id, title: 'Copy', estimateDays: 2, earliestStart: 0, slackDays: 3 },
        { taskId: launch.id, title: 'Launch', estimateDays: 1, earliestStart: 5, slackDays: 0 },
      ],
      nextMeet: null,
      pendingDeliverables: [],
    });
  });

  it('sends a large board gzipped to a client that takes it, the same JSON, and never a gzip of an older revision', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Compressed board' });
    const small = await ctx.app.fastify.inject({
      method: 'GET',
      url: milestonePaths.tasks(milestone.id),
      headers: { ...authHeaders(founder.tokens), 'accept-encoding': 'gzip' },
    });
    // Under the threshold it goes as it is, whatever the client takes.
    expect(small.headers['content-encoding']).toBeUndefined();
    const tasks = [];
    for (let index = 0; index < 12; index++) {
      tasks.push(
        await createTask(ctx, founder, milestone.id, { title: `Task ${index}`, description: 'Details. '.repeat(100) }),
      );
    }
    const read = (acceptEncoding?: string) =>
      ctx.app.fastify.inject({
        method: 'GET',
        url: milestonePaths.tasks(milestone.id),
        headers: { ...authHeaders(founder.tokens), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const acceptEncoding of ['gzip, deflate, br', 'gzip, deflate, br']) {
      const zipped = await read(acceptEncoding);
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 4);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect((await read('br, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    const moved = tasks[0]?.id as string;
    expect((await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(moved), { stage: 'review' })).statusCode).toBe(
      200,
    );
    const after = JSON.parse(gunzipSync((await read('gzip')).rawPayload).toString('utf8')).data as Task[];
    expect(after.find((task) => task.id === moved)?.stage).toBe('review');
  });

  it('keeps board and overview answers only while nothing changed: a move, a link, a rename and a new meet show at once', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Kept answers' });
    const first = await createTask(ctx, founder, milestone.id, { title: 'First', estimateDays: 2 });
    const second = await createTask(ctx, founder, milestone.id, {
      title: 'Second',
      estimateDays: 3,
      assigneeId: founder.user.id,
    });
    const board = async () =>
      (await callAs(ctx, founder, 'GET', milestonePaths.tasks(milestone.id))).json().data as Task[];
    const overview = async () =>
      (await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id))).json().overview;
    const byId = (tasks: Task[], id: string) => tasks.find((task) => task.id === id) as Task;

    // Read twice: the second answer is the kept one, and it is the same.
    expect(await board()).toEqual(await board());
    expect((await overview()).criticalPath).toEqual({ totalDays: 3, taskIds: [second.id] });
    const investorBoard = await callAs(ctx, investor, 'GET', investorMilestonePaths.tasks(milestone.id));
    expect(investorBoard.headers['content-type']).toBe('application/json; charset=utf-8');

    expect(
      (await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(first.id), { stage: 'todo' })).statusCode,
    ).toBe(200);
    expect(byId(await board(), first.id).stage).toBe('todo');
    expect((await overview()).tasksPerStage).toMatchObject({ backlog: 1, todo: 1 });

    await addDependency(ctx, founder, second.id, first.id);
    expect(byId(await board(), second.id).blockedByTaskIds).toEqual([first.id]);
    expect((await overview()).criticalPath).toEqual({ totalDays: 5, taskIds: [first.id, second.id] });

    // A rename raises no revision; the board still shows the new name at once.
    const renamed = await callAs(ctx, founder, 'PUT', '/api/users/profile', { name: 'Farah Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(byId(await board(), second.id).assignee?.name).toBe('Farah Renamed');
    await callAs(ctx, founder, 'PUT', '/api/users/profile', { name: 'Farah Founder' });

    // The next meet is read on every call, not kept with the rest.
    const startsAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const meet = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), {
      title: 'Sync',
      startsAt,
      durationMinutes: 30,
      timeZone: 'Europe/Paris',
    });
    expect(meet.statusCode).toBe(201);
    const withMeet = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
    expectContractShape(withMeet.json(), milestoneOverviewResponseSchema);
    expect(withMeet.json().overview.nextMeet).toMatchObject({ title: 'Sync', startsAt });
  });

  it('pages the log newest first and filters it by stage', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Log' });
    const task = await createTask(ctx, founder, milestone.id, { title: 'Logged' });
    await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage: 'review' });
    const page = await callAs(ctx, founder, 'GET', `${milestonePaths.activities(milestone.id)}?limit=2`);
    expect(page.json().meta).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect((page.json().data as Activity[]).map((line) => line.action)).toEqual(['task.moved', 'task.created']);
    const review = (await callAs(ctx, founder, 'GET', `${milestonePaths.activities(milestone.id)}?stage=review`)).json()
      .data as Activity[];
    expect(review.map((line) => line.action)).toEqual(['task.moved']);
    expect(
      (await callAs(ctx, founder, 'GET', `${milestonePaths.activities(milestone.id)}?stage=shipped`)).statusCode,
    ).toBe(400);
  });
});

describe('investor reads', () => {
  it('lets an accepted investor read milestones, overview, tasks, activities and a task; nobody else', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Followed' });
    const task = await createTask(ctx, founder, milestone.id, { title: 'Visible' });
    const urls = [
      investorMilestonePaths.milestone(milestone.id),
      investorMilestonePaths.overview(milestone.id),
      investorMilestonePaths.tasks(milestone.id),
      investorMilestonePaths.activities(milestone.id),
      investorMilestonePaths.task(task.id),
    ];
    for (const url of urls) expect((await callAs(ctx, investor, 'GET', url)).statusCode, url).toBe(200);
    const list = (await callAs(ctx, investor, 'GET', investorMilestonePaths.milestones)).json().data as Milestone[];
    expect(list.map((row) => row.id)).toContain(milestone.id);

    const stranger = await signUp(ctx, 'investor', 'Stan Stranger');
    for (const caller of [pendingInvestor, stranger]) {
      for (const url of urls) expect((await callAs(ctx, caller, 'GET', url)).statusCode, url).toBe(404);
      expect((await callAs(ctx, caller, 'GET', investorMilestonePaths.milestones)).json().data).toEqual([]);
    }
    // Investors only read: the founder's routes refuse them.
    expect((await callAs(ctx, investor, 'POST', milestonePaths.tasks(milestone.id), { title: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('hides another deck’s milestones from an investor accepted on some other deck', async () => {
    // `investor` is accepted on the founder's deck only; acceptance on one deck opens no other.
    const elsewhere = await createMilestone(ctx, otherFounder, otherDeckId, { title: 'Not theirs' });
    const task = await createTask(ctx, otherFounder, elsewhere.id, { title: 'Hidden' });
    const urls = [
      investorMilestonePaths.milestone(elsewhere.id),
      investorMilestonePaths.overview(elsewhere.id),
      investorMilestonePaths.tasks(elsewhere.id),
      investorMilestonePaths.activities(elsewhere.id),
      investorMilestonePaths.task(task.id),
    ];
    for (const url of urls) expect((await callAs(ctx, investor, 'GET', url)).statusCode, url).toBe(404);
    const approval = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      comment: 'x',
    });
    expect(approval.statusCode).toBe(404);
    const list = (await callAs(ctx, investor, 'GET', investorMilestonePaths.milestones)).json().data as Milestone[];
    expect(list.map((row) => row.id)).not.toContain(elsewhere.id);
  });

  it('takes access away the moment an investor withdraws', async () => {
    const leaving = await acceptedInvestor(ctx, founder, deckId, 'Lena Leaving');
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Before the exit' });
    expect((await callAs(ctx, leaving, 'GET', investorMilestonePaths.milestone(milestone.id))).statusCode).toBe(200);
    await withdrawInterest(ctx, leaving, deckId);
    expect((await callAs(ctx, leaving, 'GET', investorMilestonePaths.milestone(milestone.id))).statusCode).toBe(404);
    expect((await callAs(ctx, leaving, 'GET', investorMilestonePaths.milestones)).json().data).toEqual([]);
  });
});
