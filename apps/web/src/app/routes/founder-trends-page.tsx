import { FounderTrends } from '@/features/trends/components/founder-trends';

/** /founder/trends (spec §2): the founder's figures over time. */
export function FounderTrendsPage() {
  return <FounderTrends />;
}
