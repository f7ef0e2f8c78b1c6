import { type Company, companyPaths } from '@deckvalid/contract/companies';
import { api } from '@/shared/api/api';

/**
 * The company page (GET /investors/companies/{startupId}). Its figures move with other people's
 * reading and interest, never with this investor's calls but their own interest: an interest
 * change invalidates 'Interest', which refreshes the interested count and milestone progress.
 */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    company: build.query<Company, string>({
      query: (startupId) => companyPaths.company(startupId),
      transformResponse: (response: { company: Company }) => response.company,
      providesTags: ['Interest'],
    }),
  }),
});

export const { useCompanyQuery } = companyApi;
