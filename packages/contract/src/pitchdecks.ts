import { z } from 'zod';
import { amountTooLargeMessage, maxAmountUsd, optionalUrlSchema, sectors, stages } from './accounts';
import { pageOf, paginationQuerySchema } from './pagination';
import { idSchema, textSchema } from './text';

/** processing → ready, or processing → failed with a reason the founder reads. */
export const pitchDeckStatuses = ['processing', 'ready', 'failed'] as const;
export type PitchDeckStatus = (typeof pitchDeckStatuses)[number];

const requiredText = (label: string, max: number) =>
  textSchema({ required: `Enter ${label}.`, max, tooLong: `Use at most ${max} characters for ${label}.` }).min(
    1,
    `Enter ${label}.`,
  );

/** POST /api/v1/users/pitchdecks: the uploaded file's key and the deck's details. */
export const createPitchDeckBodySchema = z
  .object({
    key: textSchema({ required: 'Upload the deck first.', max: 300, trim: false }).min(1, 'Upload the deck first.'),
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
      .max(maxAmountUsd, amountTooLargeMessage),
    location: requiredText('a location', 120),
    website: optionalUrlSchema,
  })
  .strict();
export type CreatePitchDeckBody = z.infer<typeof createPitchDeckBodySchema>;

/**
 * PUT /api/v1/users/pitchdecks/{id}: the deck's details, all of them, under the rules of creation
 * (an omitted website is cleared). Not in spec §7.
 */
export const updatePitchDeckBodySchema = createPitchDeckBodySchema.omit({ key: true });
export type UpdatePitchDeckBody = z.infer<typeof updatePitchDeckBodySchema>;

/**
 * POST /api/v1/users/pitchdecks/{id}/versions: a new file for the deck, from a signed upload made
 * as for a new deck. Not in spec §7.
 */
export const createPitchDeckVersionBodySchema = createPitchDeckBodySchema.pick({ key: true });
export type CreatePitchDeckVersionBody = z.infer<typeof createPitchDeckVersionBodySchema>;

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

/** How far processing of one uploaded file got. */
export const deckVersionSummarySchema = z.object({
  /** 1 for the deck's first file, one more for each new version. */
  number: z.number(),
  status: z.enum(pitchDeckStatuses),
  /** Why processing failed, in words the founder can act on. */
  failureReason: z.string().nullable(),
  /** When the file was submitted. */
  uploadedAt: z.string(),
});
export type DeckVersionSummary = z.infer<typeof deckVersionSummarySchema>;

/**
 * A deck as its founder sees it. `status`, `pageCount`, `fileSize`, `fontSizes` and `fileUrl`
 * describe the live version (the one investors see) or, while none is live, the newest one;
 * `status` is thus the deck's status as investors see it.
 */
