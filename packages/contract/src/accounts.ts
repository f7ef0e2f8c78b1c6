import { z } from 'zod';
import { currentPasswordSchema, personNameSchema } from './auth';
import { formatCount, hasControlCharacter, textSchema } from './text';

/** Sectors a deck or an investor's thesis can name. */
export const sectors = [
  'AI & Data',
  'Climate',
  'Consumer',
  'Developer Tools',
  'Education',
  'Fintech',
  'Health',
  'Hardware',
  'Marketplaces',
  'Mobility',
  'SaaS',
  'Security',
  'Other',
] as const;
export type Sector = (typeof sectors)[number];

/** Funding stages, earliest first. */
export const stages = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Growth'] as const;
export type Stage = (typeof stages)[number];

const optionalText = (max: number, label: string) =>
  textSchema({ max, tooLong: `Use at most ${max} characters for ${label}.` })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A scheme at the start of an address (`https:`, `mailto:`, `localhost:` reads as one too). */
const schemePrefix = /^[a-z][a-z0-9+.-]*:/i;

/**
 * An optional http(s) address; empty means none. One typed without a scheme, as people type
 * them ("orbitgarden.space"), is taken as https://. No white space or control character passes.
 */
export const optionalUrlSchema = textSchema({ max: 300, tooLong: 'That address is too long.' })
  .nullable()
  .optional()
  .transform((value) => (value ? (schemePrefix.test(value) ? value : `https://${value}`) : null))
  .refine((value) => value === null || (/^https?:\/\/[^\s]+\.[^\s]+$/i.test(value) && !hasControlCharacter(value)), {
    message: 'Enter a full web address starting with https://',
  });

/** The founder profile (GET/PUT /api/users/profile). */
export const founderProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type FounderProfile = z.infer<typeof founderProfileSchema>;

export const updateFounderProfileBodySchema = z
  .object({
    name: personNameSchema.optional(),
    headline: optionalText(120, 'the headline'),
    bio: optionalText(2000, 'the bio'),
    company: optionalText(120, 'the company'),
    location: optionalText(120, 'the location'),
    website: optionalUrlSchema,
  })
  .strict();
export type UpdateFounderProfileBody = z.infer<typeof updateFounderProfileBodySchema>;

/** DELETE /api/users/profile asks for the password again: the account and its data go. */
export const deleteProfileBodySchema = z.object({ password: currentPasswordSchema });
export type DeleteProfileBody = z.infer<typeof deleteProfileBodySchema>;

/** Answer of GET/PUT /api/users/profile and PUT /api/users/profile/picture. */
export const founderProfileResponseSchema = z.object({
  /** The profile after the call, with a freshly signed `pictureUrl`. */
  profile: founderProfileSchema,
});
export type FounderProfileResponse = z.infer<typeof founderProfileResponseSchema>;

/** The largest amount, in whole US dollars, a round may seek or a cheque may be. */
export const maxAmountUsd = 10_000_000_000;

/** The refusal of a larger amount names the limit: "Enter at most $10,000,000,000." */
export const amountTooLargeMessage = `Enter at most $${formatCount(maxAmountUsd)}.`;

/** Amounts are whole US dollars. */
const dollars = z
  .number({ error: 'Enter an amount in US dollars.' })
  .int('Enter a whole amount in US dollars.')
  .min(0, 'Amounts cannot be negative.')
  .max(maxAmountUsd, amountTooLargeMessage);

/** Most places an investor's thesis may name. */
export const maxThesisPlaces = 10;

/** A place a thesis names ("Germany", "Berlin", "Nordics"): matched as whole words of a deck's location. */
const thesisPlaceSchema = textSchema({ max: 80, tooLong: 'Use at most 80 characters for a place.' })
  .min(1, 'Enter a place, such as "Germany" or "Berlin".')
  .refine((place) => /[\p{L}\p{N}]/u.test(place), {
    message: 'A place needs letters, such as "Germany" or "Berlin".',
  });

