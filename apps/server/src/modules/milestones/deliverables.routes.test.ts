import {
  type Activity,
  type Approval,
  approvalResponseSchema,
  type Deliverable,
  deliverableResponseSchema,
  investorMilestonePaths,
  milestoneOverviewResponseSchema,
  milestonePaths,
} from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MilestoneChange } from '@/core/events';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { withdrawInterest } from '../../../test/chat';
import { expectContractShape } from '../../../test/contract-shape';
import { deckPdf, readyDeck, uploadFile } from '../../../test/decks';
import {
  acceptedInvestor,
  createDeliverable,
  createMilestone,
  createTask,
  submitDeliverable,
} from '../../../test/milestones';
import { uploadAttachment } from '../../../test/threads';

/**
 * Deliverables and approvals through the real app: the founder promises, edits and submits;
 * an investor of the milestone accepts and approves; completing waits for every acceptance.
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
  (await callAs(ctx, founder, 'GET', milestonePaths.activities(milestoneId))).json().data as Activity[];

/** A milestone with one task, fresh for each test. */
async function taskOnNewMilestone() {
  const milestone = await createMilestone(ctx, founder, deckId);
  const task = await createTask(ctx, founder, milestone.id, { title: 'Pilot report' });
  return { milestone, task };
}

describe('deliverables', () => {
  it('are created, edited and listed per task and per milestone, each change logged once', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const created = await callAs(ctx, founder, 'POST', milestonePaths.taskDeliverables(task.id), {
      title: 'Report',
      description: 'Signed by the port.',
    });
    expect(created.statusCode, created.body).toBe(201);
    expectContractShape(created.json(), deliverableResponseSchema);
    const deliverable = created.json().deliverable as Deliverable;
    expect(deliverable).toMatchObject({ title: 'Report', status: 'draft', url: null, acceptedBy: null });

    const edited = await callAs(ctx, founder, 'PUT', milestonePaths.deliverable(deliverable.id), {
      title: 'Final report',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // PUT replaces every field: an omitted description is cleared.
    expect(edited.json().deliverable).toMatchObject({ title: 'Final report', description: '' });

    const perTask = await callAs(ctx, founder, 'GET', milestonePaths.taskDeliverables(task.id));
    const perMilestone = await callAs(ctx, investor, 'GET', investorMilestonePaths.deliverables(milestone.id));
    expect(perTask.json().data.map((row: Deliverable) => row.id)).toEqual([deliverable.id]);
    expect(perMilestone.json().data.map((row: Deliverable) => row.title)).toEqual(['Final report']);

    const log = await activitiesOf(milestone.id);
    expect(log.filter((row) => row.action.startsWith('deliverable.')).map((row) => row.action)).toEqual([
      'deliverable.updated',
      'deliverable.created',
    ]);
    expect(log[0]?.newValue).toMatchObject({ deliverableId: deliverable.id, title: 'Final report', description: '' });
  });

  it('takes http and https links only', async () => {
    const { task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    for (const url of ['javascript:alert(1)', 'ftp://example.com/report.pdf', 'data:text/html,hi', 'not a url']) {
      const reply = await callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(deliverable.id), { url });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    }
    const submitted = await submitDeliverable(ctx, founder, deliverable.id, 'http://example.com/report');
    expect(submitted).toMatchObject({ status: 'submitted', url: 'http://example.com/report' });
    expect(submitted.submittedAt).not.toBeNull();
  });

  it('is accepted by an investor of the milestone, who is recorded, and emits one task event', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);

    const tooEarly = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.details).toEqual({ status: 'draft' });

    await submitDeliverable(ctx, founder, deliverable.id);
    const seen: (MilestoneChange & { taskId?: string })[] = [];
    const stop = ctx.app.events.on('milestone.task-changed', (event) => void seen.push(event));
    const accepted = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().deliverable).toMatchObject({
      status: 'accepted',
      acceptedBy: { id: investor.user.id, name: investor.user.name, role: 'investor' },
    });
    expect(accepted.json().deliverable.acceptedAt).not.toBeNull();
    expect(seen).toEqual([
      expect.objectContaining({ milestoneId: milestone.id, taskId: task.id, action: 'deliverable.accepted' }),
    ]);
    expect((await activitiesOf(milestone.id))[0]).toMatchObject({
      action: 'deliverable.accepted',
      actor: { id: investor.user.id },
      taskId: task.id,
    });

    const again = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
    expect(again.statusCode).toBe(409);
    const resubmit = await callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(deliverable.id), {
      url: 'https://example.com/v2.pdf',
    });
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().error.details).toEqual({ status: 'accepted' });
    const edit = await callAs(ctx, founder, 'PUT', milestonePaths.deliverable(deliverable.id), { title: 'Changed' });
    expect(edit.statusCode).toBe(409);
  });

  it('keeps the milestone from completing until every deliverable is accepted, and shows in the overview', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: 'active' });
    await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage: 'done', beforeTaskId: null });

    const overview = await callAs(ctx, investor, 'GET', investorMilestonePaths.overview(milestone.id));
    expectContractShape(overview.json(), milestoneOverviewResponseSchema);
    expect(overview.json().overview.pendingDeliverables).toEqual([
      { id: deliverable.id, taskId: task.id, title: deliverable.title, status: 'draft' },
    ]);

    const blocked = await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: 'completed' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.details).toEqual({
      openTasks: [],
      pendingDeliverables: [{ id: deliverable.id, title: deliverable.title }],
    });
    expect(blocked.json().error.message).toContain('1 deliverable not accepted');

    await submitDeliverable(ctx, founder, deliverable.id);
    expect(
      (await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id))).statusCode,
    ).toBe(200);
    expect(
      (await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id))).json().overview.pendingDeliverables,
    ).toEqual([]);
    const completed = await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
  });

  it('hides from strangers and from an investor who withdrew: 404, the same as a missing one', async () => {
    const { task } = await taskOnNewMilestone();
    const deliverable = await submitDeliverable(ctx, founder, (await createDeliverable(ctx, founder, task.id)).id);
    const leaving = await acceptedInvestor(ctx, founder, deckId, 'Wim Withdrawn');
    await withdrawInterest(ctx, leaving, deckId);

    for (const caller of [stranger, leaving]) {
      const reply = await callAs(ctx, caller, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error.message).toBe('This deliverable does not exist.');
    }
    const missing = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept('dlv-missing'));
    expect(missing.statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', milestonePaths.taskDeliverables(task.id), { title: 'Mine now' }],
      ['PUT', milestonePaths.deliverable(deliverable.id), { title: 'Mine now' }],
      ['POST', milestonePaths.deliverableSubmit(deliverable.id), { url: 'https://example.com/x' }],
    ] as const) {
      expect((await callAs(ctx, otherFounder, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await callAs(ctx, founder, 'GET', milestonePaths.taskDeliverables(task.id))).json().data[0].status).toBe(
      'submitted',
    );
  });
});

