import type { Principal } from '@/core/identity/principal';

/**
 * What the report policy reads of a deck version: whose deck it is, whether investors may see the
 * deck (a live version), and whether this version is the live one.
 */
export type AnalysisSubject = {
  founderId: string;
  isDeckVisible: boolean;
  isLiveVersion: boolean;
  /** The caller mentors the deck's founder (asked only of mentors). */
  isMentoredByCaller: boolean;
};

/** The founder reads the report of any version of their own deck, processing or not. */
export const canReadOwnAnalysis = (principal: Principal, subject: Pick<AnalysisSubject, 'founderId'>) =>
  principal.role === 'user' && subject.founderId === principal.accountId;

/**
 * Any investor reads the report of the version investors see, as they may read the deck itself
 * in search; older versions and decks not yet live are the founder's. A mentor of the founder
 * reads the report of any version once the deck is live (the version's own readiness is checked
 * after). Everyone else gets the 404 of a missing deck.
 */
export const canReadAnalysis = (principal: Principal, subject: AnalysisSubject) =>
  canReadOwnAnalysis(principal, subject) ||
  (principal.role === 'investor' && subject.isDeckVisible && subject.isLiveVersion) ||
  (principal.role === 'mentor' && subject.isMentoredByCaller && subject.isDeckVisible);

/**
 * A version in a comparison: whatever the caller may read the report of, and for an investor
 * also a version of a live deck they read (it was live then): "what changed since I read it".
 * Versions they never saw stay the founder's.
 */
export const canCompareVersion = (
  principal: Principal,
  subject: AnalysisSubject & {
    /** The caller has reading sessions of this version (asked only of investors). */ isReadByCaller: boolean;
  },
) =>
  canReadAnalysis(principal, subject) ||
  (principal.role === 'investor' && subject.isDeckVisible && subject.isReadByCaller);
