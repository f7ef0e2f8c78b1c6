import { investorMilestonePaths, milestonePaths, type Task } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';

/**
 * Task keys ("LDG-12") and labels through the real app. The concurrency case means most on
 * PostgreSQL (CI runs this suite there too), where the creates really overlap.
 */
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'user', 'Olga Other'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const numberOf = (key: string) => Number(key.split('-')[1]);

describe('task keys', () => {
  it('never repeat a number when tasks are created at once on two milestones of one deck', async () => {
    const deck = await readyDeck(ctx, founder, { details: { company: 'Ledgerleaf', title: 'Ledgerleaf seed' } });
    const [first, second] = await Promise.all([
      createMilestone(ctx, founder, deck.id, { title: 'Pilot' }),
      createMilestone(ctx, founder, deck.id, { title: 'Launch' }),
    ]);
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        createTask(ctx, founder, index % 2 === 0 ? first.id : second.id, { title: `Task ${index}` }),
      ),
    );
    const keys = created.map((task) => task.key);
    expect(new Set(keys).size).toBe(24);
    expect(keys.every((key) => key.startsWith('LDG-'))).toBe(true);
    expect(keys.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));

    // A deleted task's number is never given again.
    const last = created.find((task) => numberOf(task.key) === 24);
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.task(last?.id ?? ''))).statusCode).toBe(204);
    expect((await createTask(ctx, founder, first.id)).key).toBe('LDG-25');
  });

  it('take a prefix no other deck holds, and show on the board for the founder and investors alike', async () => {
    const deck = await readyDeck(ctx, otherFounder, { details: { company: 'Ledger Lane', title: 'Ledger Lane A' } });
    const investor = await acceptedInvestor(ctx, otherFounder, deck.id);
    const milestone = await createMilestone(ctx, otherFounder, deck.id);
    const task = await createTask(ctx, otherFounder, milestone.id, { title: 'Hire a CFO' });
    // Ledgerleaf (above, or any deck made first in this file's world) holds LDG already.
    expect(task.key).toMatch(/^LDG\d+-1$/);
    const board = await callAs(ctx, investor, 'GET', investorMilestonePaths.tasks(milestone.id));
    expect((board.json().data as Task[]).map((row) => row.key)).toEqual([task.key]);
  });

  it('come with labels, kept once each (whatever their case) and logged when they change', async () => {
    const deck = await readyDeck(ctx, founder, { details: { company: 'Quillwork', title: 'Quillwork seed' } });
    const milestone = await createMilestone(ctx, founder, deck.id);
    const task = await createTask(ctx, founder, milestone.id, {
      title: 'Draft the contract',
      labels: [' legal ', 'Legal', 'design'],
    });
    expect(task.key).toBe('QLL-1');
    expect(task.labels).toEqual(['legal', 'design']);
    const edited = await callAs(ctx, founder, 'PUT', milestonePaths.task(task.id), {
      title: 'Draft the contract',
      labels: ['legal'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().task.labels).toEqual(['legal']);
    const log = await callAs(ctx, founder, 'GET', milestonePaths.activities(milestone.id));
    expect(log.json().data[0]).toMatchObject({
      action: 'task.updated',
      oldValue: { labels: 'legal, design' },
      newValue: { labels: 'legal' },
    });
    const tooMany = await callAs(ctx, founder, 'POST', milestonePaths.tasks(milestone.id), {
      title: 'Label soup',
      labels: Array.from({ length: 11 }, (_, index) => `l${index}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