describe('approvals', () => {
  it('are one per investor per task: the same again changes nothing and says so, a new word replaces it', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const first = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      comment: ' Looks right. ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expectContractShape(first.json(), approvalResponseSchema);
    expect(first.json()).toMatchObject({
      isUnchanged: false,
      approval: {
        taskId: task.id,
        decision: 'approved',
        comment: 'Looks right.',
        investor: { id: investor.user.id, role: 'investor' },
      },
    });
    // The second click: nothing written, and the answer says so.
    const again = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      comment: 'Looks right.',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ isUnchanged: true, approval: { id: first.json().approval.id } });

    const other = await acceptedInvestor(ctx, founder, deckId, 'Theo Brandt');
    const changes = await callAs(ctx, other, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      decision: 'changes_requested',
      comment: 'Add the port’s signature.',
    });
    expect(changes.statusCode, changes.body).toBe(201);
    const changedMind = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {
      decision: 'changes_requested',
      comment: 'On second thought: the dates are off.',
    });
    expect(changedMind.statusCode, changedMind.body).toBe(200);
    expect(changedMind.json()).toMatchObject({
      isUnchanged: false,
      approval: { id: first.json().approval.id, decision: 'changes_requested' },
    });

    const forFounder = (await callAs(ctx, founder, 'GET', milestonePaths.taskApprovals(task.id))).json()
      .data as Approval[];
    const forInvestor = (await callAs(ctx, investor, 'GET', investorMilestonePaths.taskApprovals(task.id))).json()
      .data as Approval[];
    expect(forFounder.map((approval) => [approval.investor?.name, approval.decision])).toEqual([
      [investor.user.name, 'changes_requested'],
      ['Theo Brandt', 'changes_requested'],
    ]);
    expect(forInvestor).toEqual(forFounder);
    const log = await activitiesOf(milestone.id);
    expect(log.filter((row) => row.action.startsWith('approval.')).map((row) => row.action)).toEqual([
      'approval.changed',
      'approval.recorded',
      'approval.recorded',
    ]);
    expect(log[0]).toMatchObject({
      oldValue: { decision: 'approved', comment: 'Looks right.' },
      newValue: { decision: 'changes_requested', comment: 'On second thought: the dates are off.' },
    });
  });

  it('need a comment to ask for changes', async () => {
    const { task } = await taskOnNewMilestone();
    for (const body of [{ decision: 'changes_requested' }, { decision: 'changes_requested', comment: '   ' }]) {
      const reply = await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().error.message).toContain('Say what should change.');
    }
    expect(
      (await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), { decision: 'maybe' }))
        .statusCode,
    ).toBe(400);
  });

  it('are refused to strangers, a withdrawn investor and on a finished milestone', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const leaving = await acceptedInvestor(ctx, founder, deckId, 'Vera Leaving');
    expect((await callAs(ctx, leaving, 'POST', investorMilestonePaths.taskApprovals(task.id), {})).statusCode).toBe(
      201,
    );
    await withdrawInterest(ctx, leaving, deckId);
    for (const caller of [stranger, leaving]) {
      const reply = await callAs(ctx, caller, 'POST', investorMilestonePaths.taskApprovals(task.id), {});
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error.message).toBe('This task does not exist.');
      expect((await callAs(ctx, caller, 'GET', investorMilestonePaths.taskApprovals(task.id))).statusCode).toBe(404);
    }
    await callAs(ctx, founder, 'PATCH', milestonePaths.status(milestone.id), { status: 'cancelled' });
    expect((await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {})).statusCode).toBe(
      409,
    );
  });
});

