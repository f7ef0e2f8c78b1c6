import type { InboxKind } from '@deckvalid/contract/notifications';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { newId } from '@/lib/ids';
import { inboxNotifications } from './notifications.schema';

/** A notification to store for one account. */
export type NewInboxNotification = {
  accountId: string;
  kind: InboxKind;
  title: string;
  message: string;
  link: string;
  pitchDeckId: string | null;
  actor: { id: string; name: string } | null;
  /** What it tells of; a second one with the same key for the same account is not stored. */
  sourceKey: string;
};

/** A stored notification as the service hands it on. */
export type StoredInboxNotification = Omit<NewInboxNotification, 'sourceKey'> & {
  id: string;
  /** How many pieces of the same news it stands for (1 unless repeats folded into it). */
  repeatCount: number;
  readAt: Date | null;
  createdAt: Date;
};

/**
 * What makes two notifications the same news: one kind, about one object (where it leads), caused
 * by one person. A second deck-ready of one deck, another unread run in one chat room, or one
 * person moving one task again fold together; news of another object or person stays apart.
 */
export const inboxGroupKey = (notification: Pick<NewInboxNotification, 'kind' | 'link' | 'actor'>): string =>
  `${notification.kind}|${notification.link}|${notification.actor?.id ?? ''}`;

/** Only what has not been folded into a newer item is listed and counted. */
const listed = isNull(inboxNotifications.foldedInto);

const columns = {
  id: inboxNotifications.id,
  accountId: inboxNotifications.accountId,
  kind: inboxNotifications.kind,
  title: inboxNotifications.title,
  message: inboxNotifications.message,
  link: inboxNotifications.link,
  pitchDeckId: inboxNotifications.pitchDeckId,
  actorId: inboxNotifications.actorId,
  actorName: inboxNotifications.actorName,
  repeatCount: inboxNotifications.repeatCount,
  readAt: inboxNotifications.readAt,
  createdAt: inboxNotifications.createdAt,
};

type Row = {
  id: string;
  accountId: string;
  kind: string;
  title: string;
  message: string;
  link: string;
  pitchDeckId: string | null;
  actorId: string | null;
  actorName: string | null;
  repeatCount: number;
  readAt: Date | null;
  createdAt: Date;
};

const toStored = (row: Row): StoredInboxNotification => ({
  id: row.id,
  accountId: row.accountId,
  kind: row.kind as InboxKind,
  title: row.title,
  message: row.message,
  link: row.link,
  pitchDeckId: row.pitchDeckId,
  actor: row.actorId && row.actorName ? { id: row.actorId, name: row.actorName } : null,
  repeatCount: row.repeatCount,
  readAt: row.readAt,
  createdAt: row.createdAt,
});

