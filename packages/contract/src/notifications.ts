import { z } from 'zod';
import type { AccountRole } from './auth';
import { pageOf, paginationQuerySchema } from './pagination';
import { idSchema } from './text';

/**
 * Every mail an account can get about something another person did, one switch each (issue 18
 * split the one switch per family into one per kind). Each is on until the account turns it off.
 */
export const notificationKinds = [
  'interestShown',
  'interestDecided',
  'deliverableDecisions',
  'approvalDecisions',
  'meetInvitations',
  'taskDueReminders',
  'chatDigest',
  'chatMentions',
  'thesisMatches',
  'deckFeedback',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds each role gets, in the order the settings list them. */
export const notificationKindsByRole = {
  user: [
    'interestShown',
    'deliverableDecisions',
    'approvalDecisions',
    'meetInvitations',
    'taskDueReminders',
    'chatDigest',
    'chatMentions',
    'deckFeedback',
  ],
  investor: ['interestDecided', 'meetInvitations', 'taskDueReminders', 'chatDigest', 'chatMentions', 'thesisMatches'],
  mentor: ['deckFeedback', 'chatDigest', 'chatMentions'],
} as const satisfies Record<AccountRole, readonly NotificationKind[]>;

/**
 * What the settings switch of each kind says. Every notification mail quotes it, so the reader
 * finds the switch that turns the mail off by the words they were given.
 */
export const notificationLabels: Record<NotificationKind, string> = {
  interestShown: 'When an investor shows interest',
  interestDecided: 'When a founder accepts or declines my interest',
  deliverableDecisions: 'When an investor accepts or sends back a deliverable',
  approvalDecisions: 'When an investor approves a task or asks for changes',
  meetInvitations: 'When I am invited to a meet, or it changes or is cancelled',
  taskDueReminders: 'Reminders of my tasks: a day before they are due, and when they become overdue',
  chatDigest: 'Chat messages I have not read (at most one mail an hour)',
  chatMentions: 'When someone mentions me in a chat (even in a muted conversation)',
  thesisMatches: 'New decks that match my thesis (one mail a week)',
  deckFeedback: 'Page comments, replies and mentor reviews on decks, and new versions of decks I commented on',
};

/** Where the switches live in the web app, as the mails name it. */
export const notificationSettingsPlace = 'Account settings → Email notifications';

const isOn = z.boolean({ error: 'Use true or false.' });

/** A founder's notification settings (GET/PUT /api/v1/users/notifications). */
export const founderNotificationSettingsSchema = z.object({
  /** A mail when an investor shows (or shows again) interest in one of the founder's decks. */
  interestShown: isOn,
  /** A mail when an investor accepts one of the founder's deliverables or sends it back. */
  deliverableDecisions: isOn,
  /** A mail when an investor approves a task or asks for changes on it. */
  approvalDecisions: isOn,
  /** A mail with the .ics when the founder is invited to a meet, and when it changes or is cancelled. */
  meetInvitations: isOn,
  /** A mail a day before a task assigned to the founder (or unassigned) is due, and when it becomes overdue. */
  taskDueReminders: isOn,
  /** A mail when chat messages stay unread for 10 minutes, at most one an hour. */
  chatDigest: isOn,
  /** A mail when someone mentions the founder (`@Name`) in a chat message, muted rooms included. */
  chatMentions: isOn,
  /** A mail when a mentor comments on a deck, replies, resolves, or reviews a version. */
  deckFeedback: isOn,
});
export type FounderNotificationSettings = z.infer<typeof founderNotificationSettingsSchema>;

/** An investor's notification settings (GET/PUT /api/v1/investors/notifications). */
export const investorNotificationSettingsSchema = z.object({
  /** A mail when a founder accepts or declines the investor's interest. */
  interestDecided: isOn,
  /** A mail with the .ics when the investor is invited to a meet, and when it changes or is cancelled. */
  meetInvitations: isOn,
  /** A mail a day before a task assigned to the investor is due, and when it becomes overdue. */
  taskDueReminders: isOn,
  /** A mail when chat messages stay unread for 10 minutes, at most one an hour. */
  chatDigest: isOn,
  /** A mail when someone mentions the investor (`@Name`) in a chat message, muted rooms included. */
  chatMentions: isOn,
  /** A mail each Monday naming the decks that went live the week before and match the investor's thesis. */
  thesisMatches: isOn,
});
export type InvestorNotificationSettings = z.infer<typeof investorNotificationSettingsSchema>;

/** A mentor's notification settings (GET/PUT /api/v1/mentors/notifications). */
export const mentorNotificationSettingsSchema = z.object({
  /** A mail when a founder replies to or resolves a comment, or posts a new version of a deck the mentor commented on. */
  deckFeedback: isOn,
  /** A mail when chat messages stay unread for 10 minutes, at most one an hour. */
  chatDigest: isOn,
  /** A mail when someone mentions the mentor (`@Name`) in a chat message, muted rooms included. */
  chatMentions: isOn,
});
export type MentorNotificationSettings = z.infer<typeof mentorNotificationSettingsSchema>;

const atLeastOne = (body: Record<string, unknown>) => Object.keys(body).length > 0;
const atLeastOneMessage = { message: 'Name at least one notification to turn on or off.' };

/**
 * PUT body: any of the role's kinds; those left out keep their setting (like PUT
 * /api/users/profile). A kind of the other role, or any other field, is refused.
 */
export const updateFounderNotificationSettingsBodySchema = founderNotificationSettingsSchema
  .partial()
  .strict()
  .refine(atLeastOne, atLeastOneMessage);
export type UpdateFounderNotificationSettingsBody = z.infer<typeof updateFounderNotificationSettingsBodySchema>;

export const updateInvestorNotificationSettingsBodySchema = investorNotificationSettingsSchema
  .partial()
  .strict()
  .refine(atLeastOne, atLeastOneMessage);
export type UpdateInvestorNotificationSettingsBody = z.infer<typeof updateInvestorNotificationSettingsBodySchema>;

export const updateMentorNotificationSettingsBodySchema = mentorNotificationSettingsSchema
  .partial()
  .strict()
  .refine(atLeastOne, atLeastOneMessage);
export type UpdateMentorNotificationSettingsBody = z.infer<typeof updateMentorNotificationSettingsBodySchema>;

export const founderNotificationSettingsResponseSchema = z.object({ notifications: founderNotificationSettingsSchema });
export const investorNotificationSettingsResponseSchema = z.object({
  notifications: investorNotificationSettingsSchema,
});
export const mentorNotificationSettingsResponseSchema = z.object({ notifications: mentorNotificationSettingsSchema });

/**
 * What can land in an account's inbox (issue 18): each is stored (kept 90 days), listed by
 * GET /api/v1/notifications and sent on the account's sockets as `notification` the moment it
 * happens, so the bell and a toast show it. Named after what happened, not after the event.
 */
export const inboxKinds = [
  'interest.shown',
  'interest.decided',
  'interest.withdrawn',
  'deck.ready',
  'deck.failed',
  'task.moved',
  /** A task is due tomorrow (or today): its assignee is reminded, once per due date. */
  'task.due_soon',
  /** A task's due date passed and it is not done: its assignee is told, once per due date. */
  'task.overdue',
  'deliverable.submitted',
  'deliverable.accepted',
  'deliverable.sent_back',
  'approval.given',
  'approval.changes_requested',
  'meet.scheduled',
  'meet.changed',
  'meet.cancelled',
  'thread.message',
  'chat.unread',
  'chat.mention',
  'thesis.matches',
  /**
   * Someone opened one of the founder's share links for the first time (by email; a visitor who
   * gives none is new each visit): stored and mailed only when the link's `notify` is on, which
   * is the switch for both.
   */
  'link.first_visit',
  /** A comment or a reply on a deck's page, to the founder and the people of its thread. */
  'comment.posted',
  /** A comment resolved, to its author and the people of its thread. */
  'comment.resolved',
  /** A mentor reviewed a version, to the deck's founder. */
  'review.posted',
  /** A new version of a deck the mentor commented on is ready. */
  'deck.new_version',
  /**
   * A deck the investor is interested in has a new live version: what changed, in a sentence
   * (pages, figures, score). In the inbox only.
   */
  'deck.updated',
] as const;
export type InboxKind = (typeof inboxKinds)[number];

/** How long a notification stays in the inbox, read or not. */
export const inboxRetentionDays = 90;

/**
 * The mail switch of the inbox kinds that matter away from the screen; the others are only
 * in the inbox. Meets send their own invitations with the .ics, to their attendees only, under
 * `meetInvitations`.
 */
export const mailKindOfInboxKind: Partial<Record<InboxKind, NotificationKind>> = {
  'deliverable.accepted': 'deliverableDecisions',
  'deliverable.sent_back': 'deliverableDecisions',
  'approval.given': 'approvalDecisions',
  'approval.changes_requested': 'approvalDecisions',
  'task.due_soon': 'taskDueReminders',
  'task.overdue': 'taskDueReminders',
  'chat.unread': 'chatDigest',
  'chat.mention': 'chatMentions',
  'thesis.matches': 'thesisMatches',
  'comment.posted': 'deckFeedback',
  'comment.resolved': 'deckFeedback',
  'review.posted': 'deckFeedback',
  'deck.new_version': 'deckFeedback',
};

/**
 * The weekly news of decks matching an investor's thesis: on Mondays from this hour (UTC), it
 * names the decks that first went live in the seven days before Monday 00:00 UTC and meet every
 * criterion of the investor's info. One a week at most; none in a week without such a deck.
 */
export const thesisMatchesSendHourUtc = 8;

/** A chat message still unread this long after it was sent lands in the inbox. */
export const chatUnreadAfterMinutes = 10;

export const inboxNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(inboxKinds),
  /** A short headline: "Theo Brandt approved Build flight unit". */
  title: z.string(),
  /** One sentence saying more (the comment, the deck, the meet's time). */
  message: z.string(),
  /** Where in the web app it leads (a path such as /founder/milestones/mst-…?task=tsk-…). */
  link: z.string(),
  /** The deck it concerns, if any, so the web can refresh what it shows of it. */
  pitchDeckId: z.string().nullable(),
  /** Who caused it, if a person did: live toasts of one kind from one person fold into one. */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * How many pieces of the same news it stands for: a repeat (one kind, one object, one actor)
   * arriving while the item is unread folds into one item, newest wording, with this count.
   */
  count: z.number().int().min(1),
  /** When the account read it (opened it or marked it); null while unread. */
  readAt: z.string().nullable(),
  /** When it happened. */
  at: z.string(),
});
export type InboxNotification = z.infer<typeof inboxNotificationSchema>;

