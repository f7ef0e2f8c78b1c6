import { Button } from '@mantine/core';
import { IconFileUpload, IconLayoutGrid, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { MilestoneDetail } from '@/features/milestones/components/milestone-detail';
import {
  FollowedMilestoneList,
  FounderMilestoneList,
  type MilestoneDeckChoices,
} from '@/features/milestones/components/milestone-list';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
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
export const FounderMilestonePage = () => <MilestonePage viewerRole="founder" listPath={paths.founder.milestones} />;

/** /investor/milestones */
export function InvestorMilestonesPage() {
  return (
    <FollowedMilestoneList
      viewerRole="investor"
      milestonePath={paths.investor.milestone}
      emptyAction={
        <Button component={Link} to={paths.investor.home} leftSection={<IconLayoutGrid size={18} aria-hidden />}>
          Browse decks
        </Button>
      }
    />
  );
}

/** /investor/milestones/{milestoneId} */
export const InvestorMilestonePage = () => <MilestonePage viewerRole="investor" listPath={paths.investor.milestones} />;

/** /mentor/milestones */
export function MentorMilestonesPage() {
  return (
    <FollowedMilestoneList
      viewerRole="mentor"
      milestonePath={paths.mentor.milestone}
      emptyAction={
        <Button component={Link} to={paths.mentor.home} leftSection={<IconUsers size={18} aria-hidden />}>
          Founders you mentor
        </Button>
      }
    />
  );
}

/** /mentor/milestones/{milestoneId} */
export const MentorMilestonePage = () => <MilestonePage viewerRole="mentor" listPath={paths.mentor.milestones} />;

/** One milestone's page for the role whose area it is in; its list when the address names none. */
function MilestonePage({ viewerRole, listPath }: { viewerRole: MilestoneRole; listPath: string }) {
  const { milestoneId } = useParams();
  const viewerId = useSelector(selectAuth).user?.id ?? null;
  if (!milestoneId) return <Navigate to={listPath} replace />;
  return (
    <MilestoneDetail
      key={milestoneId}
      viewerRole={viewerRole}
      milestoneId={milestoneId}
      listPath={listPath}
      viewerId={viewerId}
    />
  );
}
