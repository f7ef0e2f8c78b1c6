import { Button } from '@mantine/core';
import { IconFileUpload, IconLayoutGrid } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { MilestoneDetail } from '@/features/milestones/components/milestone-detail';
import {
  FounderMilestoneList,
  InvestorMilestoneList,
  type MilestoneDeckChoices,
} from '@/features/milestones/components/milestone-list';
import { deckLabel } from '@/features/milestones/milestone-format';
import { useFounderPitchDecksQuery } from '@/features/pitchdecks/founder-pitchdecks-api';

// The milestone pages compose three features: milestones (the screens; each milestone's answer
// names its deck), pitchdecks (the founder's decks, as the create form's choices) and auth (who is
// signed in, for threads). Features do not import each other, so the joining happens here.

/**
 * The founder's decks as the create form's choices (and whether there are any). One page of 100
 * covers any founder's decks (the list's maximum).
 */
function useFounderDeckChoices(): MilestoneDeckChoices {
  const decks = useFounderPitchDecksQuery({ page: 1, limit: 100 });
  const options = useMemo(
    () => (decks.data?.data ?? []).map((deck) => ({ value: deck.id, label: deckLabel(deck) })),
    [decks.data],
  );
  return { options, isLoading: decks.isLoading, isError: decks.isError };
}

/** /founder/milestones */
export function FounderMilestonesPage() {
  const decks = useFounderDeckChoices();
  return (
    <FounderMilestoneList
      milestonePath={paths.founder.milestone}
      decks={decks}
      submitDeckAction={
        <Button component={Link} to={paths.founder.submit} leftSection={<IconFileUpload size={18} aria-hidden />}>
          Submit a deck
        </Button>
      }
    />
  );
}

/** /founder/milestones/{milestoneId} */
export function FounderMilestonePage() {
  const { milestoneId } = useParams();
  const viewerId = useSelector(selectAuth).user?.id ?? null;
  if (!milestoneId) return <Navigate to={paths.founder.milestones} replace />;
  return (
    <MilestoneDetail
      key={milestoneId}
      viewerRole="founder"
      milestoneId={milestoneId}
      listPath={paths.founder.milestones}
      viewerId={viewerId}
    />
  );
}

/** /investor/milestones */
export function InvestorMilestonesPage() {
  return (
    <InvestorMilestoneList
      milestonePath={paths.investor.milestone}
      browseAction={
        <Button component={Link} to={paths.investor.home} leftSection={<IconLayoutGrid size={18} aria-hidden />}>
          Browse decks
        </Button>
      }
    />
  );
}

/** /investor/milestones/{milestoneId} */
export function InvestorMilestonePage() {
  const { milestoneId } = useParams();
  const viewerId = useSelector(selectAuth).user?.id ?? null;
  if (!milestoneId) return <Navigate to={paths.investor.milestones} replace />;
  return (
    <MilestoneDetail
      key={milestoneId}
      viewerRole="investor"
      milestoneId={milestoneId}
      listPath={paths.investor.milestones}
      viewerId={viewerId}
    />
  );
}
