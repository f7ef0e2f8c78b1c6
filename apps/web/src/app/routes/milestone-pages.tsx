import { Button } from '@mantine/core';
import { IconFileUpload, IconLayoutGrid } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { useMyInvestorInterestsQuery } from '@/features/interests/investor-interests-api';
import { MilestoneDetail } from '@/features/milestones/components/milestone-detail';
import { FounderMilestoneList, InvestorMilestoneList } from '@/features/milestones/components/milestone-list';
import { useFounderPitchDecksQuery } from '@/features/pitchdecks/founder-pitchdecks-api';

// The milestone pages compose four features: milestones (the screens), pitchdecks (the
// founder's decks, for names and the create form), interests (the decks an investor is accepted
// on, for names) and auth (who is signed in, for threads). Features do not import each other, so
// the joining happens here.

/** A deck's name as the milestone screens show it: "Seed round (Clinicpay)". */
const deckLabel = (deck: { title: string; company: string }) => `${deck.title} (${deck.company})`;

/**
 * The founder's decks by id. One page of 100 covers any founder's decks (the list's maximum);
 * a deck beyond it only goes unnamed.
 */
function useFounderDecks() {
  const decks = useFounderPitchDecksQuery({ page: 1, limit: 100 });
  const options = useMemo(
    () => (decks.data?.data ?? []).map((deck) => ({ value: deck.id, label: deckLabel(deck) })),
    [decks.data],
  );
  const names = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const deckNameOf = useCallback((id: string) => names.get(id) ?? null, [names]);
  return { options, deckNameOf, isLoading: decks.isLoading, isError: decks.isError };
}

/** The decks an investor is accepted on, by id: exactly the decks whose milestones they follow. */
function useInvestorDeckNames() {
  const interests = useMyInvestorInterestsQuery({ status: 'accepted', page: 1, limit: 100 });
  const names = useMemo(
    () =>
      new Map((interests.data?.data ?? []).map((interest) => [interest.pitchDeck.id, deckLabel(interest.pitchDeck)])),
    [interests.data],
  );
  return useCallback((id: string) => names.get(id) ?? null, [names]);
}

/** /founder/milestones */
export function FounderMilestonesPage() {
  const decks = useFounderDecks();
  return (
    <FounderMilestoneList
      milestonePath={paths.founder.milestone}
      deckNameOf={decks.deckNameOf}
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
  const { deckNameOf } = useFounderDecks();
  const viewerId = useSelector(selectAuth).user?.id ?? null;
  if (!milestoneId) return <Navigate to={paths.founder.milestones} replace />;
  return (
    <MilestoneDetail
      key={milestoneId}
      viewerRole="founder"
      milestoneId={milestoneId}
      listPath={paths.founder.milestones}
      deckNameOf={deckNameOf}
      viewerId={viewerId}
    />
  );
}

/** /investor/milestones */
export function InvestorMilestonesPage() {
  const deckNameOf = useInvestorDeckNames();
  return (
    <InvestorMilestoneList
      milestonePath={paths.investor.milestone}
      deckNameOf={deckNameOf}
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
  const deckNameOf = useInvestorDeckNames();
  const viewerId = useSelector(selectAuth).user?.id ?? null;
  if (!milestoneId) return <Navigate to={paths.investor.milestones} replace />;
  return (
    <MilestoneDetail
      key={milestoneId}
      viewerRole="investor"
      milestoneId={milestoneId}
      listPath={paths.investor.milestones}
      deckNameOf={deckNameOf}
      viewerId={viewerId}
    />
  );
}
