/**
 * The "blocked by" graph of one milestone's tasks, as pure functions (no I/O): cycle checks and
 * the critical path. Everything runs in time linear in tasks + links, so a milestone at the
 * limits (1,000 tasks, 5,000 links) is checked in well under a millisecond per call.
 *
 * Direction: a link `{ taskId: A, blockedByTaskId: B }` means B must be done before A, so work
 * flows B → A. "B blocks A" and "A is blocked by B" are the same row.
 */

/** One stored link: `taskId` waits for `blockedByTaskId`. */
export type Link = { taskId: string; blockedByTaskId: string };

/** A task as the schedule sees it. `estimateDays` null counts as 0. */
export type GraphTask = { id: string; estimateDays: number | null; isOpen: boolean };

/** For each task, the tasks it blocks (the direction work flows). */
function blockedTasksByBlocker(links: readonly Link[]): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const link of links) {
    const list = next.get(link.blockedByTaskId);
    if (list) list.push(link.taskId);
    else next.set(link.blockedByTaskId, [link.taskId]);
  }
  return next;
}

/**
 * The cycle that adding `candidate` to an acyclic `links` would close, or null when it closes
 * none. The new link says the candidate's blocker comes first; it closes a cycle exactly when the
 * task already (transitively) blocks its would-be blocker. Breadth-first from the task, so the
 * cycle reported is a shortest one. Answers task ids in work order, each blocking the next, the
 * last blocked by nothing in the list but blocking the first through the new link: for
 * "A blocked by B" with A → X → B already, `[A, X, B]`. A self-link answers `[A]`.
 */
