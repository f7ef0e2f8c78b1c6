import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankBetween } from './board-rank';
import {
  allowedBlockers,
  cycleClosedBy,
  findCycle,
  type GraphTask,
  type Link,
  scheduleOpenTasks,
} from './milestone-graph';

/** Task ids t0…t(n-1). */
const ids = (count: number) => Array.from({ length: count }, (_, index) => `t${index}`);

/** Whether `links` hold a path from `from` to `to` in work order (the blocker first): a plain DFS. */
function reaches(links: readonly Link[], from: string, to: string): boolean {
  const seen = new Set<string>();
  const visit = (node: string): boolean => {
    if (node === to) return true;
    if (seen.has(node)) return false;
    seen.add(node);
    return links.some((link) => link.blockedByTaskId === node && visit(link.taskId));
  };
  return visit(from);
}

/** Checks that `cycle` is a cycle of `links`: each blocks the next, the last blocks the first. */
function expectCycleOf(links: readonly Link[], cycle: string[]) {
  expect(cycle.length).toBeGreaterThan(0);
  cycle.forEach((id, position) => {
    const following = cycle[(position + 1) % cycle.length] as string;
    expect(links.some((link) => link.blockedByTaskId === id && link.taskId === following)).toBe(true);
  });
}

/** Every path of open tasks by brute force: the longest total estimate, and the longest through each task. */
function bruteForce(tasks: GraphTask[], links: Link[]) {
  const open = new Map(tasks.filter((task) => task.isOpen).map((task) => [task.id, task.estimateDays ?? 0]));
  const openLinks = links.filter((link) => open.has(link.taskId) && open.has(link.blockedByTaskId));
  let longest = 0;
  const through = new Map<string, number>([...open.keys()].map((id) => [id, 0]));
  const walk = (path: string[], length: number) => {
    const last = path[path.length - 1] as string;
    const nexts = openLinks.filter((link) => link.blockedByTaskId === last).map((link) => link.taskId);
    if (nexts.length === 0) {
      longest = Math.max(longest, length);
      for (const id of path) through.set(id, Math.max(through.get(id) ?? 0, length));
    }
    for (const next of nexts) walk([...path, next], length + (open.get(next) ?? 0));
  };
  for (const [id, estimate] of open) walk([id], estimate);
  return { longest, through };
}

/** A random acyclic graph: links only from a lower to a higher index of a random permutation. */
const dagArbitrary = fc
  .integer({ min: 1, max: 8 })
  .chain((count) =>
    fc.record({
      order: fc.shuffledSubarray(ids(count), { minLength: count, maxLength: count }),
      estimates: fc.array(fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }), {
        minLength: count,
        maxLength: count,
      }),
      open: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
      pairs: fc.uniqueArray(fc.tuple(fc.nat(count - 1), fc.nat(count - 1)), {
        maxLength: count * 2,
        selector: ([a, b]) => `${a}-${b}`,
      }),
    }),
  )
  .map(({ order, estimates, open, pairs }) => {
    const tasks: GraphTask[] = ids(order.length).map((id, index) => ({
      id,
      estimateDays: estimates[index] ?? null,
      isOpen: open[index] ?? true,
    }));
    const links: Link[] = pairs
      .filter(([a, b]) => a < b)
      .map(([a, b]) => ({ blockedByTaskId: order[a] as string, taskId: order[b] as string }));
    return { tasks, links };
  });

