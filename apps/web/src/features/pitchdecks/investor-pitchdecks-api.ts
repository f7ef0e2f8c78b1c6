import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { Page } from '@deckvalid/contract/pagination';
import type { InvestorPitchDeck, RecordDeckViewBody, SearchPitchDecksQuery } from '@deckvalid/contract/pitchdecks';
import { api } from '@/shared/api/api';

/**
 * Every cached page of the investor's deck search carries this tag, so an interest change (in
 * features/interests) can refresh the cards' "your interest" badges without knowing the queries.
 */
export const investorDeckListTag = { type: 'PitchDeck', id: 'INVESTOR_LIST' } as const;

/** The search as the list screen holds it; empty filters are left out of the URL. */
export type InvestorDeckSearch = Partial<
  Pick<SearchPitchDecksQuery, 'q' | 'sector' | 'stage' | 'sort' | 'matchesThesis'>
> &
  Pick<SearchPitchDecksQuery, 'page' | 'limit'>;

/** Only the parameters that say something: `?q=&sector=` would ask the server to validate blanks. */
function searchParamsOf({
  q,
  sector,
  stage,
  sort,
  matchesThesis,
  page,
  limit,
}: InvestorDeckSearch): Record<string, string | number> {
  const params: Record<string, string | number> = { page, limit };
  if (q?.trim()) params.q = q.trim();
  if (sector) params.sector = sector;
  if (stage) params.stage = stage;
  if (sort) params.sort = sort;
  if (matchesThesis) params.matchesThesis = 'true';
  return params;
}

/**
 * The investor's deck calls (spec §7, Investor API): search ready decks, read one, and report
 * viewing time. Credentials follow from the /api/v1/investors root (shared/api/base-query.ts).
 */
export const investorPitchDecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    investorPitchDecks: build.query<Page<InvestorPitchDeck>, InvestorDeckSearch>({
      query: (search) => ({ url: investorDeckPaths.pitchDecks, params: searchParamsOf(search) }),
      providesTags: (result) => [
        investorDeckListTag,
        ...(result?.data ?? []).map((deck) => ({ type: 'PitchDeck' as const, id: deck.id })),
      ],
    }),
    investorPitchDeck: build.query<InvestorPitchDeck, string>({
      query: (id) => investorDeckPaths.pitchDeck(id),
      transformResponse: (response: { pitchDeck: InvestorPitchDeck }) => response.pitchDeck,
      providesTags: (_result, _error, id) => [{ type: 'PitchDeck', id }],
    }),
    /**
     * Seconds per page of one viewing session since its last report. Nothing is cached or
     * invalidated: the founder's analytics are another person's screen.
     */
    recordDeckView: build.mutation<void, { pitchDeckId: string; body: RecordDeckViewBody }>({
      query: ({ pitchDeckId, body }) => ({ url: investorDeckPaths.views(pitchDeckId), method: 'POST', body }),
    }),
  }),
});

export const { useInvestorPitchDecksQuery, useInvestorPitchDeckQuery, useRecordDeckViewMutation } =
  investorPitchDecksApi;
