import type { Principal } from '@/core/identity/principal';

/** Only founders invite mentors, list theirs and end a mentorship from their side. */
export const canManageMentors = (principal: Principal) => principal.role === 'user';

/** Only mentor accounts accept invitations and see the founders they help. */
export const canActAsMentor = (principal: Principal) => principal.role === 'mentor';

/** An invitation is the founder's who sent it; anyone else is answered as if it did not exist. */
export const ownsInvitation = (principal: Principal, invitation: { founderId: string }) =>
  canManageMentors(principal) && invitation.founderId === principal.accountId;

/** Why an invitation token no longer starts a mentorship, or null while it still does. */
export function invitationRefusal(invitation: { acceptedAt: Date | null; expiresAt: Date }, now: Date) {
  if (invitation.acceptedAt !== null) return 'spent' as const;
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
  return null;
}
