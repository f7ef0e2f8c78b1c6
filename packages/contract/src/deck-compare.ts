import { z } from 'zod';
import { analysisSectionKeys, deckFigureSchema, figureKeys } from './analysis';
import { deckNumberSchema } from './pitchdecks';

/**
 * What changed between two versions of a deck: its pages (added, removed, moved, changed with
 * their text difference) and its validation report (score, sections, figures).
 */

/** A run of words of a changed page: kept, added in the newer version, or removed from the older. */
export const textChangeSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export type TextChange = z.infer<typeof textChangeSchema>;

export const pageChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), toPage: z.number() }),
  z.object({ kind: z.literal('removed'), fromPage: z.number() }),
  /** The same text on another page number. */
  z.object({ kind: z.literal('moved'), fromPage: z.number(), toPage: z.number() }),
  /** The page that matches, with its words changed (and maybe its place). */
  z.object({
    kind: z.literal('changed'),
    fromPage: z.number(),
    toPage: z.number(),
    changes: z.array(textChangeSchema),
  }),
]);
export type PageChange = z.infer<typeof pageChangeSchema>;

const figureSideSchema = deckFigureSchema.pick({ value: true, unit: true, text: true, page: true });

/** A figure that appeared, went, or changed value; `summary` says it in words ("ARR USD 1.2M → USD 1.6M, p. 8"). */
export const figureChangeSchema = z.object({
  key: z.enum(figureKeys),
  label: z.string(),
  before: figureSideSchema.nullable(),
  after: figureSideSchema.nullable(),
  summary: z.string(),
});
export type FigureChange = z.infer<typeof figureChangeSchema>;

/** A section of the outline found in one version and not the other, or told on other pages. */
export const sectionChangeSchema = z.object({
  key: z.enum(analysisSectionKeys),
  label: z.string(),
  before: z.object({ found: z.boolean(), pages: z.array(z.number()) }),
  after: z.object({ found: z.boolean(), pages: z.array(z.number()) }),
});
export type SectionChange = z.infer<typeof sectionChangeSchema>;

export const deckComparisonSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** In the newer version's page order, removed pages where they stood. */
  pages: z.array(pageChangeSchema),
  /** Pages the same in both, at the same place. */
  unchangedPages: z.number(),
  score: z.object({ before: z.number(), after: z.number() }),
  sections: z.array(sectionChangeSchema),
  figures: z.array(figureChangeSchema),
});
export type DeckComparison = z.infer<typeof deckComparisonSchema>;
export const deckComparisonResponseSchema = z.object({ comparison: deckComparisonSchema });
export type DeckComparisonResponse = z.infer<typeof deckComparisonResponseSchema>;

const versionNumber = (name: string) => deckNumberSchema(`Name the ${name} version.`, { coerce: true });

/** `?from=1&to=2`: two different versions, in any order. */
export const deckCompareQuerySchema = z
  .object({ from: versionNumber('older'), to: versionNumber('newer') })
  .refine((query) => query.from !== query.to, 'Choose two different versions.');
export type DeckCompareQuery = z.infer<typeof deckCompareQuerySchema>;

const segment = encodeURIComponent;

export const deckComparePaths = {
  founder: (deckId: string) => `/api/v1/users/pitchdecks/${segment(deckId)}/compare`,
  mentor: (deckId: string) => `/api/v1/mentors/pitchdecks/${segment(deckId)}/compare`,
  /** An investor compares the live version with versions they read, or two versions they read. */
  investor: (deckId: string) => `/api/v1/investors/pitchdecks/${segment(deckId)}/compare`,
  founderPattern: '/api/v1/users/pitchdecks/:id/compare',
  mentorPattern: '/api/v1/mentors/pitchdecks/:id/compare',
  investorPattern: '/api/v1/investors/pitchdecks/:id/compare',
} as const;
