import { isEmailAllowed, type LinkState } from '@deckvalid/contract/links';
import type { Principal } from '@/core/identity/principal';

/** What the link policies read of a link. */
export type LinkSubject = {
  requireEmail: boolean;
  verifyEmail: boolean;
  allowList: readonly string[];
  denyList: readonly string[];
  /** Whether a passcode is set, and the generation of the one set. */
  hasPasscode: boolean;
  passcodeGeneration: number;
  /** Whether an agreement is set, and the generation of its text. */
  hasAgreement: boolean;
  agreementGeneration: number;
  allowDownload: boolean;
  expiresAt: Date | null;
  endedAt: Date | null;
};

/** What a viewer token was granted with. */
export type GrantSubject = {
  email: string | null;
  isEmailVerified: boolean;
  passcodeGeneration: number | null;
  agreementGeneration: number | null;
  expiresAt: Date;
};

/**
 * Only a deck's own founder makes and manages its links and reads their visitors (anyone else is
 * answered as if the deck did not exist, as every founder deck call does).
 */
export const canManageLinks = (principal: Principal, deck: { founderId: string }) =>
  principal.role === 'user' && deck.founderId === principal.accountId;

/** Whether a link works at `now`: ended by its founder first, else expired, else active. */
export function linkStateAt(link: Pick<LinkSubject, 'endedAt' | 'expiresAt'>, now: Date): LinkState {
  if (link.endedAt) return 'ended';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  return 'active';
}

/** Whether an address may pass the link's lists (the gate asks this before anything else of it). */
export const canEmailOpen = (link: Pick<LinkSubject, 'allowList' | 'denyList'>, email: string) =>
  isEmailAllowed(email, link.allowList, link.denyList);

/**
 * Whether a viewer token still stands under the link's settings of `now`: each use is judged
 * against them, so a change that the visitor would not pass (a tighter list, verification turned
 * on, a new passcode or agreement text) ends the token at once, and one that they would pass
 * leaves it be.
 */
export function canGrantStillRead(link: LinkSubject, grant: GrantSubject, now: Date): boolean {
  if (linkStateAt(link, now) !== 'active' || grant.expiresAt <= now) return false;
  if (link.requireEmail && grant.email === null) return false;
  if (grant.email !== null && !canEmailOpen(link, grant.email)) return false;
  if (link.verifyEmail && !grant.isEmailVerified) return false;
  if (link.hasPasscode && grant.passcodeGeneration !== link.passcodeGeneration) return false;
  if (link.hasAgreement && grant.agreementGeneration !== link.agreementGeneration) return false;
  return true;
}

/** The file as an attachment only where the founder allowed downloads. */
export const canDownload = (link: Pick<LinkSubject, 'allowDownload'>) => link.allowDownload;
