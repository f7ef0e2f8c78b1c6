import { z } from 'zod';
import { type AnalysisSectionKey, analysisSectionKeys } from './analysis';
import { deckNumberSchema } from './pitchdecks';
import { formatCount, textSchema } from './text';

/**
 * A mentor's review of one version of a deck: each of the validation report's twelve sections
 * scored 1 to 5 with an optional sentence, and a verdict with a summary. The founder sees every
 * mentor's reviews; investors never do.
 */
export const deckReviewLimits = { noteLength: 500, summaryLength: 2_000, minScore: 1, maxScore: 5 } as const;

export const reviewVerdicts = ['ready', 'needs_work'] as const;
export type ReviewVerdict = (typeof reviewVerdicts)[number];

const scoreMessage = `Score each section from ${deckReviewLimits.minScore} to ${deckReviewLimits.maxScore}.`;

export const reviewSectionSchema = z.object({
  key: z.enum(analysisSectionKeys, { error: 'Pick a section of the report.' }),
  score: z
    .number({ error: scoreMessage })
    .int(scoreMessage)
    .min(deckReviewLimits.minScore, scoreMessage)
    .max(deckReviewLimits.maxScore, scoreMessage),
  note: textSchema({
    max: deckReviewLimits.noteLength,
    tooLong: `A section's note can have at most ${formatCount(deckReviewLimits.noteLength)} characters.`,
  }).nullish(),
});
export type ReviewSection = z.infer<typeof reviewSectionSchema>;

/** PUT /api/v1/mentors/pitchdecks/{deckId}/versions/{n}/review: every section once, a verdict, a summary. */
export const putDeckReviewBodySchema = z.object({
  sections: z
    .array(reviewSectionSchema)
    .refine(
      (sections) =>
        sections.length === analysisSectionKeys.length &&
        new Set(sections.map((section) => section.key)).size === analysisSectionKeys.length,
      `Score each of the ${analysisSectionKeys.length} sections once.`,
    ),
  verdict: z.enum(reviewVerdicts, { error: 'Choose ready or needs work.' }),
  summary: textSchema({
    max: deckReviewLimits.summaryLength,
    required: 'Sum up your review.',
    tooLong: `A summary can have at most ${formatCount(deckReviewLimits.summaryLength)} characters.`,
  }).min(1, 'Sum up your review.'),
});
export type PutDeckReviewBody = z.infer<typeof putDeckReviewBodySchema>;

export const deckReviewSchema = z.object({
  id: z.string(),
  pitchDeckId: z.string(),
  version: z.number(),
  mentor: z.object({ id: z.string(), name: z.string() }),
  /** In the report's order. */
  sections: z.array(z.object({ key: z.enum(analysisSectionKeys), score: z.number(), note: z.string().nullable() })),
  verdict: z.enum(reviewVerdicts),
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeckReview = z.infer<typeof deckReviewSchema>;
export const deckReviewResponseSchema = z.object({ review: deckReviewSchema });
/** Newest version first, then by mentor's name. */
export const deckReviewsResponseSchema = z.object({ data: z.array(deckReviewSchema) });
export type DeckReviewsResponse = z.infer<typeof deckReviewsResponseSchema>;

export const deckReviewParamsSchema = z.object({
  deckId: textSchema({ max: 64, trim: false }).min(1, 'Give an id.'),
  version: deckNumberSchema('Name the version.', { coerce: true }),
});
export const deckReviewsParamsSchema = z.object({ deckId: textSchema({ max: 64, trim: false }).min(1, 'Give an id.') });

const segment = encodeURIComponent;

export const deckReviewPaths = {
  /** PUT: the mentor's review of version `version` (made, or replaced). */
  review: (deckId: string, version: number) =>
    `/api/v1/mentors/pitchdecks/${segment(deckId)}/versions/${version}/review`,
  /** GET: the mentor's own reviews of the deck. */
  mentorReviews: (deckId: string) => `/api/v1/mentors/pitchdecks/${segment(deckId)}/reviews`,
  /** GET: every mentor's reviews of the founder's deck. */
  founderReviews: (deckId: string) => `/api/v1/users/pitchdecks/${segment(deckId)}/reviews`,
  reviewPattern: '/api/v1/mentors/pitchdecks/:deckId/versions/:version/review',
  mentorReviewsPattern: '/api/v1/mentors/pitchdecks/:deckId/reviews',
  founderReviewsPattern: '/api/v1/users/pitchdecks/:deckId/reviews',
} as const;

/** Sections in the report's order, whatever order a body gave them in. */
export const inReportOrder = <Section extends { key: AnalysisSectionKey }>(sections: readonly Section[]) =>
  [...sections].sort((a, b) => analysisSectionKeys.indexOf(a.key) - analysisSectionKeys.indexOf(b.key));
