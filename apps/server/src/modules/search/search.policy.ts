import type { Principal } from '@/core/identity/principal';

/**
 * Founders and investors search (the command palette of both areas). What each kind holds for
 * them is not decided here: every kind comes from its own module's read for this caller, which
 * applies that module's visibility rule (a founder's own decks and milestones, an investor's
 * ready decks and accepted milestones, the rooms one is or was in, the people an interest ties
 * one to). This policy only says who may ask at all.
 */
export const canSearch = (principal: Principal) => principal.role === 'user' || principal.role === 'investor';
