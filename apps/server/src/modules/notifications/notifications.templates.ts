import {
  type NotificationKind,
  notificationLabels,
  notificationSettingsPlace,
} from '@deckvalid/contract/notifications';
import type { MailMessage } from '@/modules/mail/mail.service';
import { layout, type MailContext } from '@/modules/mail/mail.templates';

/**
 * Web pages the mails link to. They mirror `paths` in apps/web/src/config/paths.ts, which the
 * server cannot import; notifications.routes.test.ts checks the links' shape.
 */
const webPaths = {
  founderDeck: (id: string) => `/founder/view/${encodeURIComponent(id)}`,
  investorDeck: (id: string) => `/investor/pitchdecks/${encodeURIComponent(id)}`,
};

/** A subject is one line, whatever a name or title holds. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Every notification says why it came and where to turn it off, in the switch's own words. */
function turnOffLine(ctx: MailContext, kind: NotificationKind): string {
  return `You get this mail because "${notificationLabels[kind]}" is on in your ${ctx.productName} ${notificationSettingsPlace} (the account menu at the top right). Turn it off there to stop these mails.`;
}

function notificationMail(
  ctx: MailContext,
  kind: NotificationKind,
  parts: { to: string; subject: string; title: string; lines: string[]; link: { href: string; label: string } },
): MailMessage {
  const footer = turnOffLine(ctx, kind);
  return {
    to: parts.to,
    subject: oneLine(`${ctx.productName}: ${parts.subject}`),
    text: `${parts.lines.join('\n\n')}\n\n${parts.link.label}: ${parts.link.href}\n\n--\n${footer}\n`,
    html: layout(ctx, parts.title, parts.lines, undefined, parts.link, footer),
  };
}

/** To the founder: an investor showed (or showed again) interest in one of their decks. */
export function interestShownMail(
  ctx: MailContext,
  to: { email: string; name: string },
  facts: {
    investorName: string;
    investorFirm: string | null;
    note: string | null;
    deckId: string;
    deckTitle: string;
    deckCompany: string;
  },
): MailMessage {
  const investor = facts.investorFirm ? `${facts.investorName} (${facts.investorFirm})` : facts.investorName;
  const lines = [
    `Hello ${to.name},`,
    `${investor} is interested in your deck "${facts.deckTitle}" for ${facts.deckCompany}.`,
    facts.note ? `Their note: "${facts.note}"` : 'They left no note.',
    'Accept or decline the interest on the deck page.',
  ];
  return notificationMail(ctx, 'interestShown', {
    to: to.email,
    subject: `${investor} is interested in ${facts.deckTitle}`,
    title: 'an investor is interested',
    lines,
    link: { href: `${ctx.publicUrl}${webPaths.founderDeck(facts.deckId)}`, label: 'Open the deck' },
  });
}

/** To the investor: the founder accepted or declined their interest. */
export function interestDecidedMail(
  ctx: MailContext,
  to: { email: string; name: string },
  facts: {
    decision: 'accepted' | 'declined';
    founderName: string;
    deckId: string;
    deckTitle: string;
    deckCompany: string;
  },
): MailMessage {
  const lines = [
    `Hello ${to.name},`,
    `${facts.founderName} of ${facts.deckCompany} ${facts.decision} your interest in the deck "${facts.deckTitle}".`,
    facts.decision === 'accepted'
      ? 'You now follow the company: its milestones reach you as the founder shares them.'
      : 'The deck stays open to you to read; this interest cannot be shown again.',
  ];
  return notificationMail(ctx, 'interestDecided', {
    to: to.email,
    subject: `${facts.deckCompany} ${facts.decision} your interest in ${facts.deckTitle}`,
    title: `interest ${facts.decision}`,
    lines,
    link: { href: `${ctx.publicUrl}${webPaths.investorDeck(facts.deckId)}`, label: 'Open the deck' },
  });
}

/**
 * An inbox notification that matters away from the screen, as mail (issue 18): its headline as
 * the subject, its sentence, and the link to its object. Chat's is a digest: it says how much is
 * waiting rather than quoting it, since a private message does not belong in a mailbox.
 */
export function inboxMail(
  ctx: MailContext,
  kind: NotificationKind,
  to: { email: string; name: string },
  notification: { title: string; message: string; link: string; pitchDeckId?: string | null },
): MailMessage {
  const isDigest = kind === 'chatDigest';
  const lines = [
    `Hello ${to.name},`,
    isDigest ? `${notification.title} on ${ctx.productName}, unread for 10 minutes.` : notification.title,
    ...(isDigest ? [] : [notification.message]),
  ];
  return notificationMail(ctx, kind, {
    to: to.email,
    subject: isDigest ? 'You have unread chat messages' : notification.title,
    title: isDigest ? 'unread messages' : notification.title,
    lines,
    link: {
      href: `${ctx.publicUrl}${notification.link}`,
      label:
        isDigest || kind === 'chatMentions'
          ? 'Open the chat'
          : kind === 'thesisMatches'
            ? thesisLinkLabel(notification)
            : 'Open it',
    },
  });
}

