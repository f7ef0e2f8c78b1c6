import type { Principal } from '@/core/identity/principal';

/** A notification as the policy sees it: whose inbox it is in. */
export type InboxNotificationSubject = { accountId: string };

/**
 * Every signed-in account has an inbox, mentors' included. Reading or marking a notification is
 * for the account it was written for, and nobody else:
 * another account's notification answers as a missing one (404), not 403, so ids reveal nothing.
 */
export function canReadNotification(principal: Principal, notification: InboxNotificationSubject): boolean {
  return principal.accountId === notification.accountId;
}
