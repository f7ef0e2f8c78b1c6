import { z } from 'zod';
import { roles } from './auth';
import { chatRoomTypes } from './chat';
import { textSchema } from './text';

/** Our addition (the command palette): one search over what the caller may open. */
export const searchPaths = {
  search: '/api/v1/search',
} as const;

/** Limits of the search: the palette shows a handful of each kind, never a page to scroll. */
export const searchLimits = {
  /** Characters of a query; longer than any title a person would type to find something. */
  queryLength: 100,
  /** Results of each kind at most. */
  perKind: 5,
} as const;

/**
 * GET /api/v1/search?q=: what the caller may open whose name holds every word of `q` (as part of
 * a word, case-insensitive). An empty `q` answers the first few of each kind (most recent rooms,
 * newest decks): what the palette lists before anything is typed.
 */
export const searchQuerySchema = z.object({
  q: textSchema({
    max: searchLimits.queryLength,
    tooLong: `Use at most ${searchLimits.queryLength} characters to search.`,
  }).default(''),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A deck the caller owns (founder) or may read (investor: ready decks). */
export const searchDeckSchema = z.object({
  id: z.string(),
  title: z.string(),
  companyName: z.string(),
});

/** A milestone the caller may read, with the deck it belongs to. */
export const searchMilestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  deckTitle: z.string(),
});

/** A task of a milestone the caller may read; `key` is its short id (LDG-12). */
export const searchTaskSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  milestoneId: z.string(),
  milestoneTitle: z.string(),
});

/** A chat room the caller is or was in. */
export const searchRoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(chatRoomTypes),
});

/** Someone an interest ties the caller to: the people a conversation may be opened with. */
export const searchPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
});

/** The answer: each kind apart, in the order the palette groups them. */
export const searchResponseSchema = z.object({
  decks: z.array(searchDeckSchema),
  milestones: z.array(searchMilestoneSchema),
  tasks: z.array(searchTaskSchema),
  rooms: z.array(searchRoomSchema),
  people: z.array(searchPersonSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchDeck = z.infer<typeof searchDeckSchema>;
export type SearchMilestone = z.infer<typeof searchMilestoneSchema>;
export type SearchTask = z.infer<typeof searchTaskSchema>;
export type SearchRoom = z.infer<typeof searchRoomSchema>;
export type SearchPerson = z.infer<typeof searchPersonSchema>;

/**
 * The words a name must hold, lower-cased: runs of letters and digits, so punctuation typed
 * ("LDG-12", "Q3: launch") separates words and never reaches a database query as syntax.
 */
export function queryWordsOf(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** True when `name` holds every one of `words` (as part of a word, case-insensitive). */
export function nameMatches(name: string, words: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return words.every((word) => lower.includes(word));
}
