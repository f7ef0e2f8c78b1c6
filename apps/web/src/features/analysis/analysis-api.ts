import type { DeckAnalysis, DeckAnalysisResponse } from '@deckvalid/contract/analysis';
import { founderDeckPaths, investorDeckPaths, mentorDeckPaths } from '@deckvalid/contract/api-paths';
import { api } from '@/shared/api/api';

/** Which report the founder reads: one deck's, of one version (the live one when none is named). */
export type FounderDeckAnalysisArgs = { deckId: string; version?: number };

/**
 * The validation report (issue 19). Cached under the deck's own tag: a new version or a change
 * of the deck refreshes the deck and its report together, so no tag of its own is needed.
 */
export const analysisApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The live version's report, as any investor may read it. */
    investorDeckAnalysis: build.query<DeckAnalysis, string>({
      query: (id) => investorDeckPaths.analysis(id),
      transformResponse: (response: DeckAnalysisResponse) => response.analysis,
      providesTags: (_result, _error, id) => [{ type: 'PitchDeck', id }],
    }),
    /** The founder's report of any version; 409 NOT_READY while that version is processing. */
    founderDeckAnalysis: build.query<DeckAnalysis, FounderDeckAnalysisArgs>({
      query: ({ deckId, version }) => ({
        url: founderDeckPaths.analysis(deckId),
        params: version === undefined ? undefined : { version },
      }),
      transformResponse: (response: DeckAnalysisResponse) => response.analysis,
      providesTags: (_result, _error, { deckId }) => [{ type: 'PitchDeck', id: deckId }],
    }),
    /** A mentor's read of one ready version's report (the live one when none is named). */
    mentorDeckAnalysis: build.query<DeckAnalysis, FounderDeckAnalysisArgs>({
      query: ({ deckId, version }) => ({
        url: mentorDeckPaths.analysis(deckId),
        params: version === undefined ? undefined : { version },
      }),
      transformResponse: (response: DeckAnalysisResponse) => response.analysis,
      providesTags: (_result, _error, { deckId }) => [{ type: 'PitchDeck', id: deckId }],
    }),
  }),
});

export const { useInvestorDeckAnalysisQuery, useFounderDeckAnalysisQuery, useMentorDeckAnalysisQuery } = analysisApi;
