import type { TaskStage } from '@deckvalid/contract/milestones';
import { dependencyConflictReasons, taskStages } from '@deckvalid/contract/milestones';

/** Stage names as the board and the drawer print them. */
export const stageLabels: Record<TaskStage, string> = {
  backlog: 'Backlog',
  todo: 'To do',
  in_progress: 'In progress',
  review: 'Review',
  done: 'Done',
};

/** The part of a task the move helpers read, so tests need not build whole tasks. */
type Movable = { id: string; stage: TaskStage };

/** Where a task goes: a stage, and the task it lands just before (null: the end of the stage). */
export type MoveTarget = { stage: TaskStage; beforeTaskId: string | null };

/** The tasks of each stage in the order given (the server answers by stage, then rank). */
export function groupByStage<Item extends Movable>(tasks: readonly Item[]): Record<TaskStage, Item[]> {
  const columns = Object.fromEntries(taskStages.map((stage) => [stage, [] as Item[]])) as Record<TaskStage, Item[]>;
  for (const task of tasks) columns[task.stage].push(task);
  return columns;
}

/**
 * The board's list with one task moved: out of its place, into `stage` just before
 * `beforeTaskId`, or after the last task of `stage`. The list keeps the server's "by stage, then
 * rank" reading, so grouping the result gives the columns as they will be once the PATCH lands.
 * An unknown task leaves the list as it is.
 */
export function applyMove<Item extends Movable>(tasks: readonly Item[], taskId: string, target: MoveTarget): Item[] {
  const moving = tasks.find((task) => task.id === taskId);
  if (!moving) return [...tasks];
  const rest = tasks.filter((task) => task.id !== taskId);
  const moved = { ...moving, stage: target.stage };
  let at = target.beforeTaskId === null ? -1 : rest.findIndex((task) => task.id === target.beforeTaskId);
  if (at === -1) {
    // The end of the stage: after its last task, or anywhere when it is empty (grouping ignores
    // where other stages sit).
    const lastOfStage = rest.findLastIndex((task) => task.stage === target.stage);
    at = lastOfStage === -1 ? rest.length : lastOfStage + 1;
  }
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

/** Whether moving the task to `target` would leave it exactly where it is (no call needed). */
export function isSamePlace(tasks: readonly Movable[], taskId: string, target: MoveTarget): boolean {
  const column = groupByStage(tasks)[target.stage];
  const index = column.findIndex((task) => task.id === taskId);
  if (index === -1) return false;
  return (column[index + 1]?.id ?? null) === target.beforeTaskId;
}

/**
 * The move a drop asks for. `overTaskId` is the card under the pointer (null: the column's empty
 * space below its cards) and `isUpperHalf` whether the pointer is on its upper half: the upper
 * half drops before that card, the lower half before the card after it. A drop on the dragged
 * card itself, or next to it, resolves to its own neighbour, which `isSamePlace` then recognises.
 */
export function dropTarget(
  columnTasks: readonly Movable[],
  stage: TaskStage,
  draggedId: string,
  overTaskId: string | null,
  isUpperHalf: boolean,
): MoveTarget {
  if (overTaskId === null) return { stage, beforeTaskId: null };
  const index = columnTasks.findIndex((task) => task.id === overTaskId);
  if (index === -1) return { stage, beforeTaskId: null };
  const candidate = isUpperHalf ? columnTasks[index] : columnTasks[index + 1];
  if (!candidate) return { stage, beforeTaskId: null };
  if (candidate.id !== draggedId) return { stage, beforeTaskId: candidate.id };
  // "Before myself" is where it already is: before the card that follows it.
  return { stage, beforeTaskId: columnTasks[index + 1 + (isUpperHalf ? 0 : 1)]?.id ?? null };
}

/**
 * A card picked up with the keyboard: its column and its index among that column's *other*
 * cards (0 = top; the column's length = the end).
 */
export type KeyboardPick = { taskId: string; stage: TaskStage; index: number };

/** The keys that move a picked-up card. */
export type MoveKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/** Where a picked-up card starts: its own column and place. */
export function pickUp(tasks: readonly Movable[], taskId: string): KeyboardPick | null {
  const task = tasks.find((item) => item.id === taskId);
  if (!task) return null;
  const index = groupByStage(tasks)[task.stage].findIndex((item) => item.id === taskId);
  return { taskId, stage: task.stage, index };
}

/**
 * The next place of a picked-up card after an arrow key: Left/Right go to the neighbouring
 * column keeping the height where it can (clamped to that column's end), Up/Down move one place
 * within the column. At an edge the place stays.
 */
export function keyboardStep(tasks: readonly Movable[], pick: KeyboardPick, key: MoveKey): KeyboardPick {
  const othersIn = (stage: TaskStage) => groupByStage(tasks)[stage].filter((task) => task.id !== pick.taskId).length;
  const column = taskStages.indexOf(pick.stage);
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const next = taskStages[column + (key === 'ArrowLeft' ? -1 : 1)];
    if (!next) return pick;
    return { ...pick, stage: next, index: Math.min(pick.index, othersIn(next)) };
  }
  const index = pick.index + (key === 'ArrowUp' ? -1 : 1);
  if (index < 0 || index > othersIn(pick.stage)) return pick;
  return { ...pick, index };
}

