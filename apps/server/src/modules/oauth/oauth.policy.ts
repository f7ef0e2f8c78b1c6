import type { AccountRole, Role } from '@deckvalid/contract/auth';

/**
 * Who a provider's identity may sign in, and which links may be made and undone. The service
 * calls these; oauth.policy.test.ts states them as a table.
 */

/** An identity signs in only the role it was linked for: a founder's Google never signs an investor in. */
export const canSignInAs = (linkedAccount: { role: Role }, requestedRole: AccountRole) =>
  linkedAccount.role === requestedRole;

/**
 * A first sign-in links to an existing account of the same email only when that account proved
 * the mailbox itself: an unverified registration may be anyone's claim on the address.
 */
export const canLinkTo = (account: { emailVerifiedAt: Date | null }) => account.emailVerifiedAt !== null;

/** Unlinking must leave a way to sign in: a password, or another provider. */
export const canUnlink = (account: { hasPassword: boolean }, identities: { provider: string }[], provider: string) =>
  account.hasPassword || identities.some((identity) => identity.provider !== provider);