/** GET /api/v1/notifications: newest first, paginated, with the account's unread count. */
export const inboxPageSchema = pageOf(inboxNotificationSchema).extend({
  /** Unread notifications across every page: the bell's badge. */
  unreadCount: z.number(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/**
 * GET /api/v1/notifications/inbox: a page of the inbox, newest first; `unread=true` only what is
 * unread, `kind` only news of that kind (the inbox page's filters). `unreadCount` in the answer
 * stays the whole inbox's, as the bell shows it.
 */
export const inboxQuerySchema = paginationQuerySchema.extend({
  unread: z
    .enum(['true', 'false'], { error: 'Use true or false for unread.' })
    .transform((value) => value === 'true')
    .optional(),
  kind: z.enum(inboxKinds, { error: 'Pick a kind of news from the list.' }).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxNotificationParamsSchema = z.object({ notificationId: idSchema });

/** The answer of marking one or all read: what the badge shows now. */
export const inboxUnreadResponseSchema = z.object({ unreadCount: z.number() });

/**
 * What happened that concerns the account, sent on its sockets as `notification` the moment it
 * happens (our addition to spec §7): the stored inbox notification itself, so the bell adds it
 * and the web shows a toast and refreshes what it shows.
 */
export const liveNotificationKinds = inboxKinds;
export type LiveNotificationKind = InboxKind;
export const liveNotificationSchema = inboxNotificationSchema;
export type LiveNotification = InboxNotification;

/** The socket event that carries a live notification. */
export const liveNotificationEvent = 'notification';

/**
 * The socket event that says the account's inbox changed without anything new in it: notifications
 * were marked read in another tab, or by reading the chat room they told of. Carries the unread
 * count left, so every tab's bell agrees.
 */
export const inboxChangedEvent = 'notifications:changed';
export type InboxChanged = { unreadCount: number };
