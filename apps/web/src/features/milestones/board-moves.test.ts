import type { TaskStage } from '@deckvalid/contract/milestones';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  blockedMoveMessage,
  cycleInWords,
  dependencyConflictMessage,
  dropTarget,
  groupByStage,
  hasOpenBlocker,
  isSamePlace,
  keyboardStep,
  keyboardTarget,
  listInWords,
  pickUp,
} from './board-moves';

const t = (id: string, stage: TaskStage) => ({ id, stage });

// todo: a, b, c · in_progress: d · review: (none) · done: e
const board = [t('a', 'todo'), t('b', 'todo'), t('c', 'todo'), t('d', 'in_progress'), t('e', 'done')];
const idsOf = (tasks: readonly { id: string }[]) => tasks.map((task) => task.id);

describe('applyMove', () => {
  it('puts the task before the named one, in its new stage', () => {
    const moved = applyMove(board, 'c', { stage: 'todo', beforeTaskId: 'a' });
    expect(idsOf(groupByStage(moved).todo)).toEqual(['c', 'a', 'b']);
  });

  it('puts the task at the end of a stage without beforeTaskId, and into an empty stage', () => {
    expect(
      idsOf(groupByStage(applyMove(board, 'a', { stage: 'in_progress', beforeTaskId: null })).in_progress),
    ).toEqual(['d', 'a']);
    const intoEmpty = groupByStage(applyMove(board, 'a', { stage: 'review', beforeTaskId: null }));
    expect(intoEmpty.review.map((task) => [task.id, task.stage])).toEqual([['a', 'review']]);
    expect(idsOf(intoEmpty.todo)).toEqual(['b', 'c']);
  });

  it('leaves the list alone for an unknown task and does not change its input', () => {
    const copy = structuredClone(board);
    expect(applyMove(board, 'zz', { stage: 'done', beforeTaskId: null })).toEqual(board);
    applyMove(board, 'a', { stage: 'done', beforeTaskId: null });
    expect(board).toEqual(copy);
  });
});

describe('isSamePlace', () => {
  it('recognises a move that changes nothing', () => {
    expect(isSamePlace(board, 'a', { stage: 'todo', beforeTaskId: 'b' })).toBe(true);
    expect(isSamePlace(board, 'c', { stage: 'todo', beforeTaskId: null })).toBe(true);
    expect(isSamePlace(board, 'a', { stage: 'todo', beforeTaskId: null })).toBe(false);
    expect(isSamePlace(board, 'a', { stage: 'done', beforeTaskId: null })).toBe(false);
  });
});

describe('dropTarget', () => {
  const todo = groupByStage(board).todo;

  it('drops before the card on its upper half, before the next one on its lower half', () => {
    expect(dropTarget(todo, 'todo', 'e', 'b', true)).toEqual({ stage: 'todo', beforeTaskId: 'b' });
    expect(dropTarget(todo, 'todo', 'e', 'b', false)).toEqual({ stage: 'todo', beforeTaskId: 'c' });
    expect(dropTarget(todo, 'todo', 'e', 'c', false)).toEqual({ stage: 'todo', beforeTaskId: null });
  });

  it('drops at the end on the empty space below the cards', () => {
    expect(dropTarget(todo, 'todo', 'e', null, true)).toEqual({ stage: 'todo', beforeTaskId: null });
  });

  it('resolves "before itself" to where the card already is', () => {
    // b dropped on its own upper half, or on a's lower half: it stays before c.
    expect(dropTarget(todo, 'todo', 'b', 'b', true)).toEqual({ stage: 'todo', beforeTaskId: 'c' });
    expect(dropTarget(todo, 'todo', 'b', 'a', false)).toEqual({ stage: 'todo', beforeTaskId: 'c' });
    expect(isSamePlace(board, 'b', dropTarget(todo, 'todo', 'b', 'b', true))).toBe(true);
  });
});

