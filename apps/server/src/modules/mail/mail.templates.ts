import type { AccountRole } from '@deckvalid/contract/auth';
import { codeRules } from '@deckvalid/contract/auth';
import type { MailMessage } from './mail.service';

/** What every mail is built from: the product's name and the address the web app is served at. */
export type MailContext = { productName: string; publicUrl: string };

type Context = MailContext;

const roleLabel: Record<AccountRole, string> = { user: 'founder', investor: 'investor', mentor: 'mentor' };

/** Each role's sign-in page in the web app. */
export const signInPageOf: Record<AccountRole, string> = {
  user: '/login',
  investor: '/login/investor',
  mentor: '/login/mentor',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The HTML of every mail. `footer` replaces the closing line that suits mails the reader caused
 * (notifications tell of what someone else did, and say how to turn them off).
 */
export function layout(
  ctx: Context,
  title: string,
  paragraphs: string[],
  code?: string,
  link?: { href: string; label: string },
  footer = `You get this mail because of an action on your ${ctx.productName} account. If it was not you, ignore it.`,
) {
  const codeHtml = code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>` : '';
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.href)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : '';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#212529;max-width:520px;margin:auto;padding:24px">
<h2>${escapeHtml(ctx.productName)}: ${escapeHtml(title)}</h2>${body}${codeHtml}${linkHtml}
<p style="color:#868e96;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
}

const minutes = codeRules.ttlSeconds / 60;

export function verificationMail(
  ctx: Context,
  to: { email: string; name: string; role: AccountRole },
  code: string,
  linkToken: string,
): MailMessage {
  const params = new URLSearchParams({ type: to.role, email: to.email, username: to.name, token: linkToken });
  const href = `${ctx.publicUrl}/verification?${params.toString()}`;
  const subject = `${ctx.productName} verification code: ${code}`;
  const lines = [
    `Hello ${to.name},`,
    `Your ${ctx.productName} ${roleLabel[to.role]} account is almost ready. Enter this code to verify your email address. It works once and for ${minutes} minutes.`,
  ];
  return {
    to: to.email,
    subject,
    text: `${lines.join('\n\n')}\n\n    ${code}\n\nOr open this link:\n${href}\n`,
    html: layout(ctx, 'verify your email', lines, code, { href, label: 'Verify my email' }),
  };
}

export function alreadyRegisteredMail(
  ctx: Context,
  to: { email: string; name: string; role: AccountRole },
): MailMessage {
  const href = `${ctx.publicUrl}${signInPageOf[to.role]}`;
  const lines = [
    `Hello ${to.name},`,
    `Someone tried to sign up for a ${ctx.productName} ${roleLabel[to.role]} account with this address, which already has one. Sign in instead, or reset your password from the sign-in page if you forgot it.`,
  ];
  return {
    to: to.email,
    subject: `${ctx.productName}: you already have an account`,
    text: `${lines.join('\n\n')}\n\n${href}\n`,
    html: layout(ctx, 'you already have an account', lines, undefined, { href, label: 'Sign in' }),
  };
}

export function passwordResetMail(
  ctx: Context,
  to: { email: string; name: string; role: AccountRole },
  code: string,
): MailMessage {
  const lines = [
    `Hello ${to.name},`,
    `Enter this code on the reset page to choose a new password for your ${ctx.productName} ${roleLabel[to.role]} account. It works once and for ${minutes} minutes.`,
  ];
  return {
    to: to.email,
    subject: `${ctx.productName} password reset code: ${code}`,
    text: `${lines.join('\n\n')}\n\n    ${code}\n`,
    html: layout(ctx, 'reset your password', lines, code),
  };
}

export function passwordChangedMail(ctx: Context, to: { email: string; name: string; role: AccountRole }): MailMessage {
  const lines = [
    `Hello ${to.name},`,
    `The password of your ${ctx.productName} ${roleLabel[to.role]} account was just changed and your other sessions were signed out. If this was not you, reset your password now.`,
  ];
  return {
    to: to.email,
    subject: `${ctx.productName}: your password was changed`,
    text: `${lines.join('\n\n')}\n`,
    html: layout(ctx, 'password changed', lines),
  };
}
