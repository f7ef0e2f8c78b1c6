import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { Page, PaginationQuery } from '@deckvalid/contract/pagination';
import type {
  CreatePitchDeckBody,
  DeckAnalytics,
  FounderDeckVersion,
  FounderPitchDeck,
  UpdatePitchDeckBody,
} from '@deckvalid/contract/pitchdecks';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { api } from '@/shared/api/api';

/** The founder's deck list is one cache entry per page; this tag refreshes all of them. */
const founderListTag = { type: 'PitchDeck', id: 'FOUNDER_LIST' } as const;

/**
 * What else names a deck or goes with it: the founder's interests, and the milestones (lists and
 * each one's page), whose answers carry their deck's title and company, and go with a deleted deck.
 */
const namesDeck = ['Interest', 'Milestone', 'MilestoneData'] as const;

/** A deck's version list, cached apart from the deck: the deck's tag type, an id of its own. */
const versionsTag = (id: string) => ({ type: 'PitchDeck' as const, id: `versions:${id}` });

/** Which figures to read: one deck's, of one version (the live one when none is named). */
export type DeckAnalyticsArgs = { deckId: string; version?: number };

/**
 * The founder's deck calls (spec §7, User API): upload ticket, discard, create, list, one deck,
 * its view analytics, and deleting a deck; and ours: its versions, a new version, its details.
 * Credentials follow from the /api/v1/users root.
 */
export const founderPitchDecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    founderPitchDecks: build.query<Page<FounderPitchDeck>, Pick<PaginationQuery, 'page' | 'limit'>>({
      query: ({ page, limit }) => ({ url: founderDeckPaths.pitchDecks, params: { page, limit } }),
      providesTags: (result) => [
        founderListTag,
        ...(result?.data ?? []).map((deck) => ({ type: 'PitchDeck' as const, id: deck.id })),
      ],
    }),
    founderPitchDeck: build.query<FounderPitchDeck, string>({
      query: (id) => founderDeckPaths.pitchDeck(id),
      transformResponse: (response: { pitchDeck: FounderPitchDeck }) => response.pitchDeck,
      providesTags: (_result, _error, id) => [{ type: 'PitchDeck', id }],
    }),
    founderDeckAnalytics: build.query<DeckAnalytics, DeckAnalyticsArgs>({
      query: ({ deckId, version }) => ({
        url: founderDeckPaths.analytics(deckId),
        params: version === undefined ? undefined : { version },
      }),
      transformResponse: (response: { analytics: DeckAnalytics }) => response.analytics,
      providesTags: (_result, _error, { deckId }) => [{ type: 'DeckAnalytics', id: deckId }],
    }),
    /** Every version of a deck, newest first. */
    founderDeckVersions: build.query<FounderDeckVersion[], string>({
      query: (id) => founderDeckPaths.versions(id),
      transformResponse: (response: { versions: FounderDeckVersion[] }) => response.versions,
      providesTags: (_result, _error, id) => [versionsTag(id)],
    }),
    /** Submits an uploaded file as the deck's next version; it is processed like a new deck. */
    addDeckVersion: build.mutation<FounderPitchDeck, { deckId: string; key: string }>({
      query: ({ deckId, key }) => ({ url: founderDeckPaths.versions(deckId), method: 'POST', body: { key } }),
      transformResponse: (response: { pitchDeck: FounderPitchDeck }) => response.pitchDeck,
      invalidatesTags: (_result, _error, { deckId }) => [
        founderListTag,
        { type: 'PitchDeck', id: deckId },
        versionsTag(deckId),
      ],
    }),
    /** Replaces the deck's details; lists, the founder's interests and milestones (which name the deck) refresh. */
    updatePitchDeck: build.mutation<FounderPitchDeck, { deckId: string; body: UpdatePitchDeckBody }>({
      query: ({ deckId, body }) => ({ url: founderDeckPaths.pitchDeck(deckId), method: 'PUT', body }),
      transformResponse: (response: { pitchDeck: FounderPitchDeck }) => response.pitchDeck,
      invalidatesTags: (_result, _error, { deckId }) => [
        founderListTag,
        { type: 'PitchDeck', id: deckId },
        ...namesDeck,
      ],
    }),
    /** A GET, but a mutation: every ticket is single-use and must never come from the cache. */
    deckUploadTicket: build.mutation<UploadTicket, { fileType: string; fileSize: number }>({
      query: ({ fileType, fileSize }) => ({ url: founderDeckPaths.uploadTicket, params: { fileType, fileSize } }),
    }),
    /**
     * Deletes an uploaded file no deck uses. keepalive lets the request outlive the page when the
     * founder closes the tab mid-form.
     */
    discardDeckUpload: build.mutation<void, string>({
      query: (key) => ({ url: founderDeckPaths.uploadedFile, method: 'DELETE', params: { key }, keepalive: true }),
    }),
    /** Deletes a deck with its interests, reading data and milestones; lists, interests and milestones refresh. */
    deletePitchDeck: build.mutation<void, string>({
      query: (id) => ({ url: founderDeckPaths.pitchDeck(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [founderListTag, { type: 'PitchDeck', id }, ...namesDeck],
    }),
    createPitchDeck: build.mutation<FounderPitchDeck, CreatePitchDeckBody>({
      query: (body) => ({ url: founderDeckPaths.pitchDecks, method: 'POST', body }),
      transformResponse: (response: { pitchDeck: FounderPitchDeck }) => response.pitchDeck,
      invalidatesTags: [founderListTag],
    }),
  }),
});

export const {
  useFounderPitchDecksQuery,
  useFounderPitchDeckQuery,
  useFounderDeckAnalyticsQuery,
  useFounderDeckVersionsQuery,
  useAddDeckVersionMutation,
  useUpdatePitchDeckMutation,
  useDeckUploadTicketMutation,
  useDiscardDeckUploadMutation,
  useCreatePitchDeckMutation,
  useDeletePitchDeckMutation,
} = founderPitchDecksApi;
