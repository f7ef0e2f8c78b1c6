import { z } from 'zod';
import { pageOf, paginationQuerySchema } from './pagination';
import { idSchema, textSchema } from './text';

/**
 * The interest lifecycle (docs/interest-lifecycle.md): an investor shows interest (pending); the
 * founder accepts or declines it; the investor withdraws it from pending or accepted; showing
 * interest again after a withdrawal reopens it as pending. Anything else is 409 CONFLICT.
 */
export const interestStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type InterestStatus = (typeof interestStatuses)[number];

/** Statuses a founder may set, and only on a pending interest. */
export const founderInterestDecisions = ['accepted', 'declined'] as const;
export type FounderInterestDecision = (typeof founderInterestDecisions)[number];

/** Which status may follow which, and who moves it; the server and the web both read this. */
export const interestTransitions: Record<InterestStatus, Partial<Record<InterestStatus, 'founder' | 'investor'>>> = {
  pending: { accepted: 'founder', declined: 'founder', withdrawn: 'investor' },
  accepted: { withdrawn: 'investor' },
  declined: {},
  withdrawn: { pending: 'investor' },
};

/** Whether `actor` may move an interest from `from` to `to`. */
export const canMoveInterest = (from: InterestStatus, to: InterestStatus, actor: 'founder' | 'investor') =>
  interestTransitions[from][to] === actor;

export const interestNoteSchema = textSchema({ max: 1_000, tooLong: 'Use at most 1,000 characters for the note.' })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** POST /api/v1/investors/pitchdecks/{deckId}/interests */
export const showInterestBodySchema = z.object({ note: interestNoteSchema }).strict();
export type ShowInterestBody = z.infer<typeof showInterestBodySchema>;

/** PATCH /api/v1/investors/pitchdecks/{deckId}/interests: the investor can only withdraw. */
export const withdrawInterestBodySchema = z
  .object({ status: z.literal('withdrawn', { error: 'Investors can only withdraw an interest.' }) })
  .strict();
export type WithdrawInterestBody = z.infer<typeof withdrawInterestBodySchema>;

/** PATCH /api/v1/users/pitchdecks/{id}/interests/{interestId} */
export const decideInterestBodySchema = z
  .object({ status: z.enum(founderInterestDecisions, { error: 'Accept or decline the interest.' }) })
  .strict();
export type DecideInterestBody = z.infer<typeof decideInterestBodySchema>;

export const interestParamsSchema = z.object({ id: idSchema, interestId: idSchema });

/** An interest as the deck's founder sees it: with the investor and the deck named. */
export const founderInterestSchema = z.object({
  id: z.string(),
  status: z.enum(interestStatuses),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  investor: z.object({ id: z.string(), name: z.string(), email: z.string(), firm: z.string().nullable() }),
  pitchDeck: z.object({ id: z.string(), title: z.string(), company: z.string() }),
});
export type FounderInterest = z.infer<typeof founderInterestSchema>;
/** GET /api/v1/users/me/interests and /api/v1/users/pitchdecks/{id}/interests. */
export const founderInterestPageSchema = pageOf(founderInterestSchema);
/** PATCH /api/v1/users/pitchdecks/{id}/interests/{interestId}. */
export const founderInterestResponseSchema = z.object({
  /** The interest after the founder's decision. */
  interest: founderInterestSchema,
});
export type FounderInterestResponse = z.infer<typeof founderInterestResponseSchema>;

/** GET /api/v1/users/me/interests?status=&page=&limit= */
export const founderInterestsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(interestStatuses, { error: 'Filter by pending, accepted, declined or withdrawn.' }).optional(),
});
export type FounderInterestsQuery = z.infer<typeof founderInterestsQuerySchema>;

/** The investor's own interest, as POST and PATCH …/interests answer it. */
export const investorInterestSchema = z.object({
  id: z.string(),
  pitchDeckId: z.string(),
  status: z.enum(interestStatuses),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvestorInterest = z.infer<typeof investorInterestSchema>;
export const investorInterestResponseSchema = z.object({
  /** The investor's own interest after the call. */
  interest: investorInterestSchema,
});
export type InvestorInterestResponse = z.infer<typeof investorInterestResponseSchema>;

/** GET /api/v1/investors/me/interests?status=&page=&limit= */
export const investorInterestsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(interestStatuses, { error: 'Filter by pending, accepted, declined or withdrawn.' }).optional(),
});
export type InvestorInterestsQuery = z.infer<typeof investorInterestsQuerySchema>;

/** The investor's own interest with the deck it is in, as their list shows it. */
export const investorInterestWithDeckSchema = investorInterestSchema.extend({
  pitchDeck: z.object({ id: z.string(), title: z.string(), company: z.string() }),
});
export type InvestorInterestWithDeck = z.infer<typeof investorInterestWithDeckSchema>;

/** How many of the investor's interests are in each status, whatever the list's filter. */
export const interestStatusCountsSchema = z.object({
  pending: z.number(),
  accepted: z.number(),
  declined: z.number(),
  withdrawn: z.number(),
});
export type InterestStatusCounts = z.infer<typeof interestStatusCountsSchema>;

/** GET /api/v1/investors/me/interests: newest activity first, with the counts per status. */
export const investorInterestPageSchema = pageOf(investorInterestWithDeckSchema).extend({
  counts: interestStatusCountsSchema,
});
export type InvestorInterestPage = z.infer<typeof investorInterestPageSchema>;

/** GET /api/v1/users/pitchdecks/{id}/milestone-investors: the accepted investors of a deck. */
export const milestoneInvestorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  firm: z.string().nullable(),
  acceptedAt: z.string(),
});
export type MilestoneInvestor = z.infer<typeof milestoneInvestorSchema>;
export const milestoneInvestorsResponseSchema = z.object({
  /** Every accepted investor of the deck; a deck has few, so the list is not paginated. */
  data: z.array(milestoneInvestorSchema),
});
export type MilestoneInvestorsResponse = z.infer<typeof milestoneInvestorsResponseSchema>;
