import { z } from 'zod';
import { chatMessageSchema } from './chat';
import { investorInterestSchema } from './interests';
import { formatCount, idSchema, textSchema } from './text';

/**
 * The investor copilot (spec §1, §2 'Start AI Copilot chat', §7 POST /api/v1/ai/chat, §8; issue
 * 20). An investor asks in their bot room; the server answers from the decks they may see, with
 * citations it builds itself from tool results, and proposes state changes as actions that run
 * only once confirmed. Rules: docs/copilot.md.
 */

/** What the product calls its copilot: the bot room's title (spec §2 'the product's AI name'). */
export const copilotName = 'Pitchlane Copilot';

export const aiLimits = {
  /** Characters in one message, after trimming (the chat's own limit). */
  messageLength: 4_000,
  /** Messages one ask may carry: the history beyond the question is context, and bounded. */
  messages: 40,
  /** Asks one investor may make in a minute (429 with Retry-After after that). */
  asksPerMinute: 30,
  /** How long a proposed action waits for its confirmation. */
  actionTtlMs: 10 * 60 * 1000,
  /** Replies one read of stored replies may ask for (a page of chat history and some). */
  repliesPerRead: 50,
} as const;

/** Who said a message of the conversation: the investor, or the copilot. */
export const aiMessageRoles = ['user', 'assistant'] as const;
export type AiMessageRole = (typeof aiMessageRoles)[number];

/** One message of the conversation as the widget sends it. */
export const aiChatMessageSchema = z.object({
  role: z.enum(aiMessageRoles, { error: 'A message is from the user or the assistant.' }),
  /** Not blank once trimmed, at most 4,000 characters. */
  content: textSchema({
    required: 'Write a question.',
    max: aiLimits.messageLength,
    tooLong: `Keep a message to ${formatCount(aiLimits.messageLength)} characters.`,
  }).min(1, 'Write a question.'),
});
export type AiChatMessage = z.infer<typeof aiChatMessageSchema>;

/**
 * POST /api/v1/ai/chat: the conversation so far, its last message the investor's new question.
 * The server answers from its own stored room, not from the history sent: `messages` before the
 * last are context only, and never trusted for scope or for citations.
 */
export const aiChatBodySchema = z
  .object({
    /** The caller's bot room (POST /api/v1/chats/rooms/private/bot). */
    roomId: idSchema,
    messages: z
      .array(aiChatMessageSchema)
      .min(1, 'Ask a question.')
      .max(aiLimits.messages, `Send at most ${aiLimits.messages} messages of history.`)
      .refine((messages) => messages.at(-1)?.role === 'user', { message: 'The last message is the question.' }),
  })
  .strict();
export type AiChatBody = z.infer<typeof aiChatBodySchema>;

/** A follow-up that fits the answer; the widget shows the first three as 'Try next'. */
export const aiExampleSchema = z.object({ label: z.string() });
export type AiExample = z.infer<typeof aiExampleSchema>;

/**
 * Where a sentence or figure of the answer stands: built by the server from tool results, never
 * taken from a model. The deck is one the investor may see, the page exists in its live version,
 * and `quote` is text that stands on that page. `text` marks it `[n]`, n = index + 1.
 */
export const aiCitationSchema = z.object({
  pitchDeckId: z.string(),
  /** 1-based page of the deck's live version. */
  page: z.number().int().positive(),
  quote: z.string(),
});
export type AiCitation = z.infer<typeof aiCitationSchema>;

/** A comparison: one column per deck after the first (the row's label). */
export const aiTableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type AiTable = z.infer<typeof aiTableSchema>;

/** The state changes the copilot proposes; each runs through the interests service once confirmed. */
export const aiActionKinds = ['show_interest', 'withdraw_interest'] as const;
export type AiActionKind = (typeof aiActionKinds)[number];

/** A proposed change: nothing happens until POST …/actions/{id}/confirm, or 'yes' in the room. */
export const aiActionSchema = z.object({
  id: z.string(),
  kind: z.enum(aiActionKinds),
  pitchDeckId: z.string(),
  /** The note an interest is shown with. */
  note: z.string().optional(),
  /** After this (ISO 8601) a confirmation answers 410. */
  expiresAt: z.string(),
});
export type AiAction = z.infer<typeof aiActionSchema>;

/** Which engine answered: the built-in (offline, deterministic) one, or a configured model. */
export const aiEngineNames = ['builtin', 'model'] as const;
export type AiEngineName = (typeof aiEngineNames)[number];

/** The copilot's answer. */
export const aiReplySchema = z.object({
  /** The answer in words; `[n]` marks the citation at index n − 1. */
  text: z.string(),
  examples: z.array(aiExampleSchema),
  citations: z.array(aiCitationSchema),
  table: aiTableSchema.optional(),
  action: aiActionSchema.optional(),
  engine: z.enum(aiEngineNames),
});
export type AiReply = z.infer<typeof aiReplySchema>;

/**
 * POST /api/v1/ai/chat: the reply, and the two messages stored in the bot room (the question and
 * the reply's text), so the widget places them in the thread without reading it again.
 */
export const aiChatResponseSchema = z.object({
  reply: aiReplySchema,
  messages: z.object({ question: chatMessageSchema, answer: chatMessageSchema }),
});
export type AiChatResponse = z.infer<typeof aiChatResponseSchema>;

/** Where an action stands: waiting, done once, refused by the investor, or past its time. */
export const aiActionStatuses = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type AiActionStatus = (typeof aiActionStatuses)[number];

export const aiActionParamsSchema = z.object({ id: idSchema });

/** An action with where it stands. */
export const aiActionStateSchema = aiActionSchema.extend({ status: z.enum(aiActionStatuses) });
export type AiActionState = z.infer<typeof aiActionStateSchema>;

/** POST …/actions/{id}/confirm: the action, done, and the interest as it now stands. */
export const aiConfirmActionResponseSchema = z.object({
  action: aiActionStateSchema,
  interest: investorInterestSchema,
});
export type AiConfirmActionResponse = z.infer<typeof aiConfirmActionResponseSchema>;

/** POST …/actions/{id}/cancel */
export const aiCancelActionResponseSchema = z.object({ action: aiActionStateSchema });
export type AiCancelActionResponse = z.infer<typeof aiCancelActionResponseSchema>;

/**
 * GET /api/v1/ai/replies?messageIds=a,b: the structured part of stored replies (citations,
 * examples, table, action) by the id of their chat message, so the widget shows them after a
 * reload. Ids of other rooms' or other investors' messages are left out, as missing ones are.
 */
export const aiRepliesQuerySchema = z.object({
  messageIds: textSchema({ max: 64 * aiLimits.repliesPerRead + aiLimits.repliesPerRead, trim: false })
    .transform((value) => [...new Set(value.split(',').filter((part) => part.length > 0))])
    .pipe(
      z
        .array(idSchema)
        .min(1, 'Name at least one message.')
        .max(aiLimits.repliesPerRead, `Ask for at most ${aiLimits.repliesPerRead} replies.`),
    ),
});
export type AiRepliesQuery = z.infer<typeof aiRepliesQuerySchema>;

export const aiStoredReplySchema = z.object({
  messageId: z.string(),
  reply: aiReplySchema,
  /** Where the reply's action stands now; null without one. */
  actionStatus: z.enum(aiActionStatuses).nullable(),
});
export type AiStoredReply = z.infer<typeof aiStoredReplySchema>;

export const aiRepliesResponseSchema = z.object({ replies: z.array(aiStoredReplySchema) });
export type AiRepliesResponse = z.infer<typeof aiRepliesResponseSchema>;