/** The PATCH a keyboard drop sends: before the card now below it, or none at the column's end. */
export function keyboardTarget(tasks: readonly Movable[], pick: KeyboardPick): MoveTarget {
  const others = groupByStage(tasks)[pick.stage].filter((task) => task.id !== pick.taskId);
  return { stage: pick.stage, beforeTaskId: others[pick.index]?.id ?? null };
}

/** Whether any task this one waits for is not done yet (what the board's "Blocked" badge says). */
export function hasOpenBlocker(
  task: { blockedByTaskIds: readonly string[] },
  stageOf: (taskId: string) => TaskStage | undefined,
): boolean {
  return task.blockedByTaskIds.some((id) => {
    const stage = stageOf(id);
    return stage !== undefined && stage !== 'done';
  });
}

/** A list of names in words: "A", "A and B", "A, B and C". */
export function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Why a move into done was refused, naming the open blockers with their stages. */
export function blockedMoveMessage(
  taskTitle: string,
  blockers: readonly { title: string; stage: TaskStage }[],
): string {
  const named = blockers.map((blocker) => `“${blocker.title}” (${stageLabels[blocker.stage]})`);
  return `“${taskTitle}” can’t be done yet: it is blocked by ${listInWords(named)}.`;
}

/**
 * A refused cycle as the tasks it would close, in work order and back to the first: "A → B → C →
 * A" (`details.cycle` lists each task blocking the next; the refused link closes the ring).
 */
export function cycleInWords(cycle: readonly string[], titleOf: (taskId: string) => string): string {
  if (cycle.length === 0) return '';
  const titles = cycle.map(titleOf);
  return [...titles, titles[0]].join(' → ');
}

/** A refused "blocked by" link (409 `details`) in words a founder can act on. */
export function dependencyConflictMessage(
  details: { reason: string; cycle?: readonly string[] | undefined },
  titleOf: (taskId: string) => string,
): string {
  switch (details.reason) {
    case dependencyConflictReasons.selfLink:
      return 'A task cannot be blocked by itself.';
    case dependencyConflictReasons.duplicate:
      return 'This task is already blocked by that one.';
    case dependencyConflictReasons.crossMilestone:
      return 'That task belongs to another milestone; link tasks of this milestone only.';
    case dependencyConflictReasons.cycle:
      return `That link would make a loop where no task can start: ${cycleInWords(details.cycle ?? [], titleOf)}.`;
    case dependencyConflictReasons.tooMany:
      return 'This milestone holds as many links as it may; remove one first.';
    default:
      return 'That link was refused.';
  }
}