describe('the activity log names its objects', () => {
  it('answers each line with the task, deliverable and thread it is about, as named now', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    await submitDeliverable(ctx, founder, deliverable.id);
    await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(task.id), {});
    const thread = await callAs(ctx, founder, 'POST', milestonePaths.taskThreads(task.id), { title: 'Test plan' });
    expect(thread.statusCode, thread.body).toBe(201);
    await callAs(ctx, founder, 'POST', milestonePaths.messages(thread.json().thread.id), { text: 'Draft attached' });
    // A rename reads under the new name; a deleted task under the name its deletion logged.
    await callAs(ctx, founder, 'PUT', milestonePaths.task(task.id), { title: 'Pilot report, final' });
    const byAction = (log: Activity[]) => new Map(log.map((line) => [line.action, line]));
    const before = byAction(await activitiesOf(milestone.id));
    expect(before.get('approval.recorded')).toMatchObject({ taskTitle: 'Pilot report, final', deliverableTitle: null });
    expect(before.get('deliverable.submitted')).toMatchObject({
      taskTitle: 'Pilot report, final',
      deliverableTitle: deliverable.title,
    });
    expect(before.get('message.posted')).toMatchObject({ threadTitle: 'Test plan', taskTitle: 'Pilot report, final' });
    expect(before.get('milestone.created')).toMatchObject({ taskTitle: null, threadTitle: null });

    await callAs(ctx, founder, 'DELETE', milestonePaths.task(task.id));
    const after = byAction(await activitiesOf(milestone.id));
    expect(after.get('task.created')).toMatchObject({ taskTitle: 'Pilot report, final' });
    expect(after.get('deliverable.submitted')).toMatchObject({ deliverableTitle: null });
  });
});

