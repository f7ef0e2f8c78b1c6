import {
  type CreateTaskBody,
  type Deliverable,
  type Dependency,
  investorMilestonePaths,
  type Meet,
  type Milestone,
  milestonePaths,
  type TaskDetail,
} from '@deckvalid/contract/milestones';
import { expect } from 'vitest';
import { type SignedUp, signUp } from './accounts';
import { callAs, type TestContext } from './build';
import { decideInterest, showInterest } from './chat';

/** A new investor whose interest in the deck the founder accepted: one who follows its milestones. */
export async function acceptedInvestor(
  ctx: TestContext,
  founder: SignedUp,
  pitchDeckId: string,
  name = 'Ada Accepted',
) {
  const investor = await signUp(ctx, 'investor', name);
  const interest = await showInterest(ctx, investor, pitchDeckId);
  await decideInterest(ctx, founder, pitchDeckId, interest.id, 'accepted');
  return investor;
}

export async function createMilestone(
  ctx: TestContext,
  founder: SignedUp,
  pitchDeckId: string,
  fields: Partial<{ title: string; dueDate: string; amount: number | null; description: string }> = {},
): Promise<Milestone> {
  const reply = await callAs(ctx, founder, 'POST', milestonePaths.milestones, {
    pitchDeckId,
    title: 'Pilot with the port of Rotterdam',
    dueDate: '2027-03-31',
    ...fields,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().milestone as Milestone;
}

export async function createTask(
  ctx: TestContext,
  founder: SignedUp,
  milestoneId: string,
  fields: Partial<CreateTaskBody> = {},
): Promise<TaskDetail> {
  const reply = await callAs(ctx, founder, 'POST', milestonePaths.tasks(milestoneId), { title: 'A task', ...fields });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().task as TaskDetail;
}

/** "`taskId` is blocked by `blockedByTaskId`", expected to be accepted. */
export async function addDependency(ctx: TestContext, founder: SignedUp, taskId: string, blockedByTaskId: string) {
  const reply = await callAs(ctx, founder, 'POST', milestonePaths.taskDependencies(taskId), { blockedByTaskId });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().dependency as Dependency;
}

/** The objects the authorisation table acts on, on a deck of `founder` on which `investor` is accepted. */
export type MilestoneFixtures = {
  milestoneDeckId: string;
  /** The investor's interest in milestoneDeckId, accepted by the founder. */
  acceptedInterestId: string;
  milestoneId: string;
  /** Archived, for restore; and one the table deletes. */
  archivedMilestoneId: string;
  disposableMilestoneId: string;
  taskId: string;
  /** Tasks the table links (taskId is blocked by blockerTaskId through dependencyId). */
  blockerTaskId: string;
  spareTaskId: string;
  disposableTaskId: string;
  subtaskId: string;
  disposableSubtaskId: string;
  dependencyId: string;
  disposableDependencyId: string;
  /** A draft deliverable of taskId, and a submitted one the investor accepts. */
  deliverableId: string;
  submittedDeliverableId: string;
  reviewedDeliverableId: string;
  /** A meet, and one each for the founder's and the investor's DELETE. */
  meetId: string;
  disposableMeetId: string;
  investorDisposableMeetId: string;
};

/** A meet body that passes validation. */
export const meetBody = (fields: Partial<Record<string, unknown>> = {}) => ({
  title: 'Pilot review',
  agenda: 'Where the pilot stands.',
  startsAt: '2027-01-12T09:30:00Z',
  durationMinutes: 45,
  timeZone: 'Europe/Amsterdam',
  videoUrl: 'https://meet.example.com/pilot',
  ...fields,
});

export async function createDeliverable(
  ctx: TestContext,
  founder: SignedUp,
  taskId: string,
  title = 'Signed pilot report',
) {
  const reply = await callAs(ctx, founder, 'POST', milestonePaths.taskDeliverables(taskId), { title });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().deliverable as Deliverable;
}

export async function submitDeliverable(
  ctx: TestContext,
  founder: SignedUp,
  deliverableId: string,
  url = 'https://example.com/report.pdf',
) {
  const reply = await callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(deliverableId), { url });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().deliverable as Deliverable;
}

/** A meet scheduled by the founder or an investor, each through their own API. */
export async function createMeet(ctx: TestContext, caller: SignedUp, milestoneId: string, fields = {}) {
  const url =
    caller.user.role === 'investor' ? investorMilestonePaths.meets(milestoneId) : milestonePaths.meets(milestoneId);
  const reply = await callAs(ctx, caller, 'POST', url, meetBody(fields));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().meet as Meet;
}

export async function milestoneFixtures(
  ctx: TestContext,
  founder: SignedUp,
  investor: SignedUp,
  milestoneDeckId: string,
): Promise<MilestoneFixtures> {
  const interest = await showInterest(ctx, investor, milestoneDeckId);
  await decideInterest(ctx, founder, milestoneDeckId, interest.id, 'accepted');
  const milestone = await createMilestone(ctx, founder, milestoneDeckId);
  const archived = await createMilestone(ctx, founder, milestoneDeckId, { title: 'Archived' });
  expect((await callAs(ctx, founder, 'DELETE', milestonePaths.milestone(archived.id))).statusCode).toBe(204);
  const disposable = await createMilestone(ctx, founder, milestoneDeckId, { title: 'Disposable' });
  const [task, blocker, spare, disposableTask, other] = [
    await createTask(ctx, founder, milestone.id, { title: 'Task' }),
    await createTask(ctx, founder, milestone.id, { title: 'Blocker' }),
    await createTask(ctx, founder, milestone.id, { title: 'Spare' }),
    await createTask(ctx, founder, milestone.id, { title: 'Disposable' }),
    await createTask(ctx, founder, milestone.id, { title: 'Other' }),
  ];
  const subtask = async (title: string) =>
    (await callAs(ctx, founder, 'POST', milestonePaths.subtasks(task.id), { title })).json().subtask.id as string;
  return {
    milestoneDeckId,
    acceptedInterestId: interest.id,
    milestoneId: milestone.id,
    archivedMilestoneId: archived.id,
    disposableMilestoneId: disposable.id,
    taskId: task.id,
    blockerTaskId: blocker.id,
    spareTaskId: spare.id,
    disposableTaskId: disposableTask.id,
    subtaskId: await subtask('Keep'),
    disposableSubtaskId: await subtask('Drop'),
    dependencyId: (await addDependency(ctx, founder, task.id, blocker.id)).id,
    disposableDependencyId: (await addDependency(ctx, founder, other.id, blocker.id)).id,
    deliverableId: (await createDeliverable(ctx, founder, task.id, 'Draft')).id,
    submittedDeliverableId: (await submitDeliverable(ctx, founder, (await createDeliverable(ctx, founder, task.id)).id))
      .id,
    /** Submitted, for an investor to send back (the accept row takes the other). */
    reviewedDeliverableId: (
      await submitDeliverable(ctx, founder, (await createDeliverable(ctx, founder, task.id, 'To review')).id)
    ).id,
    meetId: (await createMeet(ctx, founder, milestone.id)).id,
    disposableMeetId: (await createMeet(ctx, founder, milestone.id)).id,
    investorDisposableMeetId: (await createMeet(ctx, founder, milestone.id)).id,
  };
}

/** The founder shares their milestone with one of their mentors. */
export async function shareMilestone(ctx: TestContext, founder: SignedUp, milestoneId: string, mentorId: string) {
  const reply = await callAs(ctx, founder, 'PUT', milestonePaths.mentor(milestoneId, mentorId));
  expect(reply.statusCode, reply.body).toBe(204);
}
