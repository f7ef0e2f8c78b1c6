import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { useDeckMilestoneInvestorsQuery } from '../founder-interests-api';

/**
 * The deck's accepted investors (GET …/milestone-investors): the people who can follow the
 * milestones the founder shares for this deck.
 */
export function FounderMilestoneInvestors({ deckId }: { deckId: string }) {
  const investors = useDeckMilestoneInvestorsQuery(deckId);
  if (investors.isLoading) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading milestone investors">
        <Skeleton h={14} w="70%" />
        <Skeleton h={14} w="55%" />
      </Stack>
    );
  }
  if (!investors.data) {
    return (
      <Text fz="sm" c="red.7" role="alert">
        {describeApiError(investors.error).message}
      </Text>
    );
  }
  if (investors.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Investors whose interest you accept appear here and can follow your milestones.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="milestone-investors">
      {investors.data.map((investor) => (
        <Group key={investor.id} gap="sm" wrap="nowrap">
          <Avatar name={investor.name} color="initials" radius="xl" size="sm" aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600} truncate="end">
              {investor.name}
            </Text>
            <Text fz="xs" c="dimmed" truncate="end">
              {investor.firm ?? investor.email} · accepted {formatDate(investor.acceptedAt)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
