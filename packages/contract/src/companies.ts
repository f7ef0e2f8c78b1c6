import { z } from 'zod';
import { sectors, stages } from './accounts';
import { milestoneStatuses } from './milestones';
import { idSchema } from './text';

/**
 * The company page (issue 19, spec §1 "a company stock page"): a founder's company as investors
 * may see it. The company is its founder's account (`startupId` is the founder's `usr-…` id);
 * only ready decks show, and other investors are a count, never names.
 */

export const companyLimits = {
  /** The stock series goes back at most this many weeks from the current one. */
  maxWeeks: 52,
} as const;

/** Path parameter of GET /api/v1/investors/companies/{startupId}. */
export const companyParamsSchema = z.object({ startupId: idSchema });
export type CompanyParams = z.infer<typeof companyParamsSchema>;

/** The founder as investors see them: no email, nothing private. */
export const companyFounderSchema = z.object({
  id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  /** Signed, short-lived address of the profile picture; null without one. */
  pictureUrl: z.string().nullable(),
});
export type CompanyFounder = z.infer<typeof companyFounderSchema>;

/** One of the company's ready decks. */
export const companyDeckSchema = z.object({
  id: z.string(),
  title: z.string(),
  stage: z.enum(stages),
  sector: z.enum(sectors),
  /** Whole US dollars sought in the deck's round. */
  amountSought: z.number(),
  /** When the deck first went live (ISO instant). */
  readyAt: z.string(),
  /** Pages of the live version. */
  pageCount: z.number().nullable(),
  /** The validation report's score (0–100) of the live version; null until it is computed. */
  score: z.number().nullable(),
});
export type CompanyDeck = z.infer<typeof companyDeckSchema>;

/** A round the company asked for: one per ready deck, oldest first. */
export const companyRoundSchema = z.object({
  pitchDeckId: z.string(),
  /** The company the round is for, as its deck names it: a founder may pitch more than one. */
  company: z.string(),
  amountSought: z.number(),
  stage: z.enum(stages),
  /** When the deck asking for it went live (ISO instant). */
  date: z.string(),
});
export type CompanyRound = z.infer<typeof companyRoundSchema>;

/** Task progress of a milestone the asking investor follows (their interest is accepted). */
export const companyMilestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  pitchDeckId: z.string(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string(),
  doneTasks: z.number(),
  totalTasks: z.number(),
});
export type CompanyMilestone = z.infer<typeof companyMilestoneSchema>;

/** One week of the stock series: what investors did with the company's ready decks. */
export const companyWeekSchema = z.object({
  /** The Monday the week starts on, `YYYY-MM-DD` (UTC). */
  weekStart: z.string(),
  /** Views opened that week. */
  views: z.number(),
  /** Reading time of the sessions that began that week. */
  readingSeconds: z.number(),
  /** Interests first shown that week. */
  interestsShown: z.number(),
});
export type CompanyWeek = z.infer<typeof companyWeekSchema>;

export const companySchema = z.object({
  /** The founder's account id, which names the company in URLs. */
  id: z.string(),
  /** The company's name: the founder's profile's, else their newest ready deck's. */
  name: z.string(),
  founder: companyFounderSchema,
  location: z.string().nullable(),
  website: z.string().nullable(),
  /** Sectors of the ready decks, each once. */
  sectors: z.array(z.enum(sectors)),
  /** Ready decks, newest first. */
  decks: z.array(companyDeckSchema),
  rounds: z.array(companyRoundSchema),
  /** Investors whose interest in a ready deck is pending or accepted: a count, never who. */
  interestedInvestorCount: z.number(),
  /** Only milestones the asking investor follows; empty for everyone else. */
  milestones: z.array(companyMilestoneSchema),
  /**
   * Every week from the one the first deck went live in (at most `maxWeeks` back) to the current
   * one, oldest first, weeks without anything included.
   */
  weeks: z.array(companyWeekSchema),
});
export type Company = z.infer<typeof companySchema>;

/** GET /api/v1/investors/companies/{startupId} */
export const companyResponseSchema = z.object({ company: companySchema });
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

export const companyPaths = {
  company: (startupId: string) => `/api/v1/investors/companies/${encodeURIComponent(startupId)}`,
  /** The route pattern of `company`, for the server's router. */
  companyPattern: '/api/v1/investors/companies/:startupId',
} as const;
