import { z } from 'zod';
import { optionalUrlSchema, sectors, stages } from './accounts';
import { pageOf, paginationQuerySchema } from './pagination';

/** processing → ready, or processing → failed with a reason the founder reads. */
export const pitchDeckStatuses = ['processing', 'ready', 'failed'] as const;
export type PitchDeckStatus = (typeof pitchDeckStatuses)[number];

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters for ${label}.`);

/** POST /api/v1/users/pitchdecks: the uploaded file's key and the deck's details. */
export const createPitchDeckBodySchema = z
  .object({
    key: z.string({ error: 'Upload the deck first.' }).min(1, 'Upload the deck first.').max(300),
    company: requiredText('the company name', 120),
    title: requiredText('a title', 160),
    /** The one-line pitch. */
    pitch: requiredText('a one-line pitch', 280),
    sector: z.enum(sectors, { error: 'Pick a sector from the list.' }),
    stage: z.enum(stages, { error: 'Pick a stage from the list.' }),
    /** Whole US dollars sought in this round. */
    amountSought: z
      .number({ error: 'Enter the amount you are raising in US dollars.' })
      .int('Enter a whole amount in US dollars.')
      .min(1_000, 'Enter at least $1,000.')
      .max(10_000_000_000, 'That amount is too large.'),
    location: requiredText('a location', 120),
    website: optionalUrlSchema,
  })
  .strict();
export type CreatePitchDeckBody = z.infer<typeof createPitchDeckBodySchema>;

/** Fields every reader of a deck sees. */
const pitchDeckBaseSchema = z.object({
  id: z.string(),
  company: z.string(),
  title: z.string(),
  pitch: z.string(),
  sector: z.enum(sectors),
  stage: z.enum(stages),
  amountSought: z.number(),
  location: z.string(),
  website: z.string().nullable(),
  status: z.enum(pitchDeckStatuses),
  /** Known once processing is done. */
  pageCount: z.number().nullable(),
  fileSize: z.number(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
});

/** A deck as its founder sees it. */
export const founderPitchDeckSchema = pitchDeckBaseSchema.extend({
  /** Why processing failed, in words the founder can act on. */
  failureReason: z.string().nullable(),
  /** Smallest and largest font size found in the deck, in points (null until ready). */
  fontSizes: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Interests that were not withdrawn. */
  interestCount: z.number(),
  /** Viewing sessions by investors. */
  viewCount: z.number(),
  /** Signed, short-lived address of the PDF (null once processing failed: that file could not be read). */
  fileUrl: z.string().nullable(),
});
export type FounderPitchDeck = z.infer<typeof founderPitchDeckSchema>;

/** The signed-in investor's own interest in a deck; never another investor's. */
export const myInterestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type MyInterest = z.infer<typeof myInterestSchema>;

/** A ready deck as an investor sees it. */
export const investorPitchDeckSchema = pitchDeckBaseSchema.extend({
  founder: z.object({ id: z.string(), name: z.string() }),
  myInterest: myInterestSchema.nullable(),
  fileUrl: z.string(),
  /** Words of the deck's own text around the search term, with matches wrapped in « ». */
  excerpt: z.string().nullable(),
});
export type InvestorPitchDeck = z.infer<typeof investorPitchDeckSchema>;

/** POST (201) and GET /api/v1/users/pitchdecks/{id}. */
export const founderPitchDeckResponseSchema = z.object({
  /** The founder's own deck. */
  pitchDeck: founderPitchDeckSchema,
});
export type FounderPitchDeckResponse = z.infer<typeof founderPitchDeckResponseSchema>;
/** GET /api/v1/users/pitchdecks: newest first. */
export const founderPitchDeckPageSchema = pageOf(founderPitchDeckSchema);
/** GET /api/v1/investors/pitchdecks/{id}. */
export const investorPitchDeckResponseSchema = z.object({
  /** A ready deck, with the investor's own interest in it. */
  pitchDeck: investorPitchDeckSchema,
});
export type InvestorPitchDeckResponse = z.infer<typeof investorPitchDeckResponseSchema>;
/** GET /api/v1/investors/pitchdecks: ready decks only. */
export const investorPitchDeckPageSchema = pageOf(investorPitchDeckSchema);

export const pitchDeckSorts = ['relevance', 'newest', 'amount_asc', 'amount_desc'] as const;
export type PitchDeckSort = (typeof pitchDeckSorts)[number];

/** GET /api/v1/investors/pitchdecks: full-text search, filters, sort and pages. */
export const searchPitchDecksQuerySchema = paginationQuerySchema.extend({
  /** Words looked up in title, company, pitch and the deck's page text (web-search syntax). */
  q: z.string().trim().max(200, 'Use at most 200 characters to search.').optional(),
  sector: z.enum(sectors, { error: 'Pick a sector from the list.' }).optional(),
  stage: z.enum(stages, { error: 'Pick a stage from the list.' }).optional(),
  /** relevance applies with a search term; without one it falls back to newest. */
  sort: z.enum(pitchDeckSorts, { error: 'Sort by relevance, newest or amount.' }).default('relevance'),
});
export type SearchPitchDecksQuery = z.infer<typeof searchPitchDecksQuerySchema>;

/** Path parameter of every /pitchdecks/{id} call. */
export const pitchDeckIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Limits of one view report; the viewer reports every few seconds and batches to fit them. */
export const viewReportLimits = {
  maxPage: 1_000,
  maxSecondsPerEntry: 600,
  maxEntries: 300,
  /** Reading time in one report, all pages together. */
  maxSecondsPerReport: 600,
} as const;

/**
 * POST /api/v1/investors/pitchdecks/{id}/views: time an investor spent on pages since the last
 * report of one viewing session. The viewer sends it every few seconds and when the tab hides.
 */
export const recordDeckViewBodySchema = z.object({
  /** Made by the viewer once per opening of the deck (a UUID). */
  sessionId: z.uuid({ error: 'Send the viewing session id.' }),
  pages: z
    .array(
      z.object({
        page: z.number().int().min(1).max(viewReportLimits.maxPage),
        /** Seconds the page was visible while the tab was visible, since the last report. */
        seconds: z.number().min(0).max(viewReportLimits.maxSecondsPerEntry),
      }),
    )
    .min(1, 'Report at least one page.')
    .max(viewReportLimits.maxEntries)
    .refine((pages) => new Set(pages.map((entry) => entry.page)).size === pages.length, {
      message: 'Report each page once.',
    })
    .refine((pages) => pages.reduce((sum, entry) => sum + entry.seconds, 0) <= viewReportLimits.maxSecondsPerReport, {
      message: `Report at most ${viewReportLimits.maxSecondsPerReport} seconds at a time.`,
    }),
});
export type RecordDeckViewBody = z.infer<typeof recordDeckViewBodySchema>;

/** GET /api/v1/users/pitchdecks/{id}/analytics: what investors did in the viewer. */
export const deckAnalyticsSchema = z.object({
  /** Distinct investors who opened the deck. */
  viewerCount: z.number(),
  /** Viewing sessions. */
  viewCount: z.number(),
  totalSeconds: z.number(),
  /** One row per page, in page order, every page present. */
  pages: z.array(
    z.object({
      page: z.number(),
      /** Seconds across all sessions. */
      seconds: z.number(),
      /** Sessions that saw this page. */
      views: z.number(),
      /** Sessions whose furthest page was this one: where readers stop. */
      exits: z.number(),
    }),
  ),
  viewers: z.array(
    z.object({
      investor: z.object({ id: z.string(), name: z.string(), firm: z.string().nullable() }),
      sessions: z.number(),
      totalSeconds: z.number(),
      /** Furthest page reached in any session. */
      furthestPage: z.number(),
      lastViewedAt: z.string(),
    }),
  ),
});
export type DeckAnalytics = z.infer<typeof deckAnalyticsSchema>;
export const deckAnalyticsResponseSchema = z.object({
  /** Reading figures across every investor who opened the deck. */
  analytics: deckAnalyticsSchema,
});
export type DeckAnalyticsResponse = z.infer<typeof deckAnalyticsResponseSchema>;
