import { mentorDeckPaths } from '@deckvalid/contract/api-paths';
import type {
  MentorDeckVersion,
  MentorDeckVersionsResponse,
  MentorPitchDeck,
  MentorPitchDeckResponse,
  MentorPitchDecksResponse,
} from '@deckvalid/contract/pitchdecks';
import { api } from '@/shared/api/api';

const mentorDeckListTag = { type: 'PitchDeck', id: 'MENTOR_LIST' } as const;

/**
 * The mentor's reads of the decks of the founders they help: the live decks, one deck, and its
 * ready versions (each with its own signed file address). Mentors never write a deck.
 */
export const mentorPitchDecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    mentorPitchDecks: build.query<MentorPitchDeck[], void>({
      query: () => mentorDeckPaths.pitchDecks,
      transformResponse: (response: MentorPitchDecksResponse) => response.data,
      providesTags: [mentorDeckListTag],
    }),
    mentorPitchDeck: build.query<MentorPitchDeck, string>({
      query: (id) => mentorDeckPaths.pitchDeck(id),
      transformResponse: (response: MentorPitchDeckResponse) => response.pitchDeck,
      providesTags: (_result, _error, id) => [{ type: 'PitchDeck', id }],
    }),
    /** Ready versions, newest first. */
    mentorDeckVersions: build.query<MentorDeckVersion[], string>({
      query: (id) => mentorDeckPaths.versions(id),
      transformResponse: (response: MentorDeckVersionsResponse) => response.versions,
      providesTags: (_result, _error, id) => [{ type: 'PitchDeck', id }],
    }),
  }),
});

export const { useMentorPitchDecksQuery, useMentorPitchDeckQuery, useMentorDeckVersionsQuery } = mentorPitchDecksApi;