/** The weekly thesis news links to its one deck, or to browse filtered to the thesis for several. */
const thesisLinkLabel = (notification: { pitchDeckId?: string | null }) =>
  notification.pitchDeckId ? 'Open the deck' : 'See the decks';

/** What a meet invitation mail tells (milestones' MeetInvitation, less the recipient's id). */
export type MeetInvitationFacts = {
  change: 'scheduled' | 'changed' | 'cancelled' | 'uninvited';
  meetTitle: string;
  milestoneTitle: string;
  organizerName: string;
  actorName: string | null;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  videoUrl: string | null;
  agenda: string;
  /** Web path of the milestone's meets. */
  link: string;
  /** The calendar file (METHOD:REQUEST, or CANCEL for a cancellation or an attendee taken off). */
  ics: string;
  method: 'REQUEST' | 'CANCEL';
};

/**
 * To an attendee of a meet (issue 18): the invitation, a change or a cancellation, with the .ics
 * attached so a calendar takes it (same UID, higher SEQUENCE replaces; METHOD:CANCEL removes).
 * The time is written in the organiser's zone, which the mail names.
 */
export function meetInvitationMail(
  ctx: MailContext,
  to: { email: string; name: string },
  facts: MeetInvitationFacts,
): MailMessage {
  const when = `${new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: facts.timeZone,
  }).format(facts.startsAt)} (${facts.timeZone}), ${facts.durationMinutes} minutes`;
  const who = facts.actorName ?? facts.organizerName;
  const headline = {
    scheduled: `${who} invited you to "${facts.meetTitle}"`,
    changed: `${who} changed "${facts.meetTitle}"`,
    cancelled: `${who} cancelled "${facts.meetTitle}"`,
    uninvited: `You are no longer invited to "${facts.meetTitle}"`,
  }[facts.change];
  const isOff = facts.method === 'CANCEL';
  const lines = [
    `Hello ${to.name},`,
    `${headline}, a meet about the milestone "${facts.milestoneTitle}" organised by ${facts.organizerName}.`,
    isOff ? `It was on ${when}.` : `When: ${when}.`,
    ...(!isOff && facts.videoUrl ? [`Video: ${facts.videoUrl}`] : []),
    ...(!isOff && facts.agenda ? [`Agenda: ${facts.agenda}`] : []),
    isOff
      ? 'The attached calendar file removes it from your calendar.'
      : 'The attached calendar file adds it to your calendar, or updates the copy you have.',
  ];
  const subject = {
    scheduled: `Invitation: ${facts.meetTitle}`,
    changed: `Changed: ${facts.meetTitle}`,
    cancelled: `Cancelled: ${facts.meetTitle}`,
    uninvited: `Removed: ${facts.meetTitle}`,
  }[facts.change];
  return {
    ...notificationMail(ctx, 'meetInvitations', {
      to: to.email,
      subject,
      title: subject,
      lines,
      link: { href: `${ctx.publicUrl}${facts.link}`, label: 'Open the meets' },
    }),
    attachments: [
      {
        filename: isOff ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; charset=UTF-8; method=${facts.method}`,
        content: facts.ics,
      },
    ],
  };
}

/**
 * To the founder: a visitor opened one of their share links for the first time. The link's own
 * `notify` setting is this mail's switch (there is none in the account settings), and the mail says so.
 */
export function linkFirstVisitMail(
  ctx: MailContext,
  to: { email: string; name: string },
  facts: {
    title: string;
    message: string;
    /** The web page of the deck or data room the link shows. */
    path: string;
    isDeck: boolean;
    linkName: string;
  },
): MailMessage {
  const place = facts.isDeck ? "the deck's Share tab" : "the data room's Share links";
  const footer = `You get this mail because notifications are on for your share link "${facts.linkName}". Turn them off in that link's settings, on ${place}.`;
  const page = facts.isDeck ? 'the deck page' : 'the data room page';
  const lines = [`Hello ${to.name},`, facts.title, facts.message, `See what they read on ${page}.`];
  const link = { href: `${ctx.publicUrl}${facts.path}`, label: facts.isDeck ? 'Open the deck' : 'Open the data room' };
  return {
    to: to.email,
    subject: oneLine(`${ctx.productName}: ${facts.title}`),
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n\n--\n${footer}\n`,
    html: layout(ctx, 'your share link was opened', lines, undefined, link, footer),
  };
}
