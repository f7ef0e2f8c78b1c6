import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { ReadingActivity } from '@deckvalid/contract/reading-activity';
import { api } from '@/shared/api/api';

/**
 * The founder's reading summary across their decks (GET /users/me/reading-activity). It changes
 * with other people's reading, never with the founder's own calls, so nothing invalidates it: it
 * is asked for again when the home opens (after the cache's 60 s) or on "Try again".
 */
export const founderReadingActivityApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderReadingActivity: build.query<ReadingActivity, { timeZone: string }>({
      query: ({ timeZone }) => ({ url: founderDeckPaths.readingActivity, params: { timeZone } }),
      transformResponse: (response: { activity: ReadingActivity }) => response.activity,
      providesTags: [{ type: 'DeckAnalytics', id: 'READING_ACTIVITY' }],
    }),
  }),
});

export const { useFounderReadingActivityQuery } = founderReadingActivityApi;
