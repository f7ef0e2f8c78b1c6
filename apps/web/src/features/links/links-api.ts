import {
  type CreateLinkBody,
  type CreateRoomLinkBody,
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
  type PublicLinkRoom,
  type PublicLinkRoomResponse,
  publicLinkPaths,
  type RecordLinkViewBody,
  roomLinkPaths,
  type SharedDeck,
  type SharedDecksResponse,
  sharedDeckPaths,
  type UpdateLinkBody,
  type UpdateRoomLinkBody,
} from '@deckvalid/contract/links';
import { api } from '@/shared/api/api';

/** What a founder's links belong to: one of their decks, or one of their data rooms. */
export type LinkOwnerRef = { deckId: string } | { roomId: string };

/** The founder's link calls of an owner. */
function ownerPaths(owner: LinkOwnerRef) {
  return 'deckId' in owner
    ? {
        links: deckLinkPaths.links(owner.deckId),
        link: (linkId: string) => deckLinkPaths.link(owner.deckId, linkId),
        visitors: (linkId: string) => deckLinkPaths.visitors(owner.deckId, linkId),
      }
    : {
        links: roomLinkPaths.links(owner.roomId),
        link: (linkId: string) => roomLinkPaths.link(owner.roomId, linkId),
        visitors: (linkId: string) => roomLinkPaths.visitors(owner.roomId, linkId),
      };
}

/** The cache tag of an owner's links: a deck's and a room's ids never meet (different prefixes). */
export const linkOwnerTag = (owner: LinkOwnerRef) =>
  ({ type: 'DeckLink', id: 'deckId' in owner ? owner.deckId : owner.roomId }) as const;

/** The Authorization header of a visitor's calls: the viewer token is their only credential. */
export const viewerAuthorization = (viewerToken: string) => ({ authorization: `Bearer ${viewerToken}` });

/**
 * Share links: the founder's calls on a deck's links (credentials from the /api/v1/users root),
 * the decks an investor kept from links, and a visitor's calls without an account (`isPublic`: no session credentials go out, and a 401
 * there means the viewer token ended, never that a signed-in person must sign in again).
 */
export const linksApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareLinks: build.query<DeckLink[], LinkOwnerRef>({
      query: (owner) => ownerPaths(owner).links,
      transformResponse: (response: DeckLinksResponse) => response.data,
      providesTags: (_result, _error, owner) => [linkOwnerTag(owner)],
    }),
    createShareLink: build.mutation<DeckLink, { owner: LinkOwnerRef; body: CreateLinkBody | CreateRoomLinkBody }>({
      query: ({ owner, body }) => ({ url: ownerPaths(owner).links, method: 'POST', body }),
      transformResponse: (response: DeckLinkResponse) => response.link,
      invalidatesTags: (_result, _error, { owner }) => [linkOwnerTag(owner)],
    }),
    updateShareLink: build.mutation<
      DeckLink,
      { owner: LinkOwnerRef; linkId: string; body: UpdateLinkBody | UpdateRoomLinkBody }
    >({
      query: ({ owner, linkId, body }) => ({ url: ownerPaths(owner).link(linkId), method: 'PATCH', body }),
      transformResponse: (response: DeckLinkResponse) => response.link,
      invalidatesTags: (_result, _error, { owner }) => [linkOwnerTag(owner)],
    }),
    endShareLink: build.mutation<void, { owner: LinkOwnerRef; linkId: string }>({
      query: ({ owner, linkId }) => ({ url: ownerPaths(owner).link(linkId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { owner }) => [linkOwnerTag(owner)],
    }),
    linkVisitors: build.query<LinkVisitor[], { owner: LinkOwnerRef; linkId: string }>({
      query: ({ owner, linkId }) => ownerPaths(owner).visitors(linkId),
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
    /** A data room link's folders and files, with the viewer token. */
    linkRoom: build.query<PublicLinkRoom, { slug: string; viewerToken: string }>({
      query: ({ slug, viewerToken }) => ({
        url: publicLinkPaths.room(slug),
        headers: viewerAuthorization(viewerToken),
      }),
      transformResponse: (response: PublicLinkRoomResponse) => response.room,
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
  useShareLinksQuery,
  useCreateShareLinkMutation,
  useUpdateShareLinkMutation,
  useEndShareLinkMutation,
  useLinkRoomQuery,
  useLinkVisitorsQuery,
  useSharedDecksQuery,
  usePublicLinkQuery,
  useLinkAccessMutation,
  useRecordLinkViewMutation,
} = linksApi;