describe('requests for changes on a deliverable', () => {
  it('send a submitted one back with a comment until the founder submits again', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    const send = (caller: SignedUp, payload: object) =>
      callAs(ctx, caller, 'POST', investorMilestonePaths.deliverableRequestChanges(deliverable.id), payload);

    const tooEarly = await send(investor, { comment: 'Where is it?' });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.details).toEqual({ status: 'draft' });

    await submitDeliverable(ctx, founder, deliverable.id);
    expect((await send(investor, { comment: '  ' })).statusCode).toBe(400);
    const sentBack = await send(investor, { comment: 'The appendix is missing.' });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expectContractShape(sentBack.json(), deliverableResponseSchema);
    expect(sentBack.json().deliverable).toMatchObject({
      status: 'changes_requested',
      changesRequested: { by: { id: investor.user.id }, comment: 'The appendix is missing.' },
    });
    const twice = await send(investor, { comment: 'Still missing.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toEqual({ status: 'changes_requested' });
    expect((await activitiesOf(milestone.id))[0]).toMatchObject({
      action: 'deliverable.sent_back',
      actor: { id: investor.user.id },
      newValue: { comment: 'The appendix is missing.' },
    });
    const overview = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
    expect(overview.json().overview.pendingDeliverables).toEqual([
      expect.objectContaining({ id: deliverable.id, status: 'changes_requested' }),
    ]);

    const resubmitted = await submitDeliverable(ctx, founder, deliverable.id, 'https://example.com/report-v2.pdf');
    expect(resubmitted).toMatchObject({
      status: 'submitted',
      changesRequested: { comment: 'The appendix is missing.' },
    });
    const accepted = await callAs(ctx, investor, 'POST', investorMilestonePaths.deliverableAccept(deliverable.id));
    expect(accepted.json().deliverable.status).toBe('accepted');
    expect((await send(investor, { comment: 'Too late.' })).statusCode).toBe(409);
  });

  it('are for the milestone’s investors only', async () => {
    const { task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    await submitDeliverable(ctx, founder, deliverable.id);
    const path = investorMilestonePaths.deliverableRequestChanges(deliverable.id);
    expect((await callAs(ctx, stranger, 'POST', path, { comment: 'No.' })).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'POST', path, { comment: 'No.' })).statusCode).toBe(403);
    expect((await callAs(ctx, otherFounder, 'POST', path, { comment: 'No.' })).statusCode).toBe(403);
  });
});