describe('keyboard moves', () => {
  it('picks a card up in its own place', () => {
    expect(pickUp(board, 'b')).toEqual({ taskId: 'b', stage: 'todo', index: 1 });
    expect(pickUp(board, 'zz')).toBeNull();
  });

  it('moves up and down within the column, stopping at its ends', () => {
    const pick = { taskId: 'b', stage: 'todo' as const, index: 1 };
    expect(keyboardStep(board, pick, 'ArrowUp')).toEqual({ ...pick, index: 0 });
    expect(keyboardStep(board, { ...pick, index: 0 }, 'ArrowUp')).toEqual({ ...pick, index: 0 });
    // Two other cards: places 0, 1 and 2 (the end).
    expect(keyboardStep(board, { ...pick, index: 2 }, 'ArrowDown')).toEqual({ ...pick, index: 2 });
  });

  it('changes column keeping the height it can, and stops at the first and last columns', () => {
    const pick = { taskId: 'c', stage: 'todo' as const, index: 2 };
    expect(keyboardStep(board, pick, 'ArrowRight')).toEqual({ taskId: 'c', stage: 'in_progress', index: 1 });
    expect(keyboardStep(board, pick, 'ArrowLeft')).toEqual({ taskId: 'c', stage: 'backlog', index: 0 });
    const inBacklog = { taskId: 'c', stage: 'backlog' as const, index: 0 };
    expect(keyboardStep(board, inBacklog, 'ArrowLeft')).toEqual(inBacklog);
    const inDone = { taskId: 'e', stage: 'done' as const, index: 0 };
    expect(keyboardStep(board, inDone, 'ArrowRight')).toEqual(inDone);
  });

  it('sends the card below the place, or none at the end of the column', () => {
    expect(keyboardTarget(board, { taskId: 'c', stage: 'todo', index: 0 })).toEqual({
      stage: 'todo',
      beforeTaskId: 'a',
    });
    expect(keyboardTarget(board, { taskId: 'a', stage: 'todo', index: 2 })).toEqual({
      stage: 'todo',
      beforeTaskId: null,
    });
    expect(keyboardTarget(board, { taskId: 'a', stage: 'in_progress', index: 0 })).toEqual({
      stage: 'in_progress',
      beforeTaskId: 'd',
    });
  });
});

describe('words', () => {
  const titles: Record<string, string> = { a: 'Design', b: 'Build', c: 'Ship' };
  const titleOf = (id: string) => titles[id] ?? id;

  it('names a cycle in work order, back to its first task', () => {
    expect(cycleInWords(['a', 'b', 'c'], titleOf)).toBe('Design → Build → Ship → Design');
    expect(cycleInWords(['a'], titleOf)).toBe('Design → Design');
    expect(dependencyConflictMessage({ reason: 'CYCLE', cycle: ['a', 'b', 'c'] }, titleOf)).toContain(
      'Design → Build → Ship → Design',
    );
  });

  it('puts every refusal in words', () => {
    for (const reason of ['SELF_LINK', 'DUPLICATE', 'CROSS_MILESTONE', 'TOO_MANY']) {
      expect(dependencyConflictMessage({ reason }, titleOf)).not.toContain(reason);
    }
  });

  it('names the blockers of a refused move', () => {
    expect(listInWords(['A', 'B', 'C'])).toBe('A, B and C');
    expect(
      blockedMoveMessage('Ship', [
        { title: 'Design', stage: 'todo' },
        { title: 'Build', stage: 'in_progress' },
      ]),
    ).toBe('“Ship” can’t be done yet: it is blocked by “Design” (To do) and “Build” (In progress).');
  });

  it('calls a task blocked only while a blocker is open', () => {
    const stageOf = (id: string) => board.find((task) => task.id === id)?.stage;
    expect(hasOpenBlocker({ blockedByTaskIds: ['e'] }, stageOf)).toBe(false);
    expect(hasOpenBlocker({ blockedByTaskIds: ['e', 'd'] }, stageOf)).toBe(true);
    expect(hasOpenBlocker({ blockedByTaskIds: ['gone'] }, stageOf)).toBe(false);
  });
});
