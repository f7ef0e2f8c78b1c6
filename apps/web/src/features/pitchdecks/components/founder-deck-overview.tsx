import { maxPageSize } from '@deckvalid/contract/pagination';
import type { PitchDeckStatus } from '@deckvalid/contract/pitchdecks';
import { Anchor, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconCircleCheck, IconFileUpload, IconLoader2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { deckStatusDisplay, pollingIntervalFor } from '../deck-status';
import { deckStatusCounts } from '../founder-home';
import { founderPitchDecksApi, useFounderPitchDecksQuery } from '../founder-pitchdecks-api';
import { FounderDeckStatusBadge } from './founder-deck-status-badge';

type FounderDeckOverviewProps = {
  /** The founder's page of one deck; URLs come from app/config. */
  deckPath: (id: string) => string;
  /** The list of every deck. */
  allDecksPath: string;
  /** Where a deck is submitted. */
  submitPath: string;
};

/** Decks listed by name under the counts: enough to reach the latest, the rest are one link away. */
const listedDecks = 4;

/** One request for the counts: a founder has a handful of decks, and the list answers at most 100. */
const overviewArgs = { page: 1, limit: maxPageSize };

const statusIcons: Record<PitchDeckStatus, ReactNode> = {
  ready: <IconCircleCheck size={18} aria-hidden />,
  processing: <IconLoader2 size={18} aria-hidden />,
  failed: <IconAlertTriangle size={18} aria-hidden />,
};

/**
 * The founder home's deck section: how many decks are ready, processing and failed, the latest
 * few by name, and the way to submit another. A founder without decks gets the invitation to
 * submit the first one instead. While a deck is processing the counts are asked for every 2 s.
 */
export function FounderDeckOverview({ deckPath, allDecksPath, submitPath }: FounderDeckOverviewProps) {
  const cached = founderPitchDecksApi.endpoints.founderPitchDecks.useQueryState(overviewArgs);
  const decks = useFounderPitchDecksQuery(overviewArgs, {
    pollingInterval: pollingIntervalFor(cached.data?.data),
    skipPollingIfUnfocused: true,
  });

  if (decks.isLoading) {
    return (
      <Card withBorder radius="lg" padding="lg" role="status" aria-busy="true" aria-label="Loading your decks" h="100%">
        <Stack gap="md">
          <Skeleton h={20} w="40%" />
          <SimpleGrid cols={3} spacing="sm">
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
          </SimpleGrid>
          <Skeleton h={14} w="80%" />
          <Skeleton h={14} w="70%" />
        </Stack>
      </Card>
    );
  }

  if (!decks.data) {
    return (
      <Card withBorder radius="lg" padding="lg" h="100%" data-testid="home-decks-error">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            Your decks
          </Title>
          <FormErrorAlert message={describeApiError(decks.error).message} title="We couldn't load your decks" />
          <Button variant="light" size="xs" onClick={() => void decks.refetch()} loading={decks.isFetching}>
            Try again
          </Button>
        </Stack>
      </Card>
    );
  }

  const { data, meta } = decks.data;
  if (meta.total === 0) return <FirstDeckInvitation submitPath={submitPath} />;

  const counts = deckStatusCounts(data);
  const statuses: PitchDeckStatus[] = ['ready', 'processing', 'failed'];
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid="home-decks" aria-labelledby="home-decks-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id="home-decks-title">
            Your decks
          </Title>
          <Anchor component={Link} to={allDecksPath} fz="sm" fw={500}>
            <Group gap={4} component="span" wrap="nowrap">
              {meta.total > data.length ? `All ${meta.total.toLocaleString()} decks` : 'All decks'}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          {statuses.map((status) => (
            <Paper
              key={status}
              radius="md"
              p="sm"
              // Colour only where there is something: an empty "Failed" tile should not alarm.
              bg={counts[status] > 0 ? `var(--mantine-color-${deckStatusDisplay[status].color}-light)` : 'gray.0'}
              data-testid={`home-decks-${status}`}
            >
              <Group gap={6} wrap="nowrap" c={counts[status] > 0 ? `${deckStatusDisplay[status].color}.8` : 'dimmed'}>
                {statusIcons[status]}
                <Text fz={24} fw={700} lh={1} data-testid="home-decks-count">
                  {counts[status]}
                </Text>
              </Group>
              <Text fz="xs" fw={500} mt={6} c="gray.8">
                {deckStatusDisplay[status].label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Latest decks">
          {data.slice(0, listedDecks).map((deck) => (
            <Group component="li" key={deck.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
                <Anchor component={Link} to={deckPath(deck.id)} fw={500} fz="sm">
                  {deck.title}
                </Anchor>{' '}
                <Text span c="dimmed" fz="sm">
                  · {deck.company}
                </Text>
              </Text>
              <FounderDeckStatusBadge status={deck.status} size="sm" />
            </Group>
          ))}
        </Stack>
        <Group>
          <Button
            component={Link}
            to={submitPath}
            variant="light"
            size="sm"
            leftSection={<IconFileUpload size={16} aria-hidden />}
          >
            Submit a deck
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The empty state of the deck section: nothing to count yet, one thing to do. */
function FirstDeckInvitation({ submitPath }: { submitPath: string }) {
  return (
    <Card
      radius="lg"
      padding="xl"
      withBorder
      data-testid="home-decks-empty"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-indigo-7), var(--mantine-color-cyan-7))',
        borderColor: 'transparent',
      }}
    >
      <Group justify="space-between" align="center" gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start" maw={560}>
          <ThemeIcon size={44} radius="md" variant="white" color="indigo" visibleFrom="sm" aria-hidden>
            <IconFileUpload size={24} />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={2} c="white" fz={{ base: 20, sm: 24 }}>
              Get your deck in front of investors
            </Title>
            <Text c="indigo.0">
              Submit your pitch deck and investors who match your sector and stage can review it and show interest.
            </Text>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={submitPath}
          size="md"
          variant="white"
          rightSection={<IconFileUpload size={18} aria-hidden />}
        >
          Submit your first deck
        </Button>
      </Group>
    </Card>
  );
}
