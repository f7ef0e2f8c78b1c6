import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type {
  FounderInterest,
  FounderInterestDecision,
  FounderInterestsQuery,
  MilestoneInvestor,
} from '@deckvalid/contract/interests';
import { maxPageSize, type Page } from '@deckvalid/contract/pagination';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { api } from '@/shared/api/api';

/** Pages of accepted interests read for one list: 2,000 accepted interests, far past any founder's. */
const acceptedPagesRead = 20;

/** Every founder interest list (all decks, one deck, any filter) carries this tag. */
const founderInterestsTag = { type: 'Interest', id: 'FOUNDER_LIST' } as const;

/** Query of the founder's interest lists; `deckId` narrows to one deck's interests. */
export type FounderInterestsArgs = Pick<FounderInterestsQuery, 'page' | 'limit' | 'status'> & { deckId?: string };

/**
 * The founder's side of interests (spec §7, User API): every investor who showed interest, one
 * deck's interests, accept or decline, and a deck's accepted (milestone) investors.
 */
export const founderInterestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderInterests: build.query<Page<FounderInterest>, FounderInterestsArgs>({
      query: ({ deckId, page, limit, status }) => ({
        url: deckId ? founderDeckPaths.interests(deckId) : founderDeckPaths.myInterests,
        params: { page, limit, ...(status ? { status } : {}) },
      }),
      providesTags: (result) => [
        founderInterestsTag,
        ...(result?.data ?? []).map((interest) => ({ type: 'Interest' as const, id: interest.id })),
      ],
    }),
    /**
     * Every accepted interest of the founder across their decks, page after page into one list
     * (for choosing among them, as a data room's access does), newest first.
     */
    founderAcceptedInterests: build.query<FounderInterest[], void>({
      async queryFn(_arg, _api, _options, baseQuery) {
        const accepted: FounderInterest[] = [];
        for (let page = 1; page <= acceptedPagesRead; page++) {
          const result = await baseQuery({
            url: founderDeckPaths.myInterests,
            params: { page, limit: maxPageSize, status: 'accepted' },
          });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const answer = result.data as Page<FounderInterest>;
          // An interest that moved between two pages would show twice.
          accepted.push(...answer.data.filter((interest) => !accepted.some((held) => held.id === interest.id)));
          if (!answer.meta.hasMore) break;
        }
        return { data: accepted };
      },
      providesTags: [founderInterestsTag],
    }),
    deckMilestoneInvestors: build.query<MilestoneInvestor[], string>({
      query: (deckId) => founderDeckPaths.milestoneInvestors(deckId),
      transformResponse: (response: { data: MilestoneInvestor[] }) => response.data,
      providesTags: [founderInterestsTag],
    }),
    /** Accept or decline a pending interest; the answer replaces the row in every cached list. */
    decideInterest: build.mutation<
      FounderInterest,
      { deckId: string; interestId: string; status: FounderInterestDecision }
    >({
      query: ({ deckId, interestId, status }) => ({
        url: founderDeckPaths.interest(deckId, interestId),
        method: 'PATCH',
        body: { status },
      }),
      transformResponse: (response: { interest: FounderInterest }) => response.interest,
      // Refetch on failure too: a 409 means the row moved (the investor withdrew) under the founder.
      invalidatesTags: () => [founderInterestsTag],
    }),
  }),
});

export const {
  useFounderInterestsQuery,
  useFounderAcceptedInterestsQuery,
  useDeckMilestoneInvestorsQuery,
  useDecideInterestMutation,
} = founderInterestsApi;
