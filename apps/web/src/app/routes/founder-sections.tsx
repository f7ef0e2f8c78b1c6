import { Button } from '@mantine/core';
import { IconChartLine, IconFlag3 } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyPage } from '@/shared/ui/empty-page';

// The founder pages whose features come later: each says honestly what it will hold. Decks,
// submit, the deck page and my investors have their own route files.

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
