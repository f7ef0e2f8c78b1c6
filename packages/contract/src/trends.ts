import { z } from 'zod';
import { calendarDateSchema } from './milestones';
import { idSchema } from './text';

/**
 * Founder trends (issue 19, our addition to spec §7's User API): daily figures of the founder's
 * own decks over a range of UTC days, and a per-deck table against the period just before.
 */

export const trendsLimits = {
  /** The longest range one call may ask for, in days, both ends included (a leap year). */
  maxDays: 366,
} as const;

/** Whole UTC days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `day` moved by `offset` whole days, as `YYYY-MM-DD`. */
export function shiftDay(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period of equal length that ends the day before `from`: what the per-deck table compares
 * the range with.
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysInRange(from, to);
  return { from: shiftDay(from, -days), to: shiftDay(from, -1) };
}

/**
 * The change from `previous` to `current` as a whole percentage; null when there was nothing
 * before (a change from zero has no percentage, and the table says "new" instead).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

/** GET /api/v1/users/trends?from&to&pitchDeckId */
export const trendsQuerySchema = z
  .object({
    /** First UTC day of the range, `YYYY-MM-DD`. */
    from: calendarDateSchema,
    /** Last UTC day of the range, included. */
    to: calendarDateSchema,
    /** One of the founder's own decks; all of them when left out. */
    pitchDeckId: idSchema.optional(),
  })
  .superRefine(({ from, to }, context) => {
    const days = daysInRange(from, to);
    if (days < 1) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end of the range cannot be before its start.' });
    } else if (days > trendsLimits.maxDays) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${trendsLimits.maxDays} days at a time.`,
      });
    }
  });
export type TrendsQuery = z.infer<typeof trendsQuerySchema>;

/** One UTC day of the founder's decks (or of the one deck asked for). */
export const trendsDaySchema = z.object({
  /** `YYYY-MM-DD`, UTC. */
  date: z.string(),
  /** Views opened that day (reopening within 30 minutes is the same view, as everywhere). */
  views: z.number(),
  /** Distinct investors who began reading that day. */
  readers: z.number(),
  /** Reading time of the sessions that began that day. */
  readingSeconds: z.number(),
  /** Interests first shown that day. */
  interestsShown: z.number(),
  /** Interests the founder accepted that day (counted even if later withdrawn). */
  interestsAccepted: z.number(),
  /** Interests the founder declined that day. */
  interestsDeclined: z.number(),
  /** Interests withdrawn that day and still withdrawn. */
  interestsWithdrawn: z.number(),
  /** Milestone tasks moved (or created) into done that day. */
  tasksDone: z.number(),
  /** Viewing sessions opened through the founder's share links that day, apart from investors' views. */
  linkViews: z.number(),
  /** Reading time of those sessions. */
  linkReadingSeconds: z.number(),
});
export type TrendsDay = z.infer<typeof trendsDaySchema>;

/** One period's totals of a deck (or of all decks). */
export const trendsTotalsSchema = z.object({
  views: z.number(),
  /** Distinct investors over the whole period (one who read on two days counts once). */
  readers: z.number(),
  readingSeconds: z.number(),
  interestsShown: z.number(),
  interestsAccepted: z.number(),
  tasksDone: z.number(),
  /** Viewing sessions through share links, and their reading time (visitors without accounts). */
  linkViews: z.number(),
  linkReadingSeconds: z.number(),
});
export type TrendsTotals = z.infer<typeof trendsTotalsSchema>;

/** Keys of the totals, in the order the table shows them. */
export const trendsTotalKeys = [
  'views',
  'readers',
  'readingSeconds',
  'interestsShown',
  'interestsAccepted',
  'tasksDone',
  'linkViews',
  'linkReadingSeconds',
] as const satisfies readonly (keyof TrendsTotals)[];
export type TrendsTotalKey = (typeof trendsTotalKeys)[number];

/** A deck's totals for the range and for the period before it, with the change in percent. */
export const trendsDeckSchema = z.object({
  pitchDeckId: z.string(),
  title: z.string(),
  company: z.string(),
  current: trendsTotalsSchema,
  previous: trendsTotalsSchema,
  /** `percentChange` of each total; null where the previous period had none. */
  change: z.record(z.enum(trendsTotalKeys), z.number().nullable()),
});
export type TrendsDeck = z.infer<typeof trendsDeckSchema>;

export const trendsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The period of equal length before the range. */
  previousFrom: z.string(),
  previousTo: z.string(),
  /** The deck asked for, or null for all the founder's decks. */
  pitchDeckId: z.string().nullable(),
  /** Every day of the range, oldest first, days without anything included. */
  days: z.array(trendsDaySchema),
  /** All the decks below together, for the range and the period before. */
  current: trendsTotalsSchema,
  previous: trendsTotalsSchema,
  /** Each of the founder's decks (or the one asked for), newest first. */
  decks: z.array(trendsDeckSchema),
});
export type Trends = z.infer<typeof trendsSchema>;

/** GET /api/v1/users/trends */
export const trendsResponseSchema = z.object({ trends: trendsSchema });
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;

export const trendsPaths = {
  /** The founder's own trends (our addition to spec §7). */
  trends: '/api/v1/users/trends',
} as const;
