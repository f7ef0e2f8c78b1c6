import { mentorInvitationPagePath, mentorLimits } from '@deckvalid/contract/mentors';
import type { MailMessage } from '@/modules/mail/mail.service';
import { layout, type MailContext } from '@/modules/mail/mail.templates';

/** A subject is one line, whatever a name holds. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * To someone a founder invites as a mentor: who asks, their note, and the link that starts the
 * mentorship once they sign in (or register) as a mentor. The token is in the link only; the
 * subject, which the mailer logs, names the founder.
 */
export function mentorInvitationMail(
  ctx: MailContext,
  invitation: { email: string; founderName: string; note: string | null; token: string },
): MailMessage {
  const href = `${ctx.publicUrl}${mentorInvitationPagePath}?${new URLSearchParams({ token: invitation.token })}`;
  const lines = [
    `${invitation.founderName} invites you to mentor them on ${ctx.productName}: read their pitch decks and validation reports, comment on pages and review each version before investors see it.`,
    ...(invitation.note ? [`Their note: “${invitation.note}”`] : []),
    `Open the link to sign in or create a mentor account; the invitation works once and for ${mentorLimits.invitationDays} days.`,
  ];
  const footer = `You get this mail because ${invitation.founderName} entered this address on ${ctx.productName}. If you do not know them, ignore it: nothing starts until you accept.`;
  return {
    to: invitation.email,
    subject: oneLine(`${ctx.productName}: ${invitation.founderName} invites you to mentor them`),
    text: `${lines.join('\n\n')}\n\n${href}\n\n--\n${footer}\n`,
    html: layout(ctx, 'an invitation to mentor', lines, undefined, { href, label: 'Accept the invitation' }, footer),
  };
}
