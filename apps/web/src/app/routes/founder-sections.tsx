import { IconChartLine } from '@tabler/icons-react';
import { EmptyPage } from '@/shared/ui/empty-page';

// The founder pages whose features come later: each says honestly what it will hold. Decks,
// submit, the deck page, my investors and milestones have their own route files.

export function FounderTrendsPage() {
  return (
    <EmptyPage
      title="Trends"
      description="Trends across your decks and investor interest will appear here."
      icon={<IconChartLine aria-hidden />}
    />
  );
}
