import type {
  FounderProfile,
  InvestorInfo,
  InvestorInfoBody,
  InvestorInfoResponse,
  UpdateFounderProfileBody,
} from '@deckvalid/contract/accounts';
import { apiPaths } from '@deckvalid/contract/api-paths';
import type { SetProfilePictureBody, UploadTicket } from '@deckvalid/contract/uploads';
import { api } from '@/shared/api/api';

/** The founder profile and the investor info (spec §7); credentials follow from the URL root. */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderProfile: build.query<FounderProfile, void>({
      query: () => apiPaths.founderProfile,
      transformResponse: (response: { profile: FounderProfile }) => response.profile,
      providesTags: ['FounderProfile'],
    }),
    updateFounderProfile: build.mutation<FounderProfile, UpdateFounderProfileBody>({
      query: (body) => ({ url: apiPaths.founderProfile, method: 'PUT', body }),
      transformResponse: (response: { profile: FounderProfile }) => response.profile,
      invalidatesTags: ['FounderProfile', 'Me'],
    }),
    /** A GET, but a mutation: each upload ticket is single-use and must never come from the cache. */
    founderPictureUploadTicket: build.mutation<UploadTicket, { fileType: string; fileSize: number }>({
      query: ({ fileType, fileSize }) => ({ url: apiPaths.founderPictureUpload, params: { fileType, fileSize } }),
    }),
    /** Makes an uploaded picture the profile's; the answer carries the new pictureUrl. */
    setFounderPicture: build.mutation<FounderProfile, SetProfilePictureBody>({
      query: (body) => ({ url: apiPaths.founderPicture, method: 'PUT', body }),
      transformResponse: (response: { profile: FounderProfile }) => response.profile,
      invalidatesTags: ['FounderProfile'],
    }),
    investorInfo: build.query<InvestorInfo | null, void>({
      query: () => apiPaths.investorInfo,
      transformResponse: (response: InvestorInfoResponse) => response.info,
      providesTags: ['InvestorInfo'],
    }),
    /**
     * POST the first time (GET answered null), PUT afterwards. The info is the investor's thesis,
     * which ranks and explains every page of their deck search: those pages are fetched again.
     * The tag is the one features/pitchdecks puts on each search page (features do not import
     * each other, so it is spelled here).
     */
    saveInvestorInfo: build.mutation<InvestorInfo, { body: InvestorInfoBody; isNew: boolean }>({
      query: ({ body, isNew }) => ({ url: apiPaths.investorInfo, method: isNew ? 'POST' : 'PUT', body }),
      transformResponse: (response: { info: InvestorInfo }) => response.info,
      invalidatesTags: ['InvestorInfo', { type: 'PitchDeck', id: 'INVESTOR_LIST' }],
    }),
  }),
});

export const {
  useFounderProfileQuery,
  useUpdateFounderProfileMutation,
  useFounderPictureUploadTicketMutation,
  useSetFounderPictureMutation,
  useInvestorInfoQuery,
  useSaveInvestorInfoMutation,
} = accountsApi;
