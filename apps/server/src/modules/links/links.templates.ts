import { linkLimits } from '@deckvalid/contract/links';
import type { MailMessage } from '@/modules/mail/mail.service';
import { layout, type MailContext } from '@/modules/mail/mail.templates';

/** A subject is one line, whatever a title holds. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * To a visitor proving their address on a share link: the code, and what it opens. Neither the
 * code nor the link's address is in the subject, which the mailer logs.
 */
export function linkCodeMail(
  ctx: MailContext,
  to: string,
  code: string,
  deck: { title: string; company: string },
): MailMessage {
  const lines = [
    `Enter this code to open "${deck.title}" by ${deck.company}, shared with you on ${ctx.productName}. It works once and for ${linkLimits.codeMinutes} minutes.`,
  ];
  const footer = `You get this mail because this address was entered to open a shared deck. If it was not you, ignore it: nothing opens without the code.`;
  return {
    to,
    subject: oneLine(`${ctx.productName}: your code to open ${deck.title}`),
    text: `${lines.join('\n\n')}\n\n    ${code}\n\n--\n${footer}\n`,
    html: layout(ctx, 'your code to open a shared deck', lines, code, undefined, footer),
  };
}