describe('file deliverables', () => {
  const isStored = async (key: string) => (await ctx.app.services.storage.stat(key)) !== null;
  const pdf = Buffer.from('%PDF-1.7\n% pilot report\n%%EOF\n');

  it('are submitted through the attachments’ signed upload and served to members only, by signed URL', async () => {
    const { milestone, task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    const key = await uploadAttachment(ctx, founder, pdf, 'application/pdf');
    const reply = await callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(deliverable.id), {
      file: { key, name: 'pilot-report.pdf' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expectContractShape(reply.json(), deliverableResponseSchema);
    expect(reply.json().deliverable).toMatchObject({
      status: 'submitted',
      url: null,
      file: { key, name: 'pilot-report.pdf', contentType: 'application/pdf', size: pdf.length },
    });
    const [line] = await activitiesOf(milestone.id);
    expect(line).toMatchObject({ action: 'deliverable.submitted', newValue: { fileName: 'pilot-report.pdf' } });

    // A member downloads it by the signed URL of their own answer; the URL without its signature is refused.
    const listed = (await callAs(ctx, investor, 'GET', investorMilestonePaths.deliverables(milestone.id))).json()
      .data as Deliverable[];
    const url = listed[0]?.file?.url ?? '';
    const served = await ctx.app.fastify.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await ctx.app.fastify.inject({ method: 'GET', url: url.split('?')[0] ?? '' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // Non-members never get an address: the same 404 as a missing milestone.
    for (const [caller, path] of [
      [stranger, investorMilestonePaths.deliverables(milestone.id)],
      [otherFounder, milestonePaths.deliverables(milestone.id)],
      [otherFounder, milestonePaths.taskDeliverables(task.id)],
    ] as const) {
      expect((await callAs(ctx, caller, 'GET', path)).statusCode).toBe(404);
    }

    // The investor sends it back; the founder submits a link instead, and the file leaves storage.
    const sentBack = await callAs(
      ctx,
      investor,
      'POST',
      investorMilestonePaths.deliverableRequestChanges(deliverable.id),
      {
        comment: 'Sign the last page.',
      },
    );
    expect(sentBack.json().deliverable.status).toBe('changes_requested');
    const link = await submitDeliverable(ctx, founder, deliverable.id, 'https://example.com/signed.pdf');
    expect(link).toMatchObject({ status: 'submitted', url: 'https://example.com/signed.pdf', file: null });
    expect(await isStored(key)).toBe(false);
  });

  it('refuse a bad file key (400 naming it), another’s upload or kind (404), both a link and a file, and a file in use (409)', async () => {
    const { task } = await taskOnNewMilestone();
    const deliverable = await createDeliverable(ctx, founder, task.id);
    const submit = (body: object) =>
      callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(deliverable.id), body);

    // A ticket whose file never arrived.
    const ticket = await callAs(
      ctx,
      founder,
      'GET',
      `${milestonePaths.attachmentUpload}?fileType=application/pdf&fileSize=10`,
    );
    const notUploaded = await submit({ file: { key: ticket.json().key, name: 'x.pdf' } });
    expect(notUploaded.statusCode, notUploaded.body).toBe(400);
    expect(notUploaded.json().error.details.fields[0].path).toBe('file.key');
    // Not a key at all, an empty one, or a link and a file together: the contract's 400.
    const empty = await submit({ file: { key: '', name: 'x.pdf' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields[0].path).toMatch(/^file/);
    const both = await submit({ url: 'https://example.com/a.pdf', file: { key: ticket.json().key, name: 'x.pdf' } });
    expect(both.statusCode).toBe(400);
    expect((await submit({})).statusCode).toBe(400);
    // Someone else's upload, and a deck upload of one's own: not an attachment upload of the caller's.
    const investorsKey = await uploadAttachment(ctx, investor, pdf, 'application/pdf');
    expect((await submit({ file: { key: investorsKey, name: 'x.pdf' } })).statusCode).toBe(404);
    const deckKey = (await uploadFile(ctx, founder, await deckPdf(1))).ticket.key;
    expect((await submit({ file: { key: deckKey, name: 'x.pdf' } })).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.taskDeliverables(task.id))).json().data[0].status).toBe(
      'draft',
    );

    // One file, one deliverable: the same key on a second one is a conflict.
    const key = await uploadAttachment(ctx, founder, pdf, 'application/pdf');
    expect((await submit({ file: { key, name: 'report.pdf' } })).statusCode).toBe(200);
    const second = await createDeliverable(ctx, founder, task.id, 'Second copy');
    const reused = await callAs(ctx, founder, 'POST', milestonePaths.deliverableSubmit(second.id), {
      file: { key, name: 'copy.pdf' },
    });
    expect(reused.statusCode).toBe(409);
  });
});