/** The inbox: the only writer of inbox_notifications. */
export class InboxRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the notifications; answers those stored, leaving out any whose account already holds
   * one with its source key (an event handled twice), so each is told live once. A stored one
   * folds the account's unread items of the same news (`inboxGroupKey`) and carries their count:
   * the repeats keep their rows, so a retried event is still known, but leave the list.
   */
  async insertMany(notifications: NewInboxNotification[]): Promise<StoredInboxNotification[]> {
    if (notifications.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(inboxNotifications)
        .values(
          notifications.map((notification) => ({
            id: newId('ntf-'),
            accountId: notification.accountId,
            kind: notification.kind,
            title: notification.title,
            message: notification.message,
            link: notification.link,
            pitchDeckId: notification.pitchDeckId,
            actorId: notification.actor?.id ?? null,
            actorName: notification.actor?.name ?? null,
            sourceKey: notification.sourceKey,
            groupKey: inboxGroupKey(notification),
          })),
        )
        .onConflictDoNothing({ target: [inboxNotifications.accountId, inboxNotifications.sourceKey] })
        .returning({ ...columns, seq: inboxNotifications.seq, groupKey: inboxNotifications.groupKey });
      if (inserted.length === 0) return [];
      const ids = inserted.map((row) => row.id);
      // Each new row takes in the older unread, unfolded items of its group (for its account);
      // the older ones must be older (seq) so two repeats stored at once never fold each other.
      const folded = await tx.execute(sql`
        with folded as (
          update ${inboxNotifications} as old
          set folded_into = fresh.id
          from ${inboxNotifications} as fresh
          where fresh.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
            and old.account_id = fresh.account_id
            and old.group_key = fresh.group_key
            and old.seq < fresh.seq
            and old.read_at is null
            and old.folded_into is null
          returning old.folded_into as target, old.repeat_count
        )
        select target, sum(repeat_count)::text as repeats from folded group by target`);
      const repeatsOf = new Map(
        rowsOf<{ target: string; repeats: string }>(folded).map((row) => [row.target, Number(row.repeats)]),
      );
      if (repeatsOf.size > 0) {
        await tx
          .update(inboxNotifications)
          .set({
            repeatCount: sql`1 + case ${inboxNotifications.id} ${sql.join(
              [...repeatsOf].map(([id, repeats]) => sql`when ${id} then ${repeats}::int`),
              sql` `,
            )} else 0 end`,
          })
          .where(inArray(inboxNotifications.id, [...repeatsOf.keys()]));
      }
      return inserted.map((row) => toStored({ ...row, repeatCount: 1 + (repeatsOf.get(row.id) ?? 0) }));
    });
  }

  /** One page of the account's notifications, newest first, with the total and the unread count. */
  /**
   * A page of the account's inbox, newest first, only unread ones or one kind when asked; `total`
   * counts what the filter holds, `unreadCount` the whole inbox.
   */
  async findPageByAccountId(
    accountId: string,
    { page, limit, unread, kind }: { page: number; limit: number; unread?: boolean; kind?: InboxKind },
  ): Promise<{ rows: StoredInboxNotification[]; total: number; unreadCount: number }> {
    const mine = and(eq(inboxNotifications.accountId, accountId), listed);
    const filtered = and(
      mine,
      unread === true ? isNull(inboxNotifications.readAt) : undefined,
      unread === false ? isNotNull(inboxNotifications.readAt) : undefined,
      kind ? eq(inboxNotifications.kind, kind) : undefined,
    );
    const [rows, [counts]] = await Promise.all([
      this.db
        .select(columns)
        .from(inboxNotifications)
        .where(filtered)
        .orderBy(desc(inboxNotifications.seq))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db
        .select({
          total: sql<number>`count(*) filter (where ${filtered})`.mapWith(Number),
          unread: sql<number>`count(*) filter (where ${inboxNotifications.readAt} is null)`.mapWith(Number),
        })
        .from(inboxNotifications)
        .where(mine),
    ]);
    return { rows: rows.map(toStored), total: counts?.total ?? 0, unreadCount: counts?.unread ?? 0 };
  }

  /** The account that owns the notification, or undefined when there is none such. */
  async findOwnerById(notificationId: string): Promise<{ accountId: string } | undefined> {
    const [row] = await this.db
      .select({ accountId: inboxNotifications.accountId })
      .from(inboxNotifications)
      .where(eq(inboxNotifications.id, notificationId))
      .limit(1);
    return row;
  }

  async countUnreadByAccountId(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(inboxNotifications)
      .where(and(eq(inboxNotifications.accountId, accountId), listed, isNull(inboxNotifications.readAt)));
    return row?.unread ?? 0;
  }

  /**
   * Marks it read, with the repeats folded into it (once: the first time stays); false when the
   * account holds no such notification.
   */
  async markRead(accountId: string, notificationId: string): Promise<boolean> {
    const rows = await this.db
      .update(inboxNotifications)
      .set({ readAt: sql`coalesce(${inboxNotifications.readAt}, now())` })
      .where(
        and(
          eq(inboxNotifications.accountId, accountId),
          or(eq(inboxNotifications.id, notificationId), eq(inboxNotifications.foldedInto, notificationId)),
        ),
      )
      .returning({ id: inboxNotifications.id });
    return rows.length > 0;
  }

  /** Marks read the account's unread notifications whose source key starts so; answers how many. */
  async markReadBySourcePrefix(accountId: string, sourcePrefix: string): Promise<number> {
    const rows = await this.db
      .update(inboxNotifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(inboxNotifications.accountId, accountId),
          isNull(inboxNotifications.readAt),
          like(inboxNotifications.sourceKey, `${sourcePrefix.replace(/[\\%_]/g, '\\$&')}%`),
        ),
      )
      .returning({ id: inboxNotifications.id });
    return rows.length;
  }

  async markAllRead(accountId: string): Promise<void> {
    await this.db
      .update(inboxNotifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(inboxNotifications.accountId, accountId), isNull(inboxNotifications.readAt)));
  }

  /** Deletes notifications older than `days`, read or not; answers how many went. */
  async deleteOlderThan(days: number): Promise<number> {
    const rows = await this.db
      .delete(inboxNotifications)
      .where(lt(inboxNotifications.createdAt, sql`now() - make_interval(days => ${days})`))
      .returning({ id: inboxNotifications.id });
    return rows.length;
  }

  /** Whether the account already holds a notification with this source key. */
  async hasSource(accountId: string, sourceKey: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: inboxNotifications.id })
      .from(inboxNotifications)
      .where(and(eq(inboxNotifications.accountId, accountId), eq(inboxNotifications.sourceKey, sourceKey)))
      .limit(1);
    return row !== undefined;
  }
}
