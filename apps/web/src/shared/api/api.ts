import { createApi } from '@reduxjs/toolkit/query/react';
import { type AuthRootState, logout } from '@/features/auth/auth-slice';
import { createBaseQuery } from '@/shared/api/base-query';

/**
 * The one API slice (Redux style guide): empty here, every feature adds its calls with
 * `api.injectEndpoints` in its own `<feature>-api.ts`. app/ wires the auth slice into the shared
 * base query, so shared code never imports a feature.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({
    selectSession: (state) => {
      const { role, tokens } = (state as AuthRootState).auth;
      return { role, tokens };
    },
    logout,
  }),
  // Spec §9: cached data is kept 60 s once no screen uses it.
  keepUnusedDataFor: 60,
  tagTypes: ['Me', 'FounderProfile', 'InvestorInfo', 'PitchDeck', 'Interest', 'DeckAnalytics'],
  endpoints: () => ({}),
});
