import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileOff, IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/shared/lib/format-date';
import { LoadProblem } from '@/shared/ui/load-problem';
import { useMentorPitchDecksQuery } from '../mentor-pitchdecks-api';

/**
 * The live decks of every founder the mentor helps, newest first, each leading to its deck page
 * (comments, review, report). `deckPath` comes from app/, which owns the URLs.
 */
export function MentorDeckList({ deckPath }: { deckPath: (id: string) => string }) {
  const decks = useMentorPitchDecksQuery();
  return (
    <Stack gap="md" component="section" aria-labelledby="mentor-decks-title">
      <Stack gap={2}>
        <Title order={2} fz="xl" id="mentor-decks-title">
          Their decks
        </Title>
        <Text c="dimmed" fz="sm">
          Open a deck to comment on its pages, review a version and see what changed.
        </Text>
      </Stack>
      {decks.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading their decks">
          <Skeleton h={200} radius="md" />
          <Skeleton h={200} radius="md" />
        </SimpleGrid>
      ) : !decks.data ? (
        <LoadProblem title="We couldn't load their decks" error={decks.error} onRetry={() => void decks.refetch()} />
      ) : decks.data.length === 0 ? (
        <EmptyState
          variant="light"
          size="md"
          py={32}
          icon={<IconFileOff aria-hidden />}
          title="No decks to read yet"
          description="A founder's decks show here once one is processed and ready."
          data-testid="mentor-decks-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {decks.data.map((deck) => (
            <Card key={deck.id} withBorder radius="md" padding="md" component="article" data-testid="mentor-deck-card">
              {deck.thumbnailUrl ? (
                <Card.Section>
                  <Image src={deck.thumbnailUrl} alt="" h={140} fit="cover" bg="gray.1" />
                </Card.Section>
              ) : null}
              <Stack gap={6} mt={deck.thumbnailUrl ? 'sm' : 0}>
                <Text fz="xs" fw={700} tt="uppercase" c="indigo.8" lts={0.4}>
                  {deck.founder.name} · {deck.company}
                </Text>
                <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {deck.title}
                </Title>
                <Group gap={6}>
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    Version {deck.liveVersion}
                  </Badge>
                  <Badge variant="light" color="indigo" radius="sm" tt="none">
                    {deck.stage}
                  </Badge>
                </Group>
                <Text fz="xs" c="dimmed">
                  {deck.pageCount ? `${deck.pageCount} pages · ` : ''}
                  {deck.readyAt ? `ready ${formatDate(deck.readyAt)}` : ''}
                </Text>
                <Button
                  component={Link}
                  to={deckPath(deck.id)}
                  variant="light"
                  size="sm"
                  leftSection={<IconMessageCircle size={16} aria-hidden />}
                  mt={4}
                >
                  Open the deck
                  {/* The visible words stay the start of the name, so speech input finds the link by them. */}
                  <VisuallyHidden> {deck.title}</VisuallyHidden>
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
