import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { mentorInvitations, mentorships } from './mentors.schema';

/** An invitation as stored. */
export type Invitation = typeof mentorInvitations.$inferSelect;

/** The person on the other side of a mentorship, and since when. */
export type MentorshipRow = { party: { id: string; name: string; email: string }; since: Date };

/**
 * The mentors module's tables. The lists join `accounts` for the other side's name and email
 * (the accounts module's table, read only), one query instead of one lookup per row.
 */
export class MentorsRepository {
  constructor(private readonly db: Database) {}

  async insertInvitation(invitation: typeof mentorInvitations.$inferInsert): Promise<Invitation> {
    const [row] = await this.db.insert(mentorInvitations).values(invitation).returning();
    if (!row) throw new Error('the invitation was not stored');
    return row;
  }

  async findInvitationById(invitationId: string): Promise<Invitation | undefined> {
    const [row] = await this.db.select().from(mentorInvitations).where(eq(mentorInvitations.id, invitationId));
    return row;
  }

  async findInvitationByTokenHash(tokenHash: string): Promise<Invitation | undefined> {
    const [row] = await this.db.select().from(mentorInvitations).where(eq(mentorInvitations.tokenHash, tokenHash));
    return row;
  }

  /** A founder's invitations nobody accepted that are still good at `now`, newest first. */
  async listOpenInvitations(founderId: string, now: Date): Promise<Invitation[]> {
    return this.db
      .select()
      .from(mentorInvitations)
      .where(openInvitationsOf(founderId, now))
      .orderBy(desc(mentorInvitations.createdAt), desc(mentorInvitations.id));
  }

  async countOpenInvitations(founderId: string, now: Date): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mentorInvitations).where(openInvitationsOf(founderId, now));
    return row?.n ?? 0;
  }

  async deleteInvitation(invitationId: string): Promise<void> {
    await this.db.delete(mentorInvitations).where(eq(mentorInvitations.id, invitationId));
  }

  /**
   * Spends the invitation and starts the mentorship in one transaction. Answers false when
   * another accept spent it first (the stamp is conditional), so a token works exactly once.
   */
  async accept(invitationId: string, mentorId: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(mentorInvitations)
        .set({ acceptedAt: at })
        .where(and(eq(mentorInvitations.id, invitationId), isNull(mentorInvitations.acceptedAt)))
        .returning({ founderId: mentorInvitations.founderId });
      const founderId = spent[0]?.founderId;
      if (founderId === undefined) return false;
      await tx.insert(mentorships).values({ founderId, mentorId, createdAt: at }).onConflictDoNothing();
      return true;
    });
  }

  async findMentorship(founderId: string, mentorId: string): Promise<{ since: Date } | undefined> {
    const [row] = await this.db
      .select({ since: mentorships.createdAt })
      .from(mentorships)
      .where(and(eq(mentorships.founderId, founderId), eq(mentorships.mentorId, mentorId)));
    return row;
  }

  async listFounderIdsOf(mentorId: string): Promise<string[]> {
    const rows = await this.db
      .select({ founderId: mentorships.founderId })
      .from(mentorships)
      .where(eq(mentorships.mentorId, mentorId));
    return rows.map((row) => row.founderId);
  }

  /** Every mentorship in which one of `accountIds` is the founder or the mentor. */
  async listMentorshipsOf(accountIds: string[]): Promise<{ founderId: string; mentorId: string }[]> {
    if (accountIds.length === 0) return [];
    return this.db
      .select({ founderId: mentorships.founderId, mentorId: mentorships.mentorId })
      .from(mentorships)
      .where(or(inArray(mentorships.founderId, accountIds), inArray(mentorships.mentorId, accountIds)));
  }

  async listMentorIdsOf(founderId: string): Promise<string[]> {
    const rows = await this.db
      .select({ mentorId: mentorships.mentorId })
      .from(mentorships)
      .where(eq(mentorships.founderId, founderId));
    return rows.map((row) => row.mentorId);
  }

  /** Ends the mentorship; false when there was none. */
  async endMentorship(founderId: string, mentorId: string): Promise<boolean> {
    const ended = await this.db
      .delete(mentorships)
      .where(and(eq(mentorships.founderId, founderId), eq(mentorships.mentorId, mentorId)))
      .returning({ mentorId: mentorships.mentorId });
    return ended.length > 0;
  }

  /** A founder's mentors, newest mentorship first. */
  async listMentorsOf(founderId: string): Promise<MentorshipRow[]> {
    const rows = await this.db
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, since: mentorships.createdAt })
      .from(mentorships)
      .innerJoin(accounts, eq(accounts.id, mentorships.mentorId))
      .where(eq(mentorships.founderId, founderId))
      .orderBy(desc(mentorships.createdAt), desc(mentorships.mentorId));
    return rows.map(({ since, ...party }) => ({ party, since }));
  }

  /** The founders a mentor helps, newest mentorship first. */
  async listFoundersOf(mentorId: string): Promise<MentorshipRow[]> {
    const rows = await this.db
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, since: mentorships.createdAt })
      .from(mentorships)
      .innerJoin(accounts, eq(accounts.id, mentorships.founderId))
      .where(eq(mentorships.mentorId, mentorId))
      .orderBy(desc(mentorships.createdAt), desc(mentorships.founderId));
    return rows.map(({ since, ...party }) => ({ party, since }));
  }

  async findAccountName(accountId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
    return row?.name;
  }
}

const openInvitationsOf = (founderId: string, now: Date) =>
  and(
    eq(mentorInvitations.founderId, founderId),
    isNull(mentorInvitations.acceptedAt),
    gt(mentorInvitations.expiresAt, now),
  );
