import type { NotificationKind } from '@deckvalid/contract/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { notificationPreferences } from './notifications.schema';

/** A choice an account made for one kind; kinds without one are on. */
export type NotificationPreference = { kind: NotificationKind; isEnabled: boolean };

/** Each account's notification choices: the only writer of notification_preferences. */
export class NotificationPreferencesRepository {
  constructor(private readonly db: Database) {}

  async findByAccountId(accountId: string): Promise<NotificationPreference[]> {
    const rows = await this.db
      .select({ kind: notificationPreferences.kind, isEnabled: notificationPreferences.isEnabled })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.accountId, accountId));
    return rows.map((row) => ({ kind: row.kind as NotificationKind, isEnabled: row.isEnabled }));
  }

  /** Whether the account gets mails of this kind: on unless it turned them off. */
  async isEnabled(accountId: string, kind: NotificationKind): Promise<boolean> {
    const [row] = await this.db
      .select({ isEnabled: notificationPreferences.isEnabled })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.accountId, accountId), eq(notificationPreferences.kind, kind)))
      .limit(1);
    return row?.isEnabled ?? true;
  }

  /** Stores the choices in one statement, so two saves never leave half of each. */
  async upsertMany(accountId: string, preferences: NotificationPreference[]): Promise<void> {
    if (preferences.length === 0) return;
    await this.db
      .insert(notificationPreferences)
      .values(preferences.map((preference) => ({ accountId, ...preference })))
      .onConflictDoUpdate({
        target: [notificationPreferences.accountId, notificationPreferences.kind],
        set: { isEnabled: sql`excluded.is_enabled`, updatedAt: sql`now()` },
      });
  }
}
