import { hasThesisCriteria } from '@deckvalid/contract/accounts';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconId, IconTarget } from '@tabler/icons-react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useInvestorInfoQuery } from '@/features/accounts/accounts-api';
import { selectUser } from '@/features/auth/auth-slice';
import { InvestorInterestsOverview } from '@/features/interests/components/investor-interests-overview';
import { SharedDecks } from '@/features/links/components/shared-decks';
import { InvestorDeckBrowser } from '@/features/pitchdecks/components/investor-deck-browser';
import { SectionBoundary } from '@/shared/ui/section-boundary';

/**
 * /investor: browse and search ready decks, ranked by fit once the investor's info names a
 * thesis, with the investor's own interests by status and the decks founders sent them by link
 * above, and a nudge to fill in the info.
 */
export function InvestorHomePage() {
  const user = useSelector(selectUser);
  const info = useInvestorInfoQuery();
  const firstName = user?.name.trim().split(/\s+/)[0];
  // Unknown while loading; an info that failed to load browses as without a thesis.
  const hasThesis = info.isSuccess ? hasThesisCriteria(info.data) : info.isError ? false : undefined;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Browse decks
        </Title>
        <Text c="dimmed" data-testid="investor-welcome">
          {firstName ? `Welcome, ${firstName}.` : 'Welcome.'}{' '}
          {hasThesis
            ? 'Decks that fit your thesis come first; each card says why.'
            : 'Search ready decks by words on their slides, sector and stage.'}
        </Text>
      </Stack>
      {/* One line until a status is opened: the search below stays in view on a phone. */}
      <SectionBoundary name="your interests">
        <InvestorInterestsOverview deckPath={paths.investor.pitchDeck} />
      </SectionBoundary>
      <SectionBoundary name="decks shared with you">
        <SharedDecks deckPath={paths.investor.pitchDeck} />
      </SectionBoundary>
      {info.isSuccess && info.data === null ? (
        <Alert color="indigo" variant="light" icon={<IconId aria-hidden />} title="Tell founders who you are">
          <Text fz="sm">
            Add your firm, sectors, stages, ticket size and places: founders see who you are, and decks that fit your
            thesis come first here. {/* indigo.9: the default link shade reads at 3.9:1 on the alert's indigo tint. */}
            <Anchor component={Link} to={paths.investor.profile} fw={600} c="indigo.9">
              Complete your investor info
            </Anchor>
          </Text>
        </Alert>
      ) : info.isSuccess && !hasThesis ? (
        <Alert
          color="indigo"
          variant="light"
          icon={<IconTarget aria-hidden />}
          title="Rank decks by your thesis"
          data-testid="thesis-prompt"
        >
          <Text fz="sm">
            Add the sectors, stages, ticket size or places you invest in, and the decks that fit come first, each saying
            why.{' '}
            <Anchor component={Link} to={paths.investor.profile} fw={600} c="indigo.9">
              Set your thesis
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      <InvestorDeckBrowser
        deckPath={paths.investor.pitchDeck}
        analysisPath={paths.investor.analysis}
        companyPath={paths.investor.company}
        hasThesis={hasThesis}
      />
    </Stack>
  );
}
