import {
  type Activity,
  acceptUndoSeconds,
  deliverableResponseSchema,
  investorMilestonePaths,
  milestonePaths,
} from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '@/lib/clock';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { expectContractShape } from '../../../test/contract-shape';
import { readyDeck } from '../../../test/decks';
import {
  acceptedInvestor,
  createDeliverable,
  createMilestone,
  createTask,
  submitDeliverable,
} from '../../../test/milestones';

/**
 * Accepting a deliverable can be undone for a minute by whoever accepted it (the server's clock
 * decides, moved here); one sent back cannot be accepted until the founder submits again.
 */
const clock = new MovableClock();
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let otherInvestor: SignedUp;
let stranger: SignedUp;
let deckId = '';

beforeAll(async () => {
  ctx = await build({}, { clock });
  [founder, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId, 'Theo Brandt');
  otherInvestor = await acceptedInvestor(ctx, founder, deckId, 'Ines Other');
});

afterAll(async () => {
  await ctx?.close();
});

async function submittedDeliverable() {
  const milestone = await createMilestone(ctx, founder, deckId);
  const task = await createTask(ctx, founder, milestone.id, { title: 'Pilot report' });
  const deliverable = await createDeliverable(ctx, founder, task.id);
  await submitDeliverable(ctx, founder, deliverable.id);
  return { milestone, deliverable };
}

const accept = (caller: SignedUp, id: string) =>
  callAs(ctx, caller, 'POST', investorMilestonePaths.deliverableAccept(id));
const undo = (caller: SignedUp, id: string) =>
  callAs(ctx, caller, 'POST', investorMilestonePaths.deliverableUndoAccept(id));

describe('undoing an acceptance', () => {
  it('restores the submitted deliverable within the minute, by the investor who accepted it only', async () => {
    const { milestone, deliverable } = await submittedDeliverable();
    const accepted = await accept(investor, deliverable.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { acceptedAt, acceptUndoableUntil } = accepted.json().deliverable;
    expect(new Date(acceptUndoableUntil).getTime() - new Date(acceptedAt).getTime()).toBe(acceptUndoSeconds * 1000);

    // Nobody else may take it back: another investor (409), the founder (403), a stranger (404).
    expect((await undo(otherInvestor, deliverable.id)).statusCode).toBe(409);
    expect((await undo(founder, deliverable.id)).statusCode).toBe(403);
    expect((await undo(stranger, deliverable.id)).statusCode).toBe(404);

    clock.advance((acceptUndoSeconds - 5) * 1000);
    const undone = await undo(investor, deliverable.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expectContractShape(undone.json(), deliverableResponseSchema);
    expect(undone.json().deliverable).toMatchObject({
      status: 'submitted',
      acceptedBy: null,
      acceptedAt: null,
      acceptUndoableUntil: null,
      url: 'https://example.com/report.pdf',
    });
    const log = (await callAs(ctx, founder, 'GET', milestonePaths.activities(milestone.id))).json().data as Activity[];
    expect(log.slice(0, 2).map((line) => line.action)).toEqual([
      'deliverable.acceptance_undone',
      'deliverable.accepted',
    ]);
    // Completion waits for it again.
    const overview = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
    expect(overview.json().overview.pendingDeliverables).toEqual([
      expect.objectContaining({ id: deliverable.id, status: 'submitted' }),
    ]);
    // Nothing is accepted now: a second undo says so.
    const twice = await undo(investor, deliverable.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toEqual({ status: 'submitted' });
  });

  it('is refused with a clear error once the minute has passed, and the acceptance stands', async () => {
    const { deliverable } = await submittedDeliverable();
    expect((await accept(investor, deliverable.id)).statusCode).toBe(200);
    clock.advance((acceptUndoSeconds + 1) * 1000);
    const late = await undo(investor, deliverable.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      `The acceptance of “Signed pilot report” can no longer be undone: that is possible for ${acceptUndoSeconds} seconds after accepting.`,
    );
    expect(late.json().error.details.status).toBe('accepted');
    const again = await accept(investor, deliverable.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ status: 'accepted' });
  });
});

describe('a deliverable sent back', () => {
  it('cannot be accepted until something new is submitted', async () => {
    const { deliverable } = await submittedDeliverable();
    const sentBack = await callAs(
      ctx,
      investor,
      'POST',
      investorMilestonePaths.deliverableRequestChanges(deliverable.id),
      {
        comment: 'The appendix is missing.',
      },
    );
    expect(sentBack.statusCode, sentBack.body).toBe(200);

    for (const caller of [investor, otherInvestor]) {
      const refused = await accept(caller, deliverable.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'CONFLICT',
        message: '“Signed pilot report” was sent back; it can be accepted once the founder submits something new.',
        details: { status: 'changes_requested' },
      });
    }

    await submitDeliverable(ctx, founder, deliverable.id, 'https://example.com/report-v2.pdf');
    const accepted = await accept(otherInvestor, deliverable.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().deliverable).toMatchObject({
      status: 'accepted',
      acceptedBy: { id: otherInvestor.user.id },
    });
  });
});
