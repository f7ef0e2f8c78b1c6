import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { deckReviews } from './reviews.schema';

/** A review as stored, with its mentor's name. */
export type NamedReview = typeof deckReviews.$inferSelect & { mentorName: string };

/** The reviews' table; lists join `accounts` for the mentors' names (read only), in one query. */
export class ReviewsRepository {
  constructor(private readonly db: Database) {}

  /** Makes the mentor's review of the version, or replaces it. */
  async upsert(review: typeof deckReviews.$inferInsert & { updatedAt: Date }): Promise<string> {
    const [row] = await this.db
      .insert(deckReviews)
      .values(review)
      .onConflictDoUpdate({
        target: [deckReviews.versionId, deckReviews.mentorId],
        set: {
          sections: review.sections,
          verdict: review.verdict,
          summary: review.summary,
          updatedAt: review.updatedAt,
        },
      })
      .returning({ id: deckReviews.id });
    if (!row) throw new Error('the review was not stored');
    return row.id;
  }

  /** A deck's reviews, newest version first, then by mentor's name; only `mentorId`'s when given. */
  async listNamed(pitchDeckId: string, mentorId?: string): Promise<NamedReview[]> {
    return this.db
      .select({ review: deckReviews, mentorName: accounts.name })
      .from(deckReviews)
      .innerJoin(accounts, eq(accounts.id, deckReviews.mentorId))
      .where(
        and(
          eq(deckReviews.pitchDeckId, pitchDeckId),
          mentorId === undefined ? undefined : eq(deckReviews.mentorId, mentorId),
        ),
      )
      .orderBy(desc(deckReviews.versionNumber), asc(accounts.name), asc(deckReviews.id))
      .then((rows) => rows.map((row) => ({ ...row.review, mentorName: row.mentorName })));
  }
}
