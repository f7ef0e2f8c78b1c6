import { Button } from '@mantine/core';
import { IconChartLine, IconFileUpload, IconFlag3, IconPresentation, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyPage } from '@/shared/ui/empty-page';

// The founder pages whose features come later: each says honestly what it will hold.

export function FounderPitchdecksPage() {
  return (
    <EmptyPage
      title="Pitch decks"
      description="Your pitch decks will appear here."
      icon={<IconPresentation aria-hidden />}
      actions={
        <Button component={Link} to={paths.founder.submit}>
          Submit a deck
        </Button>
      }
    />
  );
}

export function FounderMyInvestorsPage() {
  return (
    <EmptyPage
      title="My investors"
      description="Investors who show interest in your decks will appear here."
      icon={<IconUsers aria-hidden />}
    />
  );
}

export function FounderMilestonesPage() {
  return (
    <EmptyPage
      title="Milestones"
      description="Milestones you plan with your investors will appear here."
      icon={<IconFlag3 aria-hidden />}
    />
  );
}

export function FounderMilestonePage() {
  const { milestoneId } = useParams();
  return (
    <EmptyPage
      title="Milestone"
      description={`The tasks, deliverables and discussions of milestone ${milestoneId ?? ''} will appear here.`}
      icon={<IconFlag3 aria-hidden />}
      actions={
        <Button component={Link} to={paths.founder.milestones} variant="light">
          All milestones
        </Button>
      }
    />
  );
}

export function FounderTrendsPage() {
  return (
    <EmptyPage
      title="Trends"
      description="Trends across your decks and investor interest will appear here."
      icon={<IconChartLine aria-hidden />}
    />
  );
}

export function FounderSubmitPage() {
  return (
    <EmptyPage
      title="Submit a pitch deck"
      description="Deck upload is on its way; you'll submit your PDF here."
      icon={<IconFileUpload aria-hidden />}
    />
  );
}

export function FounderViewPage() {
  const { id } = useParams();
  return (
    <EmptyPage
      title="Pitch deck"
      description={`Pitch deck ${id ?? ''} will be shown here, page by page.`}
      icon={<IconPresentation aria-hidden />}
      actions={
        <Button component={Link} to={paths.founder.pitchdecks} variant="light">
          All pitch decks
        </Button>
      }
    />
  );
}
