import type { Principal } from '@/core/identity/principal';

/**
 * What the ai policies read of a proposed action: whose it is. Where it stands (pending,
 * decided, expired) is a rule of the action, not of who asks, and answers 409 or 410.
 */
export type ActionSubject = { accountId: string };

/** The copilot is for investors (spec §1, §6: only investors see the AI copilot card). */
export const canAskCopilot = (principal: Principal) => principal.role === 'investor';

/**
 * Only the investor it was proposed to confirms or cancels an action; to anyone else it does not
 * exist (404), as another investor's interests do not.
 */
export const canDecideAction = (principal: Principal, action: ActionSubject) =>
  canAskCopilot(principal) && action.accountId === principal.accountId;

/** Stored replies are read by the investor who asked, as their room is. */
export const canReadReply = (principal: Principal, reply: ActionSubject) =>
  canAskCopilot(principal) && reply.accountId === principal.accountId;
