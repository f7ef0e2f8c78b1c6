import { type SQL, sql } from 'drizzle-orm';

// Ranges of UTC days (`YYYY-MM-DD`, both ends included) as the figures of trends and the company
// page count them: instants comparable with indexed timestamps, so the range uses their indexes.

/** Midnight UTC at the start of a `YYYY-MM-DD` day, as an instant. */
export const startOfUtcDay = (day: string): SQL => sql`(${day}::date)::timestamp at time zone 'UTC'`;

/** Midnight UTC at the end of a `YYYY-MM-DD` day (the start of the next). */
export const endOfUtcDay = (day: string): SQL => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;
