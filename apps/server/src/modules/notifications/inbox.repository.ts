import type { InboxKind } from '@deckvalid/contract/notifications';
import { and, count, desc, eq, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
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
  readAt: Date | null;
  createdAt: Date;
};

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
  readAt: row.readAt,
  createdAt: row.createdAt,
});

/** The inbox: the only writer of inbox_notifications. */
export class InboxRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the notifications; answers those stored, leaving out any whose account already holds
   * one with its source key (an event handled twice), so each is told live once.
   */
  async insertMany(notifications: NewInboxNotification[]): Promise<StoredInboxNotification[]> {
    if (notifications.length === 0) return [];
    const rows = await this.db
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
        })),
      )
      .onConflictDoNothing({ target: [inboxNotifications.accountId, inboxNotifications.sourceKey] })
      .returning(columns);
    return rows.map(toStored);
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
    const mine = eq(inboxNotifications.accountId, accountId);
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
      .where(and(eq(inboxNotifications.accountId, accountId), isNull(inboxNotifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Marks it read (once: the first time stays); false when the account holds no such notification. */
  async markRead(accountId: string, notificationId: string): Promise<boolean> {
    const rows = await this.db
      .update(inboxNotifications)
      .set({ readAt: sql`coalesce(${inboxNotifications.readAt}, now())` })
      .where(and(eq(inboxNotifications.id, notificationId), eq(inboxNotifications.accountId, accountId)))
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
