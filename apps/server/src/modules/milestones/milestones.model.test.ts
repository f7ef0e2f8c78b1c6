import { milestonePaths } from '@deckvalid/contract/milestones';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { createMilestone, createTask } from '../../../test/milestones';

/**
 * A model test through the real app and database: random sequences of "blocked by" adds and
 * removes on a small milestone, checked against an in-memory model that knows nothing of the
 * graph module. The stored links always equal the model's, never hold a cycle, every refusal
 * says why truthfully, and the overview's critical path equals a brute-force longest path.
 */
let ctx: TestContext;
let founder: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  founder = await signUp(ctx, 'user');
  deckId = (await readyDeck(ctx, founder)).id;
});

afterAll(async () => {
  await ctx.close();
});

type Edge = readonly [task: number, blocker: number];
const key = ([task, blocker]: Edge) => `${task}<${blocker}`;

/** Whether work flows from `from` to `to` along the edges (blocker first): a plain DFS. */
function reaches(edges: ReadonlySet<string>, count: number, from: number, to: number): boolean {
  const seen = new Set<number>();
  const visit = (node: number): boolean => {
    if (node === to) return true;
    if (seen.has(node)) return false;
    seen.add(node);
    return Array.from({ length: count }, (_, next) => next).some((next) => edges.has(`${next}<${node}`) && visit(next));
  };
  return visit(from);
}

/** The longest chain of open tasks by estimate, by trying every path. */
function longestPath(edges: ReadonlySet<string>, estimates: number[], open: boolean[]): number {
  const from = (node: number): number =>
    (estimates[node] as number) +
    Math.max(0, ...estimates.map((_, next) => (open[next] && edges.has(`${next}<${node}`) ? from(next) : 0)));
  return Math.max(0, ...estimates.map((_, node) => (open[node] ? from(node) : 0)));
}

const command = (count: number) =>
  fc.oneof(
    fc.record({ kind: fc.constant('add' as const), task: fc.nat(count - 1), blocker: fc.nat(count - 1) }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  );

const scenario = fc.integer({ min: 2, max: 5 }).chain((count) =>
  fc.record({
    count: fc.constant(count),
    estimates: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: count, maxLength: count }),
    open: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
    commands: fc.array(command(count), { minLength: 1, maxLength: 12 }),
  }),
);

describe('dependencies against a model', () => {
  it('never store a cycle, match the model after every step, and give a brute-force critical path', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ count, estimates, open, commands }) => {
        const milestone = await createMilestone(ctx, founder, deckId, { title: 'Model' });
        const ids: string[] = [];
        for (let index = 0; index < count; index++) {
          const task = await createTask(ctx, founder, milestone.id, {
            title: `T${index}`,
            estimateDays: estimates[index] ?? 0,
            stage: open[index] ? 'todo' : 'done',
          });
          ids.push(task.id);
        }
        const indexOf = new Map(ids.map((id, index) => [id, index]));
        const model = new Map<string, string>(); // edge key → dependency id

        for (const step of commands) {
          if (step.kind === 'remove') {
            const entries = [...model.entries()];
            if (entries.length === 0) continue;
            const [edgeKey, dependencyId] = entries[step.pick % entries.length] as [string, string];
            const reply = await callAs(ctx, founder, 'DELETE', milestonePaths.dependency(dependencyId));
            expect(reply.statusCode).toBe(204);
            model.delete(edgeKey);
          } else {
            const edge: Edge = [step.task, step.blocker];
            const reply = await callAs(
              ctx,
              founder,
              'POST',
              milestonePaths.taskDependencies(ids[step.task] as string),
              {
                blockedByTaskId: ids[step.blocker],
              },
            );
            const edges = new Set(model.keys());
            if (step.task === step.blocker) {
              expect(reply.json().error.details.reason).toBe('SELF_LINK');
            } else if (model.has(key(edge))) {
              expect(reply.json().error.details.reason).toBe('DUPLICATE');
            } else if (reaches(edges, count, step.task, step.blocker)) {
              expect(reply.statusCode).toBe(409);
              const cycle = (reply.json().error.details.cycle as string[]).map((id) => indexOf.get(id) as number);
              // Each blocks the next, and the refused link closes the loop from the last to the first.
              const closed = new Set([...edges, key(edge)]);
              cycle.forEach((node, position) => {
                expect(closed.has(`${cycle[(position + 1) % cycle.length]}<${node}`)).toBe(true);
              });
            } else {
              expect(reply.statusCode, reply.body).toBe(201);
              model.set(key(edge), reply.json().dependency.id as string);
            }
          }
          const stored = await ctx.sql<{ task_id: string; blocked_by_task_id: string }>(
            'select task_id, blocked_by_task_id from milestone_task_dependencies where milestone_id = $1',
            [milestone.id],
          );
          const storedKeys = stored.map((row) => `${indexOf.get(row.task_id)}<${indexOf.get(row.blocked_by_task_id)}`);
          expect(storedKeys.sort()).toEqual([...model.keys()].sort());
          // Acyclic: no stored link's task already flows back into its blocker.
          const edges = new Set(model.keys());
          for (const edgeKey of edges) {
            const [task, blocker] = edgeKey.split('<').map(Number) as [number, number];
            expect(reaches(new Set([...edges].filter((other) => other !== edgeKey)), count, task, blocker)).toBe(false);
          }
        }

        const overview = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
        expect(overview.json().overview.criticalPath.totalDays).toBe(
          longestPath(new Set(model.keys()), estimates, open),
        );
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
