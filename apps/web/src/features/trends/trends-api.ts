import { type Trends, type TrendsQuery, trendsPaths } from '@deckvalid/contract/trends';
import { api } from '@/shared/api/api';

/**
 * The founder's trends (GET /users/trends). Like the home's reading summary, the figures move
 * with investors' reading, never with the founder's own calls, so nothing invalidates them: a
 * range is asked again when picked again after the cache's 60 s.
 */
export const trendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderTrends: build.query<Trends, TrendsQuery>({
      query: ({ from, to, pitchDeckId }) => ({
        url: trendsPaths.trends,
        params: pitchDeckId ? { from, to, pitchDeckId } : { from, to },
      }),
      transformResponse: (response: { trends: Trends }) => response.trends,
      providesTags: [{ type: 'DeckAnalytics', id: 'TRENDS' }],
    }),
  }),
});

export const { useFounderTrendsQuery } = trendsApi;
