import { type SearchResponse, searchPaths } from '@deckvalid/contract/search';
import { api } from '@/shared/api/api';

/**
 * The command palette's search (GET /api/v1/search). Results follow other people's changes as
 * much as the caller's, so they are kept briefly and read again on each open rather than tagged.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResponse, string>({
      query: (q) => ({ url: searchPaths.search, params: { q } }),
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useSearchQuery, useLazySearchQuery } = searchApi;