export const founderPitchDeckSchema = pitchDeckBaseSchema.extend({
  /** Why processing failed, while no version is live and the newest failed. */
  failureReason: z.string().nullable(),
  /** The number of the version investors see; null until one is ready. */
  liveVersion: z.number().nullable(),
  /** The newest version: processing, failed, or the live one. */
  latestVersion: deckVersionSummarySchema,
  /** Smallest and largest font size found in the deck, in points (null until ready). */
  fontSizes: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Interests that were not withdrawn. */
  interestCount: z.number(),
  /** Viewing sessions by investors. */
  viewCount: z.number(),
  /** Signed, short-lived address of the PDF (null once processing failed: that file could not be read). */
  fileUrl: z.string().nullable(),
  /** Signed, short-lived address of page 1 as a small WebP, drawn while processing; null without one. */
  thumbnailUrl: z.string().nullable(),
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

/** What of a deck can fit an investor's thesis, in the order a card lists the reasons. */
export const thesisCriteriaKinds = ['sector', 'stage', 'ticket', 'place'] as const;
export type ThesisCriterionKind = (typeof thesisCriteriaKinds)[number];

/** How a deck fits the asking investor's thesis (their sectors, stages, ticket size and places). */
export const thesisFitSchema = z.object({
  /** The deck meets every criterion the investor set: what "Matches my thesis" keeps. */
  isMatch: z.boolean(),
  /** Criteria the deck meets; browse ranks by it. */
  score: z.number(),
  /** Criteria the investor set (1 to 4). */
  of: z.number(),
  /**
   * The criteria the deck meets, each with the words a card shows: "Fintech", "Seed",
   * "$1.8M within your $0.5–2M", "Berlin, Germany".
   */
  reasons: z.array(z.object({ kind: z.enum(thesisCriteriaKinds), label: z.string() })),
});
export type ThesisFit = z.infer<typeof thesisFitSchema>;

/** A ready deck as an investor sees it. */
export const investorPitchDeckSchema = pitchDeckBaseSchema.extend({
  /** The version shown (the newest ready one); view reports name it. */
  version: z.number(),
  founder: z.object({ id: z.string(), name: z.string() }),
  myInterest: myInterestSchema.nullable(),
  fileUrl: z.string(),
  /** Signed, short-lived address of page 1 as a small WebP; null for a version processed without one. */
  thumbnailUrl: z.string().nullable(),
  /** Words of the deck's own text around the search term, with matches wrapped in « ». */
  excerpt: z.string().nullable(),
  /** How the deck fits the investor's thesis; null while their info names no criteria. */
  thesisFit: thesisFitSchema.nullable(),
  /**
   * On GET …/pitchdecks/{id} only: earlier versions this investor read, newest first, each of
   * which they may compare with the live one (`deckComparePaths.investor`).
   */
  readVersions: z.array(z.number()).optional(),
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

/** One version of a deck as its founder sees it. */
export const founderDeckVersionSchema = deckVersionSummarySchema.extend({
  /** Known once processing is done. */
  pageCount: z.number().nullable(),
  fileSize: z.number(),
  readyAt: z.string().nullable(),
  /** The version investors see. */
  isLive: z.boolean(),
  /** Views investors made of this version. */
  viewCount: z.number(),
  /** Signed, short-lived address of the PDF (null when processing failed: that file could not be read). */
  fileUrl: z.string().nullable(),
});
export type FounderDeckVersion = z.infer<typeof founderDeckVersionSchema>;
/** GET /api/v1/users/pitchdecks/{id}/versions: newest first. Not in spec §7. */
export const founderDeckVersionsResponseSchema = z.object({ versions: z.array(founderDeckVersionSchema) });
export type FounderDeckVersionsResponse = z.infer<typeof founderDeckVersionsResponseSchema>;

/**
 * A deck as a mentor of its founder reads it: the live version's file and figures, and whose it
 * is. Never investors' interests or reading figures.
 */
export const mentorPitchDeckSchema = pitchDeckBaseSchema.extend({
  founder: z.object({ id: z.string(), name: z.string() }),
  /** The number of the version shown, the live one. */
  liveVersion: z.number(),
  /** Signed, short-lived address of the live version's PDF. */
  fileUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type MentorPitchDeck = z.infer<typeof mentorPitchDeckSchema>;
/** GET /api/v1/mentors/pitchdecks: the live decks of every founder the mentor helps, newest first. */
export const mentorPitchDecksResponseSchema = z.object({ data: z.array(mentorPitchDeckSchema) });
export type MentorPitchDecksResponse = z.infer<typeof mentorPitchDecksResponseSchema>;
/** GET /api/v1/mentors/pitchdecks/{id}. */
export const mentorPitchDeckResponseSchema = z.object({ pitchDeck: mentorPitchDeckSchema });
export type MentorPitchDeckResponse = z.infer<typeof mentorPitchDeckResponseSchema>;

/** One ready version of a deck, as a mentor of its founder sees it. */
export const mentorDeckVersionSchema = z.object({
  number: z.number(),
  pageCount: z.number().nullable(),
  readyAt: z.string().nullable(),
  /** The version investors see. */
  isLive: z.boolean(),
  /** Signed, short-lived address of the PDF. */
  fileUrl: z.string(),
});
export type MentorDeckVersion = z.infer<typeof mentorDeckVersionSchema>;
/** GET /api/v1/mentors/pitchdecks/{id}/versions: ready versions, newest first. */
export const mentorDeckVersionsResponseSchema = z.object({ versions: z.array(mentorDeckVersionSchema) });
export type MentorDeckVersionsResponse = z.infer<typeof mentorDeckVersionsResponseSchema>;

/** Most versions one deck may have: the list stays readable and storage bounded. */
export const maxDeckVersions = 50;

/**
 * A version or a page number as a call names it: a whole number from 1, bounded so that a huge
 * one is refused here with a sentence instead of overflowing the database's integer.
 */
export const deckNumberSchema = (message: string, { coerce = false } = {}) =>
  (coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int(message)
    .min(1, message)
    .max(100_000, message);

export const pitchDeckSorts = ['relevance', 'newest', 'amount_asc', 'amount_desc'] as const;
export type PitchDeckSort = (typeof pitchDeckSorts)[number];

/** GET /api/v1/investors/pitchdecks: full-text search, filters, sort and pages. */
export const searchPitchDecksQuerySchema = paginationQuerySchema.extend({
  /** Words looked up in title, company, pitch and the deck's page text (web-search syntax). */
  q: textSchema({ max: 200, tooLong: 'Use at most 200 characters to search.' }).optional(),
  sector: z.enum(sectors, { error: 'Pick a sector from the list.' }).optional(),
  stage: z.enum(stages, { error: 'Pick a stage from the list.' }).optional(),
  /**
   * relevance: with a search term, the best text match first; for an investor whose info names
   * thesis criteria, then the best fit (without a term, best fit first); then newest. The other
   * sorts are as named.
   */
  sort: z.enum(pitchDeckSorts, { error: 'Sort by relevance, newest or amount.' }).default('relevance'),
  /** `true`: only decks that meet every criterion of the investor's thesis. */
  matchesThesis: z
    .enum(['true', 'false'], { error: 'Use true or false for matchesThesis.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type SearchPitchDecksQuery = z.infer<typeof searchPitchDecksQuerySchema>;

/** The refusal of `matchesThesis=true` from an investor whose info names no criteria to match on. */
export const noThesisMessage =
  'Add sectors, stages, a ticket size or places to your investor info to see the decks that match your thesis.';

/** An amount as a card line writes it: $950, $500K, $1.8M, $12M. */
export function formatUsdShort(amount: number): string {
  const [unit, suffix] = amount >= 1_000_000 ? [1_000_000, 'M'] : amount >= 1_000 ? [1_000, 'K'] : [1, ''];
  return `$${trimmedNumber(amount / unit)}${suffix}`;
}

/** At most two decimals, none trailing: 1.8, 0.25, 2. */
function trimmedNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * An investor's ticket size in one unit, as the thesis reason quotes it: "$0.5–2M", "$250–800K",
 * "$500K or more", "up to $2M"; null when neither bound is set.
 */
export function formatTicketRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) {
    const [unit, suffix] = max >= 1_000_000 ? [1_000_000, 'M'] : max >= 1_000 ? [1_000, 'K'] : [1, ''];
    return min === max ? formatUsdShort(max) : `$${trimmedNumber(min / unit)}–${trimmedNumber(max / unit)}${suffix}`;
  }
  if (min !== null) return `${formatUsdShort(min)} or more`;
  if (max !== null) return `up to ${formatUsdShort(max)}`;
  return null;
}

/** Path parameter of every /pitchdecks/{id} call. */
export const pitchDeckIdParamsSchema = z.object({ id: idSchema });

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
  /**
   * The version on screen (`version` of the deck as answered); the live one when omitted. A
   * session reads one version: an investor who opened the previous one keeps reporting on it.
   */
  version: z.number().int().min(1).max(100_000).optional(),
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

/** GET /api/v1/users/pitchdecks/{id}/analytics?version=: one version's figures (default: the live one, else the newest). */
export const deckAnalyticsQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Pick a version number.' })
    .int('Pick a version number.')
    .min(1, 'Pick a version number.')
    .max(100_000, 'Pick a version number.')
    .optional(),
});
export type DeckAnalyticsQuery = z.infer<typeof deckAnalyticsQuerySchema>;

/** GET /api/v1/users/pitchdecks/{id}/analytics: what investors did in the viewer, for one version. */
export const deckAnalyticsSchema = z.object({
  /** The version these figures are of. */
  version: z.number(),
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
