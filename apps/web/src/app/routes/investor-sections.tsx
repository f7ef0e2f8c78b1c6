import { Button } from '@mantine/core';
import { IconArrowLeft, IconBuildingSkyscraper, IconChartDots, IconMapQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyPage } from '@/shared/ui/empty-page';

// The investor pages whose features come later: each says honestly what it will hold. Milestones
// have their own route file.

export function InvestorCompanyPage() {
  const { startupId } = useParams();
  return (
    <EmptyPage
      title="Company"
      description={`The stock page of company ${startupId ?? ''} will appear here.`}
      icon={<IconBuildingSkyscraper aria-hidden />}
      actions={
        <Button
          component={Link}
          to={paths.investor.home}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to decks
        </Button>
      }
    />
  );
}

/** /analysis/:pitchDeckId, with the back action to /investor of spec §2. */
export function AnalysisPage() {
  const { pitchDeckId } = useParams();
  return (
    <EmptyPage
      title="Deck analysis"
      description={`The analysis of pitch deck ${pitchDeckId ?? ''} will appear here.`}
      icon={<IconChartDots aria-hidden />}
      actions={
        <Button
          component={Link}
          to={paths.investor.home}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to decks
        </Button>
      }
    />
  );
}

/** Any other /investor/* subpath: part of the investor area (spec §2), with nothing on it yet. */
export function InvestorSubpathPage() {
  return (
    <EmptyPage
      title="Not available yet"
      description="This part of the investor area isn't available yet."
      icon={<IconMapQuestion aria-hidden />}
      actions={
        <Button
          component={Link}
          to={paths.investor.home}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to decks
        </Button>
      }
    />
  );
}
