import { z } from 'zod';
import { textSchema } from './text';

/** How far back the founder's reading summary looks, and how many recent readers it lists. */
export const readingActivityLimits = {
  /** Calendar days, today included, in the caller's time zone. */
  days: 7,
  recentReaders: 8,
} as const;

/**
 * An IANA time zone name (`Europe/Paris`, `America/New_York`, `UTC`). Raw offsets (`+05:00`) are
 * refused: PostgreSQL reads them as POSIX zones, with the sign the other way round. The runtime's
 * own zone database decides whether the name exists (the browser sends what it resolved itself).
 */
export const timeZoneSchema = textSchema({ max: 64, tooLong: 'Send an IANA time zone name.', trim: false })
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, 'Send an IANA time zone name.')
  .refine(isKnownTimeZone, 'Send an IANA time zone name.');

function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/v1/users/me/reading-activity?timeZone= */
export const readingActivityQuerySchema = z.object({
  /** Where the founder's days begin and end; UTC when left out. */
  timeZone: timeZoneSchema.default('UTC'),
});
export type ReadingActivityQuery = z.infer<typeof readingActivityQuerySchema>;

/** One calendar day of reading across the founder's decks. */
export const readingDaySchema = z.object({
  /** `YYYY-MM-DD` in the asked time zone. */
  date: z.string(),
  /** Reading time of the viewing sessions that began that day. */
  seconds: z.number(),
  /** Distinct investors who began a viewing session that day. */
  viewers: z.number(),
});
export type ReadingDay = z.infer<typeof readingDaySchema>;

/** An investor's reading of one of the founder's decks, over all their sessions of it. */
export const recentReaderSchema = z.object({
  investor: z.object({ id: z.string(), name: z.string(), firm: z.string().nullable() }),
  pitchDeck: z.object({ id: z.string(), title: z.string(), company: z.string() }),
  /** When they last read it. */
  lastReadAt: z.string(),
  /** Their reading time of this deck, all sessions and versions together. */
  totalSeconds: z.number(),
});
export type RecentReader = z.infer<typeof recentReaderSchema>;

/** The founder's reading summary: the last days across all their decks, and who read last. */
export const readingActivitySchema = z.object({
  /** The asked time zone, as the days are counted in it. */
  timeZone: z.string(),
  /** Reading time across the days below. */
  totalSeconds: z.number(),
  /** Distinct investors across the days below (one who read on two days counts once). */
  viewerCount: z.number(),
  /** Every day of the window, oldest first, today last, days without reading included. */
  days: z.array(readingDaySchema),
  /** The latest readings of the founder's decks, newest first, at most `recentReaders`, any age. */
  recentReaders: z.array(recentReaderSchema),
});
export type ReadingActivity = z.infer<typeof readingActivitySchema>;

/** GET /api/v1/users/me/reading-activity */
export const readingActivityResponseSchema = z.object({
  /** Reading of the caller's own decks only. */
  activity: readingActivitySchema,
});
export type ReadingActivityResponse = z.infer<typeof readingActivityResponseSchema>;
