import { type InterestStatus, interestStatuses } from '@deckvalid/contract/interests';
import { Alert, Anchor, Box, Button, Collapse, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHeartHandshake } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { interestStatusDisplay } from '../interest-status';
import { useMyInvestorInterestsQuery } from '../investor-interests-api';

dayjs.extend(relativeTime);

type InvestorInterestsOverviewProps = {
  /** The investor's page of a deck; URLs come from app/config. */
  deckPath: (deckId: string) => string;
};

/** Rows of one status at first; "Show more" adds as many again. */
const firstRows = 5;

/**
 * The investor home's strip of their own interests: one button per status with its count, and
 * the interests of the chosen status under it. It stays one line high until a status is chosen,
 * so the deck search below remains the first thing on the screen, phones included.
 */
export function InvestorInterestsOverview({ deckPath }: InvestorInterestsOverviewProps) {
  const [selected, setSelected] = useState<InterestStatus | null>(null);
  const [limit, setLimit] = useState(firstRows);
  // One call: with no status chosen it asks for a single row, only for the counts.
  const interests = useMyInvestorInterestsQuery({
    status: selected ?? undefined,
    page: 1,
    limit: selected ? limit : 1,
  });
  const listId = 'home-interests-panel';

  const handleSelect = (status: InterestStatus) => {
    setSelected((current) => (current === status ? null : status));
    setLimit(firstRows);
  };

  const rows = selected && interests.data ? interests.data.data.filter((row) => row.status === selected) : [];
  const isListOpen = selected !== null && rows.length > 0;
  let content: ReactNode;
  if (interests.isLoading) {
    content = (
      <Group gap="xs" role="status" aria-busy="true" aria-label="Loading your interests">
        <Skeleton h={26} w={92} radius="xl" />
        <Skeleton h={26} w={92} radius="xl" />
        <Skeleton h={26} w={92} radius="xl" />
      </Group>
    );
  } else if (!interests.data) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        p="xs"
        role="alert"
        data-testid="home-my-interests-error"
      >
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fz="sm">We couldn't load your interests. {describeApiError(interests.error).message}</Text>
          <Button variant="white" color="red" size="compact-sm" onClick={() => void interests.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const { counts } = interests.data;
    const total = interestStatuses.reduce((sum, status) => sum + counts[status], 0);
    content =
      total === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="home-my-interests-empty">
          You haven't shown interest in a deck yet. Open one below and press "Show interest".
        </Text>
      ) : (
        // Wrapped, not scrolled: every status stays in sight on a phone (two short rows at most).
        <Group gap={6} wrap="wrap" role="group" aria-label="Your interests by status">
          {interestStatuses.map((status) => {
            const { label, color } = interestStatusDisplay[status];
            const isSelected = selected === status;
            return (
              <Button
                key={status}
                size="compact-sm"
                radius="xl"
                color={color}
                variant={isSelected ? 'filled' : 'light'}
                disabled={counts[status] === 0}
                aria-pressed={isSelected}
                // Only while the list is open: collapsed, it may not be in the DOM yet (the collapse
                // renders hidden content later), and a reference to a missing id is invalid ARIA.
                aria-controls={isListOpen ? listId : undefined}
                onClick={() => handleSelect(status)}
                // Full words: a chip moves to the next row rather than being squeezed.
                style={{ flexShrink: 0 }}
                data-testid={`home-my-interests-${status}`}
                rightSection={
                  <Text span fz="xs" fw={700} data-testid="home-my-interests-count">
                    {counts[status]}
                  </Text>
                }
              >
                {label}
              </Button>
            );
          })}
        </Group>
      );
  }

  const hasMore = Boolean(selected && interests.data?.meta.hasMore);
  return (
    <Paper withBorder radius="lg" px="md" py="sm" data-testid="home-my-interests">
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap" c="indigo.7">
          <IconHeartHandshake size={18} aria-hidden />
          <Text fw={600} fz="sm" c="dark">
            Your interests
          </Text>
        </Group>
        {content}
        {interests.isFetching && !interests.isLoading ? <Loader size={14} aria-label="Updating" /> : null}
      </Group>
      <Collapse expanded={isListOpen}>
        <Box id={listId} mt="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Interests">
            {rows.map((row) => (
              <Group
                component="li"
                key={row.id}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={6}
                data-testid="home-my-interest"
              >
                <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={deckPath(row.pitchDeck.id)} fw={500} fz="sm">
                    {row.pitchDeck.title}
                  </Anchor>
                  <Text span c="dimmed" fz="sm">
                    {' · '}
                    {row.pitchDeck.company}
                  </Text>
                </Text>
                {/* The status is the one chosen above; when it last changed is what tells. */}
                <Text fz="xs" c="dimmed" title={formatDateTime(row.updatedAt)} style={{ flexShrink: 0 }}>
                  {dayjs(row.updatedAt).fromNow()}
                </Text>
              </Group>
            ))}
          </Stack>
          {hasMore ? (
            <Button
              variant="subtle"
              size="compact-sm"
              mt={4}
              onClick={() => setLimit((current) => Math.min(100, current + firstRows * 2))}
            >
              Show more
            </Button>
          ) : null}
        </Box>
      </Collapse>
    </Paper>
  );
}