export function cycleClosedBy(links: readonly Link[], candidate: Link): string[] | null {
  const start = candidate.taskId;
  const target = candidate.blockedByTaskId;
  if (start === target) return [start];
  const next = blockedTasksByBlocker(links);
  const cameFrom = new Map<string, string>([[start, start]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const current = queue[head] as string;
    for (const following of next.get(current) ?? []) {
      if (cameFrom.has(following)) continue;
      cameFrom.set(following, current);
      if (following === target) return pathBack(cameFrom, start, target);
      queue.push(following);
    }
  }
  return null;
}

/**
 * The tasks `taskId` may be blocked by: every task in `taskIds` except itself, those it already
 * waits for (a duplicate), and those that already wait for it, directly or through others (the
 * link would close a loop). What the dependency picker offers; `cycleClosedBy` answers null for
 * each, and a cycle for every other task but a duplicate. Linear in tasks + links.
 */
export function allowedBlockers(taskIds: readonly string[], links: readonly Link[], taskId: string): string[] {
  const next = blockedTasksByBlocker(links);
  const excluded = new Set<string>([taskId]);
  const queue = [taskId];
  for (let head = 0; head < queue.length; head++) {
    for (const following of next.get(queue[head] as string) ?? []) {
      if (excluded.has(following)) continue;
      excluded.add(following);
      queue.push(following);
    }
  }
  for (const link of links) if (link.taskId === taskId) excluded.add(link.blockedByTaskId);
  return taskIds.filter((id) => !excluded.has(id));
}

function pathBack(cameFrom: Map<string, string>, start: string, end: string): string[] {
  const path = [end];
  let current = end;
  while (current !== start) {
    current = cameFrom.get(current) as string;
    path.push(current);
  }
  return path.reverse();
}

/**
 * Any cycle among `links`, or null: a check of the invariant the service keeps (tests read it,
 * and it guards the schedule against a graph that somehow holds one). Iterative depth-first
 * search with three colours; answers the cycle in work order like `cycleClosedBy`.
 */
export function findCycle(links: readonly Link[]): string[] | null {
  const next = blockedTasksByBlocker(links);
  const state = new Map<string, 'open' | 'done'>();
  for (const root of next.keys()) {
    if (state.has(root)) continue;
    const stack: { id: string; index: number }[] = [{ id: root, index: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; index: number };
      const children = next.get(frame.id) ?? [];
      if (frame.index === children.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const child = children[frame.index++] as string;
      const seen = state.get(child);
      if (seen === 'open') {
        const from = stack.findIndex((entry) => entry.id === child);
        return stack.slice(from).map((entry) => entry.id);
      }
      if (seen === undefined) {
        state.set(child, 'open');
        stack.push({ id: child, index: 0 });
      }
    }
  }
  return null;
}

/** The schedule of a milestone's open work. */
export type Schedule = {
  /** Days the longest chain of open tasks takes. */
  totalDays: number;
  /** That chain, first to last. */
  criticalPath: string[];
  /** Every open task, in topological order (ties in the order given). */
  tasks: { id: string; estimateDays: number; earliestStart: number; slackDays: number }[];
};

/**
 * The critical path method over the open tasks: done tasks are finished and take no more time, so
 * they and their links drop out. Earliest starts come forward in topological order (Kahn's
 * algorithm), latest starts backward; slack is their difference. The critical path is a chain
 * of zero-slack tasks whose estimates add up to the total, found by walking back from the task
 * that finishes last. Ties go to the task given first, so the answer is stable for one input.
 * Throws on a cycle: the service never stores one.
 */
export function scheduleOpenTasks(tasks: readonly GraphTask[], links: readonly Link[]): Schedule {
  const open = tasks.filter((task) => task.isOpen);
  const index = new Map(open.map((task, position) => [task.id, position]));
  const estimate = open.map((task) => task.estimateDays ?? 0);
  const successors: number[][] = open.map(() => []);
  const predecessors: number[][] = open.map(() => []);
  for (const link of links) {
    const from = index.get(link.blockedByTaskId);
    const to = index.get(link.taskId);
    if (from === undefined || to === undefined) continue;
    successors[from]?.push(to);
    predecessors[to]?.push(from);
  }

  const order = topologicalOrder(successors, predecessors);
  if (order.length < open.length) throw new Error('the dependency graph holds a cycle');

  const earliestStart = open.map(() => 0);
  for (const node of order) {
    const finish = (earliestStart[node] as number) + (estimate[node] as number);
    for (const following of successors[node] as number[]) {
      if (finish > (earliestStart[following] as number)) earliestStart[following] = finish;
    }
  }
  const totalDays = Math.max(0, ...order.map((node) => (earliestStart[node] as number) + (estimate[node] as number)));

  const latestFinish = open.map(() => totalDays);
  for (let position = order.length - 1; position >= 0; position--) {
    const node = order[position] as number;
    const latestStart = (latestFinish[node] as number) - (estimate[node] as number);
    for (const previous of predecessors[node] as number[]) {
      if (latestStart < (latestFinish[previous] as number)) latestFinish[previous] = latestStart;
    }
  }
  const slack = (node: number) =>
    (latestFinish[node] as number) - (estimate[node] as number) - (earliestStart[node] as number);

  return {
    totalDays,
    criticalPath: criticalChain(order, earliestStart, estimate, predecessors, totalDays).map(
      (node) => (open[node] as GraphTask).id,
    ),
    tasks: order.map((node) => ({
      id: (open[node] as GraphTask).id,
      estimateDays: estimate[node] as number,
      earliestStart: earliestStart[node] as number,
      slackDays: slack(node),
    })),
  };
}

/** Kahn's algorithm; nodes that start free are taken in index order, so ties keep the input's order. */
function topologicalOrder(successors: number[][], predecessors: number[][]): number[] {
  const waiting = predecessors.map((list) => list.length);
  const ready: number[] = [];
  for (let node = 0; node < waiting.length; node++) if (waiting[node] === 0) ready.push(node);
  const order: number[] = [];
  for (let head = 0; head < ready.length; head++) {
    const node = ready[head] as number;
    order.push(node);
    for (const following of successors[node] as number[]) {
      waiting[following] = (waiting[following] as number) - 1;
      if (waiting[following] === 0) ready.push(following);
    }
  }
  return order;
}

/** Walks back from the first task finishing at `totalDays` through predecessors finishing as it starts. */
function criticalChain(
  order: number[],
  earliestStart: number[],
  estimate: number[],
  predecessors: number[][],
  totalDays: number,
): number[] {
  let current = order.find((node) => (earliestStart[node] as number) + (estimate[node] as number) === totalDays);
  const chain: number[] = [];
  while (current !== undefined) {
    chain.push(current);
    const start = earliestStart[current] as number;
    current = (predecessors[current] as number[]).find(
      (previous) => (earliestStart[previous] as number) + (estimate[previous] as number) === start,
    );
  }
  return chain.reverse();
}
