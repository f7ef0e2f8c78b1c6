import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { FounderDeckAnalysis } from '@/features/analysis/components/deck-analysis';
import { TypeSizeLine } from '@/features/analysis/components/type-size-line';
import { FounderDeckInterests } from '@/features/interests/components/founder-interest-list';
import { FounderMilestoneInvestors } from '@/features/interests/components/founder-milestone-investors';
import { DeckShareTab } from '@/features/links/components/deck-share-tab';
import { FounderDeckView } from '@/features/pitchdecks/components/founder-deck-view';

/**
 * /founder/view/{id}: the deck and its analytics (pitchdecks) with its interests (interests)
 * beside, the shown version's validation report (analysis) in the Report tab, and the deck's
 * share links with their visitors (links) in the Share tab.
 */
export function FounderViewPage() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.founder.pitchdecks} replace />;
  return (
    <FounderDeckView
      key={id}
      deckId={id}
      listPath={paths.founder.pitchdecks}
      submitPath={paths.founder.submit}
      renderShare={({ readyVersions, pageCount }) => (
        <DeckShareTab deckId={id} versions={readyVersions} pageCount={pageCount} />
      )}
      renderTypeSize={(shown) => <TypeSizeLine deckId={id} version={shown.number} versionStatus={shown.status} />}
      renderReport={(shown) => (
        <FounderDeckAnalysis
          deckId={id}
          version={shown.number}
          versionStatus={shown.status}
          pageHref={(page) => paths.founder.view(id, { page })}
        />
      )}
      sidePanel={
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              Interested investors
            </Title>
            <FounderDeckInterests deckId={id} />
            <Divider />
            <Stack gap={4}>
              <Title order={3} fz="md">
                Milestone investors
              </Title>
              <Text fz="xs" c="dimmed">
                Accepted investors, who can follow the milestones you share.
              </Text>
            </Stack>
            <FounderMilestoneInvestors deckId={id} />
          </Stack>
        </Paper>
      }
    />
  );
}