/**
 * Where an investor invests: places matched against each deck's location, case and punctuation
 * aside. Each place once, whatever its case, so a thesis reads the same as it was typed.
 */
export const thesisPlacesSchema = z
  .array(thesisPlaceSchema, { error: 'List places as text, such as "Germany" or "Berlin".' })
  .max(maxThesisPlaces, `Name at most ${maxThesisPlaces} places.`)
  .refine((places) => new Set(places.map((place) => place.toLowerCase())).size === places.length, {
    message: 'Name each place once.',
  });

/** Investor info body (POST creates, PUT replaces). */
export const investorInfoBodySchema = z
  .object({
    firm: textSchema({ max: 120, tooLong: 'Use at most 120 characters for the firm.' }).min(
      1,
      'Enter your firm, or "Angel".',
    ),
    title: optionalText(120, 'the title'),
    thesis: optionalText(2000, 'the thesis'),
    sectors: z
      .array(z.enum(sectors, { error: 'Pick sectors from the list.' }))
      .max(sectors.length)
      .default([]),
    stages: z
      .array(z.enum(stages, { error: 'Pick stages from the list.' }))
      .max(stages.length)
      .default([]),
    chequeSizeMin: dollars.nullable().default(null),
    chequeSizeMax: dollars.nullable().default(null),
    location: optionalText(120, 'the location'),
    website: optionalUrlSchema,
    /**
     * Places the investor invests in; decks located there fit the thesis. Empty: anywhere. Left
     * out, the stored places stay (none at first), so a client that predates them clears nothing.
     */
    places: thesisPlacesSchema.optional(),
  })
  .refine(
    (info) => info.chequeSizeMin === null || info.chequeSizeMax === null || info.chequeSizeMin <= info.chequeSizeMax,
    { message: 'The smallest cheque cannot be larger than the largest.', path: ['chequeSizeMax'] },
  );
export type InvestorInfoBody = z.infer<typeof investorInfoBodySchema>;

export const investorInfoSchema = z.object({
  investorId: z.string(),
  firm: z.string(),
  title: z.string().nullable(),
  thesis: z.string().nullable(),
  sectors: z.array(z.enum(sectors)),
  stages: z.array(z.enum(stages)),
  chequeSizeMin: z.number().nullable(),
  chequeSizeMax: z.number().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  /** Places the investor invests in, as typed; empty means anywhere. */
  places: z.array(z.string()),
  updatedAt: z.string(),
});
export type InvestorInfo = z.infer<typeof investorInfoSchema>;

/** GET info answers null until the investor has saved it once. */
export const investorInfoResponseSchema = z.object({
  /** The saved info, or null before the first POST. */
  info: investorInfoSchema.nullable(),
});
export type InvestorInfoResponse = z.infer<typeof investorInfoResponseSchema>;

/** POST (201) and PUT info: what was just saved, so never null. */
export const savedInvestorInfoResponseSchema = z.object({
  /** The info as stored. */
  info: investorInfoSchema,
});
export type SavedInvestorInfoResponse = z.infer<typeof savedInvestorInfoResponseSchema>;

/** What of an investor's info decides which decks fit their thesis. */
export type ThesisCriteria = {
  sectors: readonly string[];
  stages: readonly string[];
  chequeSizeMin: number | null;
  chequeSizeMax: number | null;
  places: readonly string[];
};

/**
 * Whether the info names anything decks can be matched on (a sector, a stage, a ticket bound or a
 * place). Firm and thesis text alone do not: browse then stays as it is, with a prompt to add them.
 * A smallest ticket of $0 bounds nothing, so alone it is no criterion.
 */
export function hasThesisCriteria<Info extends ThesisCriteria>(info: Info | null | undefined): info is Info {
  if (!info) return false;
  return (
    info.sectors.length > 0 ||
    info.stages.length > 0 ||
    (info.chequeSizeMin !== null && info.chequeSizeMin > 0) ||
    info.chequeSizeMax !== null ||
    info.places.length > 0
  );
}
