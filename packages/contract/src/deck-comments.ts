import { z } from 'zod';
import { deckNumberSchema } from './pitchdecks';
import { formatCount, idSchema, textSchema } from './text';

/**
 * Page comments on a deck, between its founder and their mentors: pinned to a page of a version,
 * optionally to a region of it, with replies. Investors never see them.
 */
export const deckCommentLimits = {
  /** Characters of one comment or reply. */
  bodyLength: 4_000,
  /** Replies one comment may gather. */
  repliesPerComment: 200,
} as const;

const bodySchema = textSchema({
  max: deckCommentLimits.bodyLength,
  required: 'Write a comment.',
  tooLong: `A comment can have at most ${formatCount(deckCommentLimits.bodyLength)} characters.`,
}).min(1, 'Write a comment.');

const fraction = z.number({ error: 'Give the region as fractions of the page, from 0 to 1.' });

/** A rectangle on the page, in fractions of its width and height from the top left corner. */
export const commentRegionSchema = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .strict()
  .refine(
    ({ x, y, width, height }) =>
      x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9,
    'The region must lie inside the page.',
  );
export type CommentRegion = z.infer<typeof commentRegionSchema>;

/** POST /api/v1/decks/{deckId}/comments: a comment on page `page` of ready version `version`. */
export const createDeckCommentBodySchema = z.object({
  version: deckNumberSchema('Name the version.'),
  page: deckNumberSchema('Name the page.'),
  region: commentRegionSchema.nullish(),
  body: bodySchema,
});
export type CreateDeckCommentBody = z.infer<typeof createDeckCommentBodySchema>;

/** POST …/comments/{id}/replies and PATCH …/comments/{id}. */
export const deckCommentTextBodySchema = z.object({ body: bodySchema });
export type DeckCommentTextBody = z.infer<typeof deckCommentTextBodySchema>;

/** GET …/comments?version=: one version's comments; every comment of the deck without. */
export const deckCommentsQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Name the version.' })
    .int('Name the version.')
    .min(1, 'Name the version.')
    .optional(),
});
export type DeckCommentsQuery = z.infer<typeof deckCommentsQuerySchema>;

const authorSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(['user', 'mentor']) });

export const deckCommentReplySchema = z.object({
  id: z.string(),
  author: authorSchema,
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type DeckCommentReply = z.infer<typeof deckCommentReplySchema>;

export const deckCommentSchema = deckCommentReplySchema.extend({
  pitchDeckId: z.string(),
  /** The version and page it is pinned to now: a new version moves an open comment to its matching page. */
  version: z.number(),
  page: z.number(),
  region: commentRegionSchema.nullable(),
  /** Set when a new version had no page like this one's: the comment stays on its old version. */
  outdated: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  replies: z.array(deckCommentReplySchema),
});
export type DeckComment = z.infer<typeof deckCommentSchema>;

export const deckCommentResponseSchema = z.object({ comment: deckCommentSchema });
export const deckCommentReplyResponseSchema = z.object({ reply: deckCommentReplySchema });
/** Oldest first, each with its replies oldest first. */
export const deckCommentsResponseSchema = z.object({ data: z.array(deckCommentSchema) });
export type DeckCommentsResponse = z.infer<typeof deckCommentsResponseSchema>;

/**
 * GET …/comments/people: who takes part in a deck's comments now, the founder and their mentors,
 * founder first: whom an `@` in a comment or a reply can name (contract `mentions.ts`). Someone
 * named gets the comment's news even if they never wrote on the deck.
 */
export const deckDiscussionPeopleResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(['user', 'mentor']) })),
});
export type DeckDiscussionPeopleResponse = z.infer<typeof deckDiscussionPeopleResponseSchema>;
export type DeckDiscussionPerson = DeckDiscussionPeopleResponse['data'][number];

export const deckCommentsParamsSchema = z.object({ deckId: idSchema });
export const deckCommentParamsSchema = z.object({ commentId: idSchema });

const segment = encodeURIComponent;

/** The same calls for a deck's founder and their mentors. */
export const deckCommentPaths = {
  comments: (deckId: string) => `/api/v1/decks/${segment(deckId)}/comments`,
  people: (deckId: string) => `/api/v1/decks/${segment(deckId)}/comments/people`,
  comment: (commentId: string) => `/api/v1/decks/comments/${segment(commentId)}`,
  replies: (commentId: string) => `/api/v1/decks/comments/${segment(commentId)}/replies`,
  resolve: (commentId: string) => `/api/v1/decks/comments/${segment(commentId)}/resolve`,
  reopen: (commentId: string) => `/api/v1/decks/comments/${segment(commentId)}/reopen`,
  commentsPattern: '/api/v1/decks/:deckId/comments',
  peoplePattern: '/api/v1/decks/:deckId/comments/people',
  commentPattern: '/api/v1/decks/comments/:commentId',
  repliesPattern: '/api/v1/decks/comments/:commentId/replies',
  resolvePattern: '/api/v1/decks/comments/:commentId/resolve',
  reopenPattern: '/api/v1/decks/comments/:commentId/reopen',
} as const;
