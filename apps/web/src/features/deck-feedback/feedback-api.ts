import {
  type CreateDeckCommentBody,
  type DeckComment,
  type DeckCommentsResponse,
  type DeckDiscussionPeopleResponse,
  type DeckDiscussionPerson,
  deckCommentPaths,
} from '@deckvalid/contract/deck-comments';
import { type DeckComparison, type DeckComparisonResponse, deckComparePaths } from '@deckvalid/contract/deck-compare';
import {
  type DeckReview,
  type DeckReviewsResponse,
  deckReviewPaths,
  type PutDeckReviewBody,
} from '@deckvalid/contract/deck-reviews';
import { api } from '@/shared/api/api';

/** Which side asks: the calls are the same for comments, the paths differ for reviews and compare. */
export type FeedbackSide = 'founder' | 'mentor';
/** Who compares two versions: the founder and their mentors, or an investor (the versions they read). */
export type CompareSide = FeedbackSide | 'investor';

const comparePathOf: Record<CompareSide, (deckId: string) => string> = {
  founder: deckComparePaths.founder,
  mentor: deckComparePaths.mentor,
  investor: deckComparePaths.investor,
};

/** A comment call names its deck too, so the deck's comment list is the cache entry refreshed. */
type CommentTarget = { deckId: string; commentId: string };

const commentsTag = (deckId: string) => ({ type: 'DeckComment', id: deckId }) as const;
const reviewsTag = (deckId: string) => ({ type: 'DeckReview', id: deckId }) as const;

/**
 * What a founder and their mentors say about a deck: page comments with replies (either side),
 * mentors' reviews of a version, and what changed between two versions.
 */
export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every comment of the deck, every version's: the panel picks the shown version's and the outdated ones. */
    deckComments: build.query<DeckComment[], string>({
      query: (deckId) => deckCommentPaths.comments(deckId),
      transformResponse: (response: DeckCommentsResponse) => response.data,
      providesTags: (_result, _error, deckId) => [commentsTag(deckId)],
    }),
    /** Whom a comment can mention: the deck's founder and their mentors now. */
    deckDiscussionPeople: build.query<DeckDiscussionPerson[], string>({
      query: (deckId) => deckCommentPaths.people(deckId),
      transformResponse: (response: DeckDiscussionPeopleResponse) => response.data,
    }),
    createDeckComment: build.mutation<DeckComment, { deckId: string; body: CreateDeckCommentBody }>({
      query: ({ deckId, body }) => ({ url: deckCommentPaths.comments(deckId), method: 'POST', body }),
      transformResponse: (response: { comment: DeckComment }) => response.comment,
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    replyToDeckComment: build.mutation<void, CommentTarget & { body: string }>({
      query: ({ commentId, body }) => ({ url: deckCommentPaths.replies(commentId), method: 'POST', body: { body } }),
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    /** A comment's or a reply's new text (the author's own only). */
    editDeckComment: build.mutation<void, CommentTarget & { body: string }>({
      query: ({ commentId, body }) => ({ url: deckCommentPaths.comment(commentId), method: 'PATCH', body: { body } }),
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    deleteDeckComment: build.mutation<void, CommentTarget>({
      query: ({ commentId }) => ({ url: deckCommentPaths.comment(commentId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    resolveDeckComment: build.mutation<void, CommentTarget>({
      query: ({ commentId }) => ({ url: deckCommentPaths.resolve(commentId), method: 'POST' }),
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    reopenDeckComment: build.mutation<void, CommentTarget>({
      query: ({ commentId }) => ({ url: deckCommentPaths.reopen(commentId), method: 'POST' }),
      invalidatesTags: (_result, _error, { deckId }) => [commentsTag(deckId)],
    }),
    /** The mentor's own reviews of the deck, or every mentor's when the founder asks. */
    deckReviews: build.query<DeckReview[], { deckId: string; side: FeedbackSide }>({
      query: ({ deckId, side }) =>
        side === 'mentor' ? deckReviewPaths.mentorReviews(deckId) : deckReviewPaths.founderReviews(deckId),
      transformResponse: (response: DeckReviewsResponse) => response.data,
      providesTags: (_result, _error, { deckId }) => [reviewsTag(deckId)],
    }),
    putDeckReview: build.mutation<DeckReview, { deckId: string; version: number; body: PutDeckReviewBody }>({
      query: ({ deckId, version, body }) => ({ url: deckReviewPaths.review(deckId, version), method: 'PUT', body }),
      transformResponse: (response: { review: DeckReview }) => response.review,
      invalidatesTags: (_result, _error, { deckId }) => [reviewsTag(deckId)],
    }),
    deckComparison: build.query<DeckComparison, { deckId: string; side: CompareSide; from: number; to: number }>({
      query: ({ deckId, side, from, to }) => ({
        url: comparePathOf[side](deckId),
        params: { from, to },
      }),
      transformResponse: (response: DeckComparisonResponse) => response.comparison,
      providesTags: (_result, _error, { deckId }) => [{ type: 'PitchDeck', id: deckId }],
    }),
  }),
});

export const {
  useDeckCommentsQuery,
  useDeckDiscussionPeopleQuery,
  useCreateDeckCommentMutation,
  useReplyToDeckCommentMutation,
  useEditDeckCommentMutation,
  useDeleteDeckCommentMutation,
  useResolveDeckCommentMutation,
  useReopenDeckCommentMutation,
  useDeckReviewsQuery,
  usePutDeckReviewMutation,
  useDeckComparisonQuery,
} = feedbackApi;
