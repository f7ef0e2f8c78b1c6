import { Button } from '@mantine/core';
import { IconArrowLeft, IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyPage } from '@/shared/ui/empty-page';

// The investor pages whose features come later: each says honestly what it will hold. Milestones,
// the company page and the analysis page have their own route files.

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
