import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from 'react-redux';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { FounderPendingInterests } from '@/features/interests/components/founder-pending-interests';
import { FounderDeckOverview } from '@/features/pitchdecks/components/founder-deck-overview';
import { FounderReadingWeek, FounderRecentReaders } from '@/features/pitchdecks/components/founder-reading-overview';
import { SectionBoundary } from '@/shared/ui/section-boundary';

/**
 * /founder: the founder's own state. Each section loads, fails and retries on its own, so one
 * call failing leaves the others readable: decks by status, interests waiting for an answer,
 * the week's reading and the latest readers.
 */
export function FounderHomePage() {
  const user = useSelector(selectUser);
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="founder-welcome">
          {firstName ? `Welcome, ${firstName}` : 'Welcome to Pitchlane'}
        </Title>
        <Text c="dimmed">Your decks, the investors waiting for an answer, and who has been reading.</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionBoundary name="your decks">
          <FounderDeckOverview
            deckPath={paths.founder.view}
            allDecksPath={paths.founder.pitchdecks}
            submitPath={paths.founder.submit}
          />
        </SectionBoundary>
        <SectionBoundary name="your reading figures">
          <FounderReadingWeek />
        </SectionBoundary>
      </SimpleGrid>

      <SectionBoundary name="your pending interests">
        <FounderPendingInterests deckPath={paths.founder.view} allInterestsPath={paths.founder.myInvestors} />
      </SectionBoundary>

      <SectionBoundary name="your recent readers">
        <FounderRecentReaders deckPath={paths.founder.view} />
      </SectionBoundary>
    </Stack>
  );
}
