import {
  blockedMoveDetailsSchema,
  isMilestoneEditable,
  type Milestone,
  type Task,
  type TaskStage,
  taskStages,
} from '@deckvalid/contract/milestones';
import { Alert, Badge, Button, Group, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import {
  type BoardFilters,
  boardFilterKeys,
  hasBoardFilters,
  matchesBoardFilters,
  readBoardFilters,
} from '../board-filters';
import {
  applyMove,
  blockedMoveMessage,
  dropTarget,
  groupByStage,
  hasOpenBlocker,
  isSamePlace,
  type KeyboardPick,
  keyboardStep,
  keyboardTarget,
  type MoveKey,
  type MoveTarget,
  pickUp,
  stageLabels,
} from '../board-moves';
import { useBoardTasksQuery, useMoveTaskMutation } from '../tasks-api';
import { BoardFilterBar } from './board-filter-bar';
import classes from './milestone-board.module.css';
import { MilestoneBoardCard } from './milestone-board-card';
import { TaskCreateModal } from './task-create-modal';

type MilestoneBoardProps = {
  milestone: Milestone;
  role: MilestoneRole;
  onOpenTask: (taskId: string) => void;
};

const arrowKeys = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** "In progress, position 2 of 3": where a picked-up card would land. */
function placeInWords(tasks: readonly Task[], pick: KeyboardPick): string {
  const others = groupByStage(tasks)[pick.stage].filter((task) => task.id !== pick.taskId).length;
  return `${stageLabels[pick.stage]}, position ${pick.index + 1} of ${others + 1}`;
}

/**
 * The milestone's tasks in five columns (docs/milestones.md "The board"). Founders of an
 * editable milestone add tasks and move them three ways, all through one PATCH with an
 * optimistic update: native drag and drop, the keyboard (Space picks a card up, arrows move it,
 * Space drops, Escape cancels, each step announced), and a "Move to…" menu for touch screens.
 * Investors read the same board; every card opens the drawer.
 */
export function MilestoneBoard({ milestone, role, onOpenTask }: MilestoneBoardProps) {
  const { data: tasks, isLoading, isError, error, refetch } = useBoardTasksQuery({ milestoneId: milestone.id, role });
  const [moveTask] = useMoveTaskMutation();
  const canMove = role === 'founder' && isMilestoneEditable(milestone);
  const [isCreateOpen, createDialog] = useDisclosure(false);
  const [pick, setPick] = useState<KeyboardPick | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const [dropHint, setDropHint] = useState<MoveTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const boardRef = useRef<HTMLDivElement>(null);
  // A card re-mounts when it changes column; focus follows it there (keyboard moves, drops).
  const focusAfterRender = useRef<string | null>(null);

  const [params, setParams] = useSearchParams();
  // `?new=task` (the command palette's "New task") opens the Add task form once, then leaves the URL.
  const isNewTaskAsked = params.get('new') === 'task';
  const openCreateDialog = createDialog.open;
  useEffect(() => {
    if (!isNewTaskAsked) return;
    if (canMove) openCreateDialog();
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('new');
        return updated;
      },
      { replace: true },
    );
  }, [isNewTaskAsked, canMove, openCreateDialog, setParams]);
  const filters = readBoardFilters(params);
  const isFiltered = hasBoardFilters(filters);
  // In the URL, so a reload or a shared link shows the same cards; replaced, not pushed: Back
  // leaves the board rather than stepping through every filter tried.
  const handleFiltersChange = (next: BoardFilters) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of boardFilterKeys) {
          const value = next[key];
          if (value === null) updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      },
      { replace: true },
    );
  };

  const allTasks = tasks ?? [];
  // While a card is picked up it is shown where it would land; nothing is sent until the drop.
  const movedTasks = pick ? applyMove(allTasks, pick.taskId, keyboardTarget(allTasks, pick)) : allTasks;
  const now = new Date();
  const shownTasks = isFiltered ? movedTasks.filter((task) => matchesBoardFilters(task, filters, now)) : movedTasks;
  const columns = groupByStage(shownTasks);
  const stageById = useMemo(() => new Map(allTasks.map((task) => [task.id, task.stage])), [allTasks]);

  useLayoutEffect(() => {
    const taskId = focusAfterRender.current;
    if (!taskId) return;
    // Matched by dataset rather than a selector: ids need no escaping (and jsdom has no CSS.escape).
    const card = [...(boardRef.current?.querySelectorAll<HTMLElement>('[data-card-id]') ?? [])].find(
      (element) => element.dataset.cardId === taskId,
    );
    if (card && document.activeElement !== card) card.focus();
    if (card) focusAfterRender.current = null;
  });

  const titleOf = (taskId: string) => allTasks.find((task) => task.id === taskId)?.title ?? 'The task';

  const handleMove = async (taskId: string, target: MoveTarget) => {
    if (isSamePlace(allTasks, taskId, target)) return;
    const title = titleOf(taskId);
    const result = await moveTask({ milestoneId: milestone.id, taskId, ...target });
    if (!('error' in result)) return;
    const problem = describeApiError(result.error);
    const blocked = blockedMoveDetailsSchema.safeParse(problem.details);
    const message =
      problem.status === 409 && blocked.success && blocked.data.blockers.length > 0
        ? blockedMoveMessage(title, blocked.data.blockers)
        : problem.message;
    setAnnouncement(`${title} was not moved. ${message}`);
    notifications.show({ color: 'red', title: `“${title}” was not moved`, message });
  };

  const handleCardKeyDown = (task: Task) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!canMove) return;
    const isPicked = pick?.taskId === task.id;
    if (event.key === ' ' || (event.key === 'Enter' && isPicked)) {
      event.preventDefault();
      if (isPicked && pick) {
        const target = keyboardTarget(allTasks, pick);
        setPick(null);
        focusAfterRender.current = task.id;
        setAnnouncement(`Dropped ${task.title} in ${placeInWords(allTasks, pick)}.`);
        void handleMove(task.id, target);
        return;
      }
      const picked = pickUp(allTasks, task.id);
      if (!picked) return;
      setPick(picked);
      focusAfterRender.current = task.id;
      setAnnouncement(
        `Picked up ${task.title} in ${placeInWords(allTasks, picked)}. Use arrow keys to move it, Space to drop it, Escape to cancel.`,
      );
      return;
    }
    if (!isPicked || !pick) return;
    if (arrowKeys.has(event.key)) {
      event.preventDefault();
      const next = keyboardStep(allTasks, pick, event.key as MoveKey);
      setPick(next);
      focusAfterRender.current = task.id;
      setAnnouncement(`${task.title}: ${placeInWords(allTasks, next)}.`);
    } else if (event.key === 'Escape') {
      // Escape belongs to the card here, not to a drawer or modal around the board.
      event.preventDefault();
      event.stopPropagation();
      setPick(null);
      focusAfterRender.current = task.id;
      // The card shown is the preview; its stage on the server is the one it returns to.
      setAnnouncement(`Move cancelled. ${task.title} is back in ${stageLabels[stageById.get(task.id) ?? task.stage]}.`);
    }
  };

  const handleDragStart = (task: Task) => (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData('text/plain', task.id);
    event.dataTransfer.effectAllowed = 'move';
    setPick(null);
    setDraggingId(task.id);
  };

  const handleDragEnd = () => {
    setDraggingId(null);
    setDropHint(null);
  };

  /** The move a pointer over this column asks for: before the card under it, or at the end. */
  const targetOfPointer = (stage: TaskStage, event: DragEvent<HTMLElement>, draggedId: string): MoveTarget => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-task-id]');
    const overTaskId = item?.dataset.taskId ?? null;
    let isUpperHalf = true;
    if (item) {
      const box = item.getBoundingClientRect();
      // The exact middle counts as upper: dropping onto a card's centre puts the task before it.
      isUpperHalf = event.clientY <= box.top + box.height / 2;
    }
    return dropTarget(columns[stage], stage, draggedId, overTaskId, isUpperHalf);
  };

  const handleDragOver = (stage: TaskStage) => (event: DragEvent<HTMLUListElement>) => {
    if (!draggingId) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const target = targetOfPointer(stage, event, draggingId);
    if (dropHint?.stage !== target.stage || dropHint.beforeTaskId !== target.beforeTaskId) setDropHint(target);
  };

  const handleDrop = (stage: TaskStage) => (event: DragEvent<HTMLUListElement>) => {
    const draggedId = draggingId ?? event.dataTransfer.getData('text/plain');
    if (!draggedId || !stageById.has(draggedId)) return;
    event.preventDefault();
    const target = targetOfPointer(stage, event, draggedId);
    setDraggingId(null);
    setDropHint(null);
    setAnnouncement(`Moved ${titleOf(draggedId)} to ${stageLabels[stage]}.`);
    void handleMove(draggedId, target);
  };

  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="The board did not load">
        <Text fz="sm">{describeApiError(error).message}</Text>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <div data-testid="milestone-board">
      {/* The stages are h3s: the board is the h2 between them and the milestone's h1. */}
      <VisuallyHidden>
        <h2>Board</h2>
      </VisuallyHidden>
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fz="sm" c="dimmed">
          {isLoading
            ? 'Loading tasks…'
            : isFiltered
              ? `${shownTasks.length} of ${allTasks.length} ${allTasks.length === 1 ? 'task' : 'tasks'}`
              : `${allTasks.length} ${allTasks.length === 1 ? 'task' : 'tasks'}`}
          {/* Native drag and drop does not start on a touch screen: phones use "Move to…". */}
          {canMove ? (
            <Text span inherit visibleFrom="sm">
              {' '}
              · drag a card, or focus it and press Space to move it
            </Text>
          ) : null}
        </Text>
        {canMove ? (
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={createDialog.open}>
            Add task
          </Button>
        ) : null}
      </Group>
      <BoardFilterBar tasks={allTasks} filters={filters} onChange={handleFiltersChange} />
      <VisuallyHidden aria-live="assertive" aria-atomic="true" data-testid="board-announcer">
        {announcement}
      </VisuallyHidden>
      <div className={classes.board} ref={boardRef}>
        {taskStages.map((stage) => {
          const columnTasks = columns[stage];
          const isDropEnd = draggingId !== null && dropHint?.stage === stage && dropHint.beforeTaskId === null;
          return (
            <section key={stage} className={classes.column} aria-label={stageLabels[stage]} data-stage={stage}>
              <div className={classes.columnHeader}>
                <Title order={3} fz="sm" fw={700}>
                  {stageLabels[stage]}
                </Title>
                <Badge variant="light" color={stage === 'done' ? 'teal' : 'gray'} size="sm" aria-hidden>
                  {isLoading ? '…' : columnTasks.length}
                </Badge>
                <VisuallyHidden>
                  {columnTasks.length} {columnTasks.length === 1 ? 'task' : 'tasks'}
                </VisuallyHidden>
              </div>
              <ul
                className={classes.list}
                aria-label={stageLabels[stage]}
                onDragOver={canMove ? handleDragOver(stage) : undefined}
                onDrop={canMove ? handleDrop(stage) : undefined}
                data-drop-end={isDropEnd || undefined}
              >
                {isLoading ? (
                  <li>
                    <Skeleton height={64} radius="sm" />
                  </li>
                ) : null}
                {columnTasks.map((task) => (
                  <MilestoneBoardCard
                    key={task.id}
                    task={task}
                    isBlocked={hasOpenBlocker(task, (id) => stageById.get(id))}
                    canMove={canMove}
                    isPicked={pick?.taskId === task.id}
                    isDragging={draggingId === task.id}
                    isDropBefore={draggingId !== null && dropHint?.stage === stage && dropHint.beforeTaskId === task.id}
                    onOpen={() => {
                      // A click on the picked card itself is Space's keyup in some browsers: ignore it.
                      if (pick?.taskId === task.id) return;
                      if (pick) setPick(null);
                      onOpenTask(task.id);
                    }}
                    onKeyDown={handleCardKeyDown(task)}
                    onMoveTo={(next) => {
                      setAnnouncement(`Moved ${task.title} to ${stageLabels[next]}.`);
                      void handleMove(task.id, { stage: next, beforeTaskId: null });
                    }}
                    onDragStart={handleDragStart(task)}
                    onDragEnd={handleDragEnd}
                  />
                ))}
                {!isLoading && columnTasks.length === 0 ? (
                  <li className={classes.empty}>
                    <Text fz="xs" c="dimmed">
                      {isFiltered ? 'No tasks match the filters.' : 'No tasks here yet.'}
                    </Text>
                  </li>
                ) : null}
              </ul>
            </section>
          );
        })}
      </div>
      {canMove ? <TaskCreateModal milestone={milestone} opened={isCreateOpen} onClose={createDialog.close} /> : null}
    </div>
  );
}
