import { type Task, type TaskStage, taskStages } from '@deckvalid/contract/milestones';
import { ActionIcon, Avatar, Badge, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsMove, IconCalendar, IconClock, IconListCheck, IconUser } from '@tabler/icons-react';
import type { DragEvent, KeyboardEvent } from 'react';
import { formatCalendarDay } from '@/shared/lib/format-date';
import { stageLabels } from '../board-moves';
import classes from './milestone-board.module.css';

type MilestoneBoardCardProps = {
  task: Task;
  /** Some task it waits for is not done: a move into done will be refused. */
  isBlocked: boolean;
  /** The founder of an editable milestone: drag, keyboard moves and the "Move to…" menu. */
  canMove: boolean;
  /** Picked up with the keyboard (Space) and moving with the arrows. */
  isPicked: boolean;
  isDragging: boolean;
  /** A drop here would land just above this card. */
  isDropBefore: boolean;
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onMoveTo: (stage: TaskStage) => void;
  onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd: () => void;
};

/**
 * One task on the board. The card is a button named by the task's title (its details are its
 * description), so Enter opens the drawer and a test finds it by role and name. Moves are by
 * drag, by keyboard (the board handles the keys) or by the "Move to…" menu, which is the way on
 * a touch screen where native drag and drop does not start.
 */
export function MilestoneBoardCard({
  task,
  isBlocked,
  canMove,
  isPicked,
  isDragging,
  isDropBefore,
  onOpen,
  onKeyDown,
  onMoveTo,
  onDragStart,
  onDragEnd,
}: MilestoneBoardCardProps) {
  const detailsId = `task-card-details-${task.id}`;
  const hasSubtasks = task.subtaskCount > 0;
  return (
    <li
      className={classes.item}
      draggable={canMove}
      onDragStart={canMove ? onDragStart : undefined}
      onDragEnd={canMove ? onDragEnd : undefined}
      data-task-id={task.id}
      data-drop-before={isDropBefore || undefined}
      data-dragging={isDragging || undefined}
    >
      <button
        type="button"
        className={classes.card}
        aria-label={task.title}
        aria-describedby={detailsId}
        aria-pressed={canMove ? isPicked : undefined}
        data-card-id={task.id}
        onClick={onOpen}
        onKeyDown={onKeyDown}
        // A native button clicks on Space's keyup; Space picks the card up and drops it instead.
        onKeyUp={(event) => {
          if (event.key === ' ' && canMove) event.preventDefault();
        }}
      >
        <Text fw={600} fz="sm" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
        <div id={detailsId}>
          {/* The key in the details, not the name: tests and screen readers find a card by its title. */}
          <Text fz="xs" c="dimmed" ff="monospace" mt={2} data-testid="card-key">
            {task.key}
          </Text>
          {task.labels.length > 0 ? (
            <Group gap={4} mt={6} data-testid="card-labels">
              {task.labels.map((label) => (
                <Badge key={label} size="xs" variant="outline" color="gray" tt="none">
                  {label}
                </Badge>
              ))}
            </Group>
          ) : null}
          {isBlocked || task.isOverdue ? (
            <Group gap={4} mt={6}>
              {isBlocked ? (
                <Badge size="xs" color="red" variant="light" tt="none">
                  Blocked
                </Badge>
              ) : null}
              {task.isOverdue ? (
                <Badge size="xs" color="orange" variant="light" tt="none">
                  Overdue
                </Badge>
              ) : null}
            </Group>
          ) : null}
          <Group gap="xs" mt={6} c="dimmed" fz="xs" wrap="wrap">
            {task.assignee ? (
              // A line of its own: a name is what a card is scanned for, so it is not cut short by the dates.
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flexBasis: '100%' }} data-testid="card-assignee">
                <Avatar name={task.assignee.name} color="initials" size={20} radius="xl" aria-hidden />
                <Text fz="xs" c="var(--mantine-color-text)" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <VisuallyHidden>Assigned to </VisuallyHidden>
                  {task.assignee.name}
                </Text>
              </Group>
            ) : (
              <Group gap={3} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconUser size={13} aria-hidden />
                <Text fz="xs">Unassigned</Text>
              </Group>
            )}
            {task.dueDate ? (
              <Group gap={3} wrap="nowrap" c={task.isOverdue ? 'red.7' : undefined}>
                <IconCalendar size={13} aria-hidden />
                <Text fz="xs" fw={task.isOverdue ? 600 : undefined}>
                  <VisuallyHidden>Due </VisuallyHidden>
                  {formatCalendarDay(task.dueDate)}
                </Text>
              </Group>
            ) : null}
            {task.estimateDays !== null ? (
              <Group gap={3} wrap="nowrap">
                <IconClock size={13} aria-hidden />
                <Text fz="xs">{task.estimateDays === 1 ? '1 day' : `${task.estimateDays} days`}</Text>
              </Group>
            ) : null}
            {hasSubtasks ? (
              <Group gap={3} wrap="nowrap" c={task.completedSubtaskCount === task.subtaskCount ? 'teal.7' : undefined}>
                <IconListCheck size={13} aria-hidden />
                <Text fz="xs">
                  {task.completedSubtaskCount}/{task.subtaskCount}
                  <VisuallyHidden> subtasks done</VisuallyHidden>
                </Text>
              </Group>
            ) : null}
          </Group>
        </div>
      </button>
      {canMove ? (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            {/* Not named by the title: a test's "button named <title>" must find the card alone. */}
            <ActionIcon variant="subtle" color="gray" size="sm" className={classes.menu} aria-label="Move to…">
              <IconArrowsMove size={15} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move “{task.title}” to</Menu.Label>
            {taskStages
              .filter((stage) => stage !== task.stage)
              .map((stage) => (
                <Menu.Item key={stage} onClick={() => onMoveTo(stage)}>
                  {stageLabels[stage]}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </li>
  );
}
