import type { Principal } from '@/core/identity/principal';

/**
 * Investors look companies up (spec §1: "view a company stock page"); founders, their own
 * included, have their decks, trends and investors pages instead. The route's role guard applies
 * the same rule; this is the rule as the table test states it.
 */
export const canViewCompany = (principal: Principal) => principal.role === 'investor';

/**
 * A founder's company is visible to investors while at least one of their decks is ready: what
 * search shows. Before that (or once the account is gone) it reads as missing, never as hidden.
 */
export const isCompanyVisible = (company: { readyDeckCount: number }) => company.readyDeckCount > 0;
