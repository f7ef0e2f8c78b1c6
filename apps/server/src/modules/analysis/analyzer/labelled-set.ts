import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analysisSectionKeys, figurePeriods } from '@deckvalid/contract/analysis';
import { z } from 'zod';
import type { AnalyzerInput } from './analyze-deck';

/**
 * The labelled set (fixtures/, one deck per file): each deck's pages as the PDF parser leaves
 * them and its labels, written by hand: the pages of each section and the key figures with their
 * exact value, unit, page and scope. Read by the accuracy test and the analyser's unit tests.
 */
const fixtureSchema = z.object({
  name: z.string(),
  /** Written after the rules were tuned, and never tuned on. */
  heldOut: z.boolean().optional(),
  pages: z.array(
    z.object({
      title: z.string().nullable(),
      text: z.string(),
      minFontSize: z.number().nullable(),
      bodyFontSize: z.number().nullable(),
    }),
  ),
  /** The year the deck speaks from (see `AnalyzerInput.asOfYear`); the set was written in 2026. */
  asOfYear: z.number().int().default(2026),
  labels: z.object({
    sections: z.partialRecord(z.enum(analysisSectionKeys), z.array(z.number().int().positive())),
    figures: z.array(
      z.object({
        key: z.string(),
        value: z.number(),
        unit: z.string(),
        page: z.number().int().positive(),
        scope: z.string().optional(),
        /** Labelled where it is not the business as it stands now. */
        period: z.enum(figurePeriods).default('current'),
        year: z.number().int().optional(),
        per: z.string().optional(),
        purpose: z.string().optional(),
      }),
    ),
    /**
     * Whether the deck's figures agree (the `figures_agree` check): false where the deck
     * contradicts itself, null where it states too little to compare; absent means it must not
     * fail (a deck with no contradiction passes or has nothing to compare).
     */
    figuresAgree: z.boolean().nullable().optional(),
  }),
});
export type Fixture = z.infer<typeof fixtureSchema>;

const fixturesFolder = path.join(import.meta.dirname, 'fixtures');

export function loadFixtures(): Fixture[] {
  return readdirSync(fixturesFolder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => fixtureSchema.parse(JSON.parse(readFileSync(path.join(fixturesFolder, file), 'utf8'))));
}

export function inputOf(fixture: Fixture): AnalyzerInput {
  return {
    pageCount: fixture.pages.length,
    asOfYear: fixture.asOfYear,
    pages: fixture.pages.map((page, index) => ({ number: index + 1, ...page })),
  };
}
