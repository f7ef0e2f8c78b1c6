import {
  type CreateLinkBody,
  type DeckLink,
  type DeckLinkResponse,
  type DeckLinksResponse,
  deckLinkPaths,
  type LinkAccessBody,
  type LinkAccessResponse,
  type LinkVisitor,
  type LinkVisitorsResponse,
  type PublicLink,
  type PublicLinkResponse,
  publicLinkPaths,
  type RecordLinkViewBody,
  type SharedDeck,
  type SharedDecksResponse,
  sharedDeckPaths,
  type UpdateLinkBody,
} from '@deckvalid/contract/links';
import { api } from '@/shared/api/api';

/** The Authorization header of a visitor's calls: the viewer token is their only credential. */
export const viewerAuthorization = (viewerToken: string) => ({ authorization: `Bearer ${viewerToken}` });

/**
 * Share links: the founder's calls on a deck's links (credentials from the /api/v1/users root),
 * the decks an investor kept from links, and a visitor's calls without an account (`isPublic`: no session credentials go out, and a 401
 * there means the viewer token ended, never that a signed-in person must sign in again).
 */
export const linksApi = api.injectEndpoints({
  endpoints: (build) => ({
    deckLinks: build.query<DeckLink[], string>({
      query: (deckId) => deckLinkPaths.links(deckId),
      transformResponse: (response: DeckLinksResponse) => response.data,
      providesTags: (_result, _error, deckId) => [{ type: 'DeckLink', id: deckId }],
    }),
    createDeckLink: build.mutation<DeckLink, { deckId: string; body: CreateLinkBody }>({
      query: ({ deckId, body }) => ({ url: deckLinkPaths.links(deckId), method: 'POST', body }),
      transformResponse: (response: DeckLinkResponse) => response.link,
      invalidatesTags: (_result, _error, { deckId }) => [{ type: 'DeckLink', id: deckId }],
    }),
    updateDeckLink: build.mutation<DeckLink, { deckId: string; linkId: string; body: UpdateLinkBody }>({
      query: ({ deckId, linkId, body }) => ({ url: deckLinkPaths.link(deckId, linkId), method: 'PATCH', body }),
      transformResponse: (response: DeckLinkResponse) => response.link,
      invalidatesTags: (_result, _error, { deckId }) => [{ type: 'DeckLink', id: deckId }],
    }),
    endDeckLink: build.mutation<void, { deckId: string; linkId: string }>({
      query: ({ deckId, linkId }) => ({ url: deckLinkPaths.link(deckId, linkId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { deckId }) => [{ type: 'DeckLink', id: deckId }],
    }),
    linkVisitors: build.query<LinkVisitor[], { deckId: string; linkId: string }>({
      query: ({ deckId, linkId }) => deckLinkPaths.visitors(deckId, linkId),
      transformResponse: (response: LinkVisitorsResponse) => response.data,
      providesTags: (_result, _error, { linkId }) => [{ type: 'LinkVisitors', id: linkId }],
    }),
    /** The signed-in investor's decks kept from links they opened with their proven email. */
    sharedDecks: build.query<SharedDeck[], void>({
      query: () => sharedDeckPaths.sharedDecks,
      transformResponse: (response: SharedDecksResponse) => response.data,
    }),

    publicLink: build.query<PublicLink, string>({
      query: (slug) => publicLinkPaths.link(slug),
      transformResponse: (response: PublicLinkResponse) => response.link,
      extraOptions: { isPublic: true },
    }),
    linkAccess: build.mutation<LinkAccessResponse, { slug: string; body: LinkAccessBody }>({
      query: ({ slug, body }) => ({ url: publicLinkPaths.access(slug), method: 'POST', body }),
      extraOptions: { isPublic: true },
    }),
    /** Nothing is cached or invalidated: the founder's visitor list is another person's screen. */
    recordLinkView: build.mutation<void, { slug: string; viewerToken: string; body: RecordLinkViewBody }>({
      query: ({ slug, viewerToken, body }) => ({
        url: publicLinkPaths.views(slug),
        method: 'POST',
        body,
        headers: viewerAuthorization(viewerToken),
      }),
      extraOptions: { isPublic: true },
    }),
  }),
});

export const {
  useDeckLinksQuery,
  useCreateDeckLinkMutation,
  useUpdateDeckLinkMutation,
  useEndDeckLinkMutation,
  useLinkVisitorsQuery,
  useSharedDecksQuery,
  usePublicLinkQuery,
  useLinkAccessMutation,
  useRecordLinkViewMutation,
} = linksApi;
