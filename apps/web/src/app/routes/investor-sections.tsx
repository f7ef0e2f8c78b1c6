import { Button } from '@mantine/core';
import { IconArrowLeft, IconBuildingSkyscraper, IconMapQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyPage } from '@/shared/ui/empty-page';

// The investor pages whose features come later: each says honestly what it will hold. Milestones
// and the analysis page have their own route files.

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
