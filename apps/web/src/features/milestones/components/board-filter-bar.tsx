import type { Task } from '@deckvalid/contract/milestones';
import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import {
  type BoardFilters,
  boardAssignees,
  boardLabels,
  type DueFilter,
  dueFilterLabels,
  dueFilters,
  hasBoardFilters,
  unassignedFilter,
} from '../board-filters';

/** Three to a row even at 390 px: stacked, they pushed the board's first card off a phone's first screen. */
const selectStyle = { flex: '1 1 100px', minWidth: 0, maxWidth: 200 } as const;

type BoardFilterBarProps = {
  tasks: readonly Task[];
  filters: BoardFilters;
  onChange: (next: BoardFilters) => void;
};

/**
 * The board's filters: assignee, label and due date, each a select offering what the board's
 * tasks hold (plus "Unassigned" and "No due date"), and a way to clear them all. The board keeps
 * them in the URL; this only draws them.
 */
export function BoardFilterBar({ tasks, filters, onChange }: BoardFilterBarProps) {
  const assignees = boardAssignees(tasks);
  const labels = boardLabels(tasks);
  // A label or person from a link that no task carries any more still shows as chosen.
  const labelOptions = filters.label && !labels.includes(filters.label) ? [...labels, filters.label] : labels;
  return (
    <Group gap="xs" align="end" wrap="wrap" mb="sm" data-testid="board-filters" role="group" aria-label="Filter tasks">
      <Select
        size="xs"
        style={selectStyle}
        label="Assignee"
        placeholder="Anyone"
        clearable
        value={filters.assignee}
        data={[
          { value: unassignedFilter, label: 'Unassigned' },
          ...assignees.map((person) => ({ value: person.id, label: person.name })),
        ]}
        onChange={(value) => onChange({ ...filters, assignee: value })}
      />
      <Select
        size="xs"
        style={selectStyle}
        label="Label"
        placeholder={labels.length === 0 ? 'No labels yet' : 'Any label'}
        clearable
        searchable
        value={filters.label}
        data={labelOptions}
        onChange={(value) => onChange({ ...filters, label: value })}
      />
      <Select
        size="xs"
        style={selectStyle}
        label="Due"
        placeholder="Any time"
        clearable
        value={filters.due}
        data={dueFilters.map((due) => ({ value: due, label: dueFilterLabels[due] }))}
        onChange={(value) => onChange({ ...filters, due: (value as DueFilter | null) ?? null })}
      />
      {hasBoardFilters(filters) ? (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconFilterOff size={14} aria-hidden />}
          onClick={() => onChange({ assignee: null, label: null, due: null })}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