describe('cycleClosedBy', () => {
  it('names the cycle a link would close, in work order', () => {
    // t0 blocks t1 blocks t2; "t0 blocked by t2" would close t0 → t1 → t2 → t0.
    const links = [
      { blockedByTaskId: 't0', taskId: 't1' },
      { blockedByTaskId: 't1', taskId: 't2' },
    ];
    expect(cycleClosedBy(links, { taskId: 't0', blockedByTaskId: 't2' })).toEqual(['t0', 't1', 't2']);
    expect(cycleClosedBy(links, { taskId: 't2', blockedByTaskId: 't0' })).toBeNull();
    expect(cycleClosedBy(links, { taskId: 't1', blockedByTaskId: 't1' })).toEqual(['t1']);
  });

  it('model: random adds and removes never leave a cycle, and each refusal names a real one', () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), a: fc.nat(5), b: fc.nat(5) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let links: Link[] = [];
        for (const step of commands) {
          if (step.kind === 'remove') {
            if (links.length > 0) links = links.filter((_, index) => index !== step.pick % links.length);
            continue;
          }
          const candidate = { taskId: `t${step.a}`, blockedByTaskId: `t${step.b}` };
          const cycle = cycleClosedBy(links, candidate);
          // The model's own answer: the link closes a cycle iff the task already reaches its blocker.
          expect(cycle !== null).toBe(reaches(links, candidate.taskId, candidate.blockedByTaskId));
          if (cycle) expectCycleOf([...links, candidate], cycle);
          else if (
            !links.some(
              (link) => link.taskId === candidate.taskId && link.blockedByTaskId === candidate.blockedByTaskId,
            )
          )
            links.push(candidate);
          expect(findCycle(links)).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('allowedBlockers', () => {
  it('leaves out the task itself, its blockers and every task that already waits for it', () => {
    // t0 blocks t1 blocks t2; t3 blocks t0; t4 stands alone.
    const links = [
      { blockedByTaskId: 't0', taskId: 't1' },
      { blockedByTaskId: 't1', taskId: 't2' },
      { blockedByTaskId: 't3', taskId: 't0' },
    ];
    const tasks = ['t0', 't1', 't2', 't3', 't4'];
    expect(allowedBlockers(tasks, links, 't0')).toEqual(['t4']);
    expect(allowedBlockers(tasks, links, 't2')).toEqual(['t0', 't3', 't4']);
    expect(allowedBlockers(tasks, links, 't4')).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('model: offers exactly the tasks whose link closes no cycle and is not there yet', () => {
    const graph = fc.array(fc.record({ a: fc.nat(7), b: fc.nat(7) }), { maxLength: 20 }).map((pairs) => {
      const links: Link[] = [];
      for (const { a, b } of pairs) {
        const candidate = { taskId: `t${a}`, blockedByTaskId: `t${b}` };
        if (!cycleClosedBy(links, candidate)) links.push(candidate);
      }
      return links;
    });
    const tasks = Array.from({ length: 8 }, (_, index) => `t${index}`);
    fc.assert(
      fc.property(graph, fc.nat(7), (links, pick) => {
        const taskId = `t${pick}`;
        const expected = tasks.filter(
          (other) =>
            cycleClosedBy(links, { taskId, blockedByTaskId: other }) === null &&
            !links.some((link) => link.taskId === taskId && link.blockedByTaskId === other),
        );
        expect(allowedBlockers(tasks, links, taskId)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('findCycle', () => {
  it('finds a cycle wherever it is, and none in a DAG', () => {
    fc.assert(
      fc.property(dagArbitrary, fc.nat(), ({ links }, pick) => {
        expect(findCycle(links)).toBeNull();
        if (links.length === 0) return;
        // The reverse of any link closes a cycle (at least the two tasks), wherever it sits.
        const link = links[pick % links.length] as Link;
        const withBackLink = [...links, { taskId: link.blockedByTaskId, blockedByTaskId: link.taskId }];
        const cycle = findCycle(withBackLink);
        expect(cycle).not.toBeNull();
        expectCycleOf(withBackLink, cycle as string[]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('scheduleOpenTasks', () => {
  it('matches a brute-force longest path, with slack = total − longest chain through the task', () => {
    fc.assert(
      fc.property(dagArbitrary, ({ tasks, links }) => {
        const schedule = scheduleOpenTasks(tasks, links);
        const { longest, through } = bruteForce(tasks, links);
        expect(schedule.totalDays).toBe(longest);
        // The critical path is a chain of open, linked tasks adding up to the total.
        const estimates = new Map(tasks.map((task) => [task.id, task.estimateDays ?? 0]));
        const openIds = new Set(tasks.filter((task) => task.isOpen).map((task) => task.id));
        expect(schedule.criticalPath.every((id) => openIds.has(id))).toBe(true);
        expect(schedule.criticalPath.reduce((sum, id) => sum + (estimates.get(id) ?? 0), 0)).toBe(longest);
        for (let position = 1; position < schedule.criticalPath.length; position++) {
          const [blocker, task] = [schedule.criticalPath[position - 1], schedule.criticalPath[position]];
          expect(links.some((link) => link.blockedByTaskId === blocker && link.taskId === task)).toBe(true);
        }
        expect(schedule.tasks.map((task) => task.id).sort()).toEqual([...openIds].sort());
        for (const task of schedule.tasks) expect(task.slackDays).toBe(longest - (through.get(task.id) ?? 0));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves done tasks out and counts a missing estimate as 0', () => {
    const tasks: GraphTask[] = [
      { id: 'design', estimateDays: 3, isOpen: false },
      { id: 'build', estimateDays: 5, isOpen: true },
      { id: 'copy', estimateDays: null, isOpen: true },
      { id: 'launch', estimateDays: 1, isOpen: true },
    ];
    const links: Link[] = [
      { blockedByTaskId: 'design', taskId: 'build' },
      { blockedByTaskId: 'build', taskId: 'launch' },
      { blockedByTaskId: 'copy', taskId: 'launch' },
    ];
    expect(scheduleOpenTasks(tasks, links)).toEqual({
      totalDays: 6,
      criticalPath: ['build', 'launch'],
      tasks: [
        { id: 'build', estimateDays: 5, earliestStart: 0, slackDays: 0 },
        { id: 'copy', estimateDays: 0, earliestStart: 0, slackDays: 5 },
        { id: 'launch', estimateDays: 1, earliestStart: 5, slackDays: 0 },
      ],
    });
  });

  it('schedules 500 tasks and 1,000 links in linear time', () => {
    const count = 500;
    const tasks: GraphTask[] = ids(count).map((id, index) => ({
      id,
      estimateDays: index % 7,
      isOpen: index % 5 !== 0,
    }));
    const links: Link[] = Array.from({ length: 1_000 }, (_, index) => {
      const from = index % (count - 1);
      const to = from + 1 + ((index * 7919) % (count - from - 1));
      return { blockedByTaskId: `t${from}`, taskId: `t${to}` };
    });
    const started = performance.now();
    for (let run = 0; run < 20; run++) {
      scheduleOpenTasks(tasks, links);
      cycleClosedBy(links, { taskId: 't0', blockedByTaskId: 't499' });
    }
    // Both walk each task and link once; 20 rounds take a few ms. A quadratic slip takes seconds.
    expect((performance.now() - started) / 20).toBeLessThan(25);
  });

  it('refuses a graph with a cycle', () => {
    const tasks = ids(2).map((id) => ({ id, estimateDays: 1, isOpen: true }));
    expect(() =>
      scheduleOpenTasks(tasks, [
        { blockedByTaskId: 't0', taskId: 't1' },
        { blockedByTaskId: 't1', taskId: 't0' },
      ]),
    ).toThrow(/cycle/);
  });
});

describe('rankBetween', () => {
  it('always finds a key strictly between two neighbours, so order holds after any inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (positions) => {
        const keys: string[] = [];
        for (const position of positions) {
          const at = position % (keys.length + 1);
          const key = rankBetween(keys[at - 1] ?? null, keys[at] ?? null);
          if (at > 0) expect(key > (keys[at - 1] as string)).toBe(true);
          if (at < keys.length) expect(key < (keys[at] as string)).toBe(true);
          expect(key.endsWith('0')).toBe(false);
          keys.splice(at, 0, key);
        }
      }),
      { numRuns: 300 },
    );
  });
});
