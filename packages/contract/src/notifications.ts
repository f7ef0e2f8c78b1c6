import { z } from 'zod';
import type { AccountRole } from './auth';

/**
 * Every mail an account can get about something another person did. Each is on until the
 * account turns it off; chat and milestones add their kinds here.
 */
export const notificationKinds = ['interestShown', 'interestDecided'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds each role gets, in the order the settings list them. */
export const notificationKindsByRole = {
  user: ['interestShown'],
  investor: ['interestDecided'],
} as const satisfies Record<AccountRole, readonly NotificationKind[]>;

/**
 * What the settings switch of each kind says. Every notification mail quotes it, so the reader
 * finds the switch that turns the mail off by the words they were given.
 */
export const notificationLabels: Record<NotificationKind, string> = {
  interestShown: 'When an investor shows interest',
  interestDecided: 'When a founder accepts or declines my interest',
};

/** Where the switches live in the web app, as the mails name it. */
export const notificationSettingsPlace = 'Account settings → Email notifications';

const isOn = z.boolean({ error: 'Use true or false.' });

/** A founder's notification settings (GET/PUT /api/v1/users/notifications). */
export const founderNotificationSettingsSchema = z.object({
  /** A mail when an investor shows (or shows again) interest in one of the founder's decks. */
  interestShown: isOn,
});
export type FounderNotificationSettings = z.infer<typeof founderNotificationSettingsSchema>;

/** An investor's notification settings (GET/PUT /api/v1/investors/notifications). */
export const investorNotificationSettingsSchema = z.object({
  /** A mail when a founder accepts or declines the investor's interest. */
  interestDecided: isOn,
});
export type InvestorNotificationSettings = z.infer<typeof investorNotificationSettingsSchema>;

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

export const founderNotificationSettingsResponseSchema = z.object({ notifications: founderNotificationSettingsSchema });
export const investorNotificationSettingsResponseSchema = z.object({
  notifications: investorNotificationSettingsSchema,
});

/**
 * What happened that concerns the account, sent on its sockets as `notification` the moment it
 * happens (our addition to spec §7): the web shows it as a toast and refreshes what it shows.
 */
export const liveNotificationKinds = ['interest.shown', 'interest.decided', 'deck.ready', 'deck.failed'] as const;
export type LiveNotificationKind = (typeof liveNotificationKinds)[number];

export const liveNotificationSchema = z.object({
  kind: z.enum(liveNotificationKinds),
  /** A short headline: "New interest in Tidewater". */
  title: z.string(),
  /** One sentence saying who did what. */
  message: z.string(),
  /** Where in the web app to look (a path such as /founder/view/dek-…). */
  link: z.string(),
  /** The deck it concerns, so the web can refresh what it shows of it. */
  pitchDeckId: z.string(),
  at: z.string(),
});
export type LiveNotification = z.infer<typeof liveNotificationSchema>;

/** The socket event that carries a live notification. */
export const liveNotificationEvent = 'notification';
