import type { MilestoneStatus } from '@deckvalid/contract/milestones';
import { Badge, type BadgeProps } from '@mantine/core';
import { milestoneStatusColors, milestoneStatusLabels } from '../milestone-format';

/** A milestone's status as a badge, with "Archived" beside it while it is archived. */
export function MilestoneStatusBadge({
  status,
  isArchived = false,
  size = 'md',
}: {
  status: MilestoneStatus;
  isArchived?: boolean;
  size?: BadgeProps['size'];
}) {
  return (
    <>
      <Badge color={milestoneStatusColors[status]} variant="light" size={size} data-testid="milestone-status">
        {milestoneStatusLabels[status]}
      </Badge>
      {isArchived ? (
        <Badge color="gray" variant="outline" size={size} data-testid="milestone-archived">
          Archived
        </Badge>
      ) : null}
    </>
  );
}
