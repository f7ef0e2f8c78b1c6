import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { InvestorInterest, InvestorInterestPage, InvestorInterestsQuery } from '@deckvalid/contract/interests';
import { api } from '@/shared/api/api';

/**
 * What an interest change makes stale: the deck itself (its `myInterest`), every page of the
 * investor's deck search (the cards' badges) and the founder-side interest lists. Tags are named
 * here, not imported: features do not import each other.
 */
const staleAfterInterestChange = (pitchDeckId: string) => [
  { type: 'PitchDeck' as const, id: pitchDeckId },
  { type: 'PitchDeck' as const, id: 'INVESTOR_LIST' },
  'Interest' as const,
];

/** Every page of the investor's own interest list carries this tag; any interest change refreshes it. */
const investorInterestListTag = { type: 'Interest', id: 'INVESTOR_LIST' } as const;

/**
 * The investor's side of interests (spec §7, Investor API): show interest in a deck, withdraw it,
 * and their own interests by status (our addition to §7).
 */
export const investorInterestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The investor's interests, newest activity first, with the count in each status. */
    myInvestorInterests: build.query<InvestorInterestPage, Pick<InvestorInterestsQuery, 'status' | 'page' | 'limit'>>({
      query: ({ status, page, limit }) => ({
        url: investorDeckPaths.myInterests,
        params: { page, limit, ...(status ? { status } : {}) },
      }),
      providesTags: [investorInterestListTag],
    }),
    /** A first interest, or a renewed one after a withdrawal (it reopens as pending). */
    showInterest: build.mutation<InvestorInterest, { pitchDeckId: string; note: string | null }>({
      query: ({ pitchDeckId, note }) => ({
        url: investorDeckPaths.interests(pitchDeckId),
        method: 'POST',
        body: { note },
      }),
      transformResponse: (response: { interest: InvestorInterest }) => response.interest,
      // Refetch on failure too: a 409 means the interest moved (the founder answered) meanwhile.
      invalidatesTags: (_result, _error, { pitchDeckId }) => staleAfterInterestChange(pitchDeckId),
    }),
    withdrawInterest: build.mutation<InvestorInterest, { pitchDeckId: string }>({
      query: ({ pitchDeckId }) => ({
        url: investorDeckPaths.interests(pitchDeckId),
        method: 'PATCH',
        body: { status: 'withdrawn' },
      }),
      transformResponse: (response: { interest: InvestorInterest }) => response.interest,
      invalidatesTags: (_result, _error, { pitchDeckId }) => staleAfterInterestChange(pitchDeckId),
    }),
  }),
});

export const { useMyInvestorInterestsQuery, useShowInterestMutation, useWithdrawInterestMutation } =
  investorInterestsApi;
