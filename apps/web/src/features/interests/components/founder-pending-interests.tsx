import { Anchor, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useFounderInterestsQuery } from '../founder-interests-api';
import { FounderInterestRow } from './founder-interest-row';

type FounderPendingInterestsProps = {
  /** The founder's page of a deck. */
  deckPath: (deckId: string) => string;
  /** Every interest, with filters (My investors). */
  allInterestsPath: string;
  /** Rows shown; the rest are one link away. */
  limit?: number;
};

/**
 * The founder home's interests waiting for an answer, each with Accept and Decline in place. The
 * rows are the same as on My investors and share its cache: a decision refreshes every list,
 * and an answered interest leaves this one (it is no longer pending).
 */
export function FounderPendingInterests({ deckPath, allInterestsPath, limit = 3 }: FounderPendingInterestsProps) {
  const pending = useFounderInterestsQuery({ status: 'pending', page: 1, limit });
  const total = pending.data?.meta.total ?? 0;

  let body: ReactNode;
  if (pending.isLoading) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading pending interests">
        {['a', 'b'].map((key) => (
          <Paper key={key} withBorder radius="lg" p="md">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <Skeleton h={38} w={38} circle />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton h={14} w="40%" />
                <Skeleton h={12} w="70%" />
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  } else if (!pending.data) {
    body = (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert
          message={describeApiError(pending.error).message}
          title="We couldn't load your pending interests"
        />
        <Button variant="light" size="xs" onClick={() => void pending.refetch()} loading={pending.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  } else if (pending.data.data.length === 0) {
    body = (
      <Text fz="sm" c="dimmed" data-testid="home-interests-empty">
        Nothing waiting for you. When an investor shows interest in one of your decks, you can accept or decline it
        here.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm" aria-busy={pending.isFetching} data-testid="home-interests-list">
        {pending.data.data.map((interest) => (
          <FounderInterestRow key={interest.id} interest={interest} deckPath={deckPath} />
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="home-interests-title" data-testid="home-interests">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id="home-interests-title">
            Waiting for your answer
            {total > 0 ? (
              <Text span c="dimmed" fw={500} fz="lg" data-testid="home-interests-count">
                {' '}
                · {total.toLocaleString()}
              </Text>
            ) : null}
          </Title>
          <Anchor component={Link} to={allInterestsPath} fz="sm" fw={500}>
            <Group gap={4} component="span" wrap="nowrap">
              My investors
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
