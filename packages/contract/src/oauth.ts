import { z } from 'zod';
import { accountRoles, authResponseSchema } from './auth';
import { textSchema } from './text';

/**
 * Sign-in through external identity providers (issue 21, spec §7 OAuth). The browser leaves for
 * the provider with the URL `start` answers, comes back to /oauth/callback, and the web app posts
 * what the provider gave it to `callback`, then turns the one-time exchange code into a session.
 */

/** The provider ids the server knows by heart; any other id is an issuer named in the environment. */
export const wellKnownProviders = ['google', 'github', 'linkedin'] as const;

/** A provider id: lower-case letters and digits, as OAUTH_<NAME>_… names it (lower-cased). */
export const providerIdSchema = textSchema({ max: 40, trim: false }).regex(
  /^[a-z0-9]+$/,
  'A provider is named with lower-case letters and digits.',
);

/** The path parameters of the start call. */
export const oauthStartParamsSchema = z.object({
  provider: providerIdSchema,
  /** Which kind of account the sign-in is for: a founder (`user`) or an investor. */
  role: z.enum(accountRoles, { error: 'role must be user, investor or mentor.' }),
});
export type OAuthStartParams = z.infer<typeof oauthStartParamsSchema>;

/** The path parameter of the callback and exchange calls, and of unlinking. */
export const oauthProviderParamsSchema = z.object({ provider: providerIdSchema });
export type OAuthProviderParams = z.infer<typeof oauthProviderParamsSchema>;

/** Answer of the start call. */
export const oauthStartResponseSchema = z.object({
  /** The provider's authorization URL: the browser goes there next. */
  url: z.string(),
});
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/** What a provider's query parameters may hold; long enough for any real code, state or description. */
const providerParameter = (label: string) =>
  textSchema({ required: `The ${label} is missing.`, max: 2048, tooLong: `The ${label} is too long.`, trim: false });

/**
 * POST …/callback: the query the provider sent the browser back with, as the web app read it.
 * Either `code` (it agreed) or `error` (it refused, e.g. `access_denied`); `state` always.
 */
export const oauthCallbackBodySchema = z
  .object({
    /** The authorization code; absent when the provider answered with an error. */
    code: providerParameter('code').min(1, 'The code is missing.').optional(),
    /** The state the start call put in the URL, which names the sign-in on the server. */
    state: providerParameter('state').min(1, 'The sign-in state is missing.'),
    /** The issuer the provider named in its answer (RFC 9207), when it sends one. */
    iss: providerParameter('issuer').optional(),
    /** The provider's error code (`access_denied` when the person said no). */
    error: providerParameter('error').optional(),
    /** The provider's own words about the error, if any; never shown as our sentence. */
    errorDescription: providerParameter('error description').optional(),
  })
  .refine((body) => body.code !== undefined || body.error !== undefined, {
    message: 'The provider sent neither a code nor an error.',
    path: ['code'],
  });
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

/** How long an exchange code lives, and a started sign-in waits for its callback. */
export const oauthLimits = { exchangeCodeSeconds: 60, stateSeconds: 10 * 60 } as const;

/** Answer of the callback: a code the web app exchanges once, within a minute, for a session. */
export const oauthCallbackResponseSchema = z.object({
  exchangeCode: z.string(),
  /** The kind of account the code signs in, so the web app stores the tokens under the right key. */
  role: z.enum(accountRoles),
});
export type OAuthCallbackResponse = z.infer<typeof oauthCallbackResponseSchema>;

/** POST …/exchange */
export const oauthExchangeBodySchema = z.object({
  exchangeCode: textSchema({ required: 'The exchange code is missing.', max: 200, trim: false }).min(
    1,
    'The exchange code is missing.',
  ),
});
export type OAuthExchangeBody = z.infer<typeof oauthExchangeBodySchema>;

/** Answer of the exchange: the same `{ tokens, user }` as a password sign-in. */
export const oauthExchangeResponseSchema = authResponseSchema;

/** One enabled provider, as the sign-in screens show it. */
export const oauthProviderSchema = z.object({
  /** The id in the call paths (`google`, `github`, `linkedin`, or an issuer's name). */
  id: z.string(),
  /** The name on the button ("Google", "Keycloak"). */
  name: z.string(),
});
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** Answer of GET /api/v1/oauth/providers: the enabled ones, none when none is configured. */
export const oauthProvidersResponseSchema = z.object({ providers: z.array(oauthProviderSchema) });
export type OAuthProvidersResponse = z.infer<typeof oauthProvidersResponseSchema>;

/** A provider linked to the signed-in account (account settings). */
export const linkedIdentitySchema = z.object({
  provider: z.string(),
  /** The provider's display name, or the id when that provider is no longer configured. */
  name: z.string(),
  /** The provider's email for the account when it was linked. */
  email: z.string().nullable(),
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

/** Answer of GET …/oauth-identities. */
export const linkedIdentitiesResponseSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  /** Whether the account has a password: without one, the last identity cannot be unlinked. */
  hasPassword: z.boolean(),
});
export type LinkedIdentitiesResponse = z.infer<typeof linkedIdentitiesResponseSchema>;

/**
 * `details.reason` of an OAuth refusal, so the web app can tell them apart; the message is the
 * sentence it shows on the sign-in screen.
 */
export const oauthRefusalReasons = {
  /** Unknown, used, expired or another provider's state; or an exchange code used or late. */
  expired: 'OAUTH_EXPIRED',
  /** The provider said no (`access_denied`) or failed. */
  providerRefused: 'OAUTH_PROVIDER_REFUSED',
  /** The provider could not be reached (refused, timed out, unknown host): a 503 worth retrying. */
  providerUnreachable: 'OAUTH_PROVIDER_UNREACHABLE',
  /** The provider has no verified email for the person. */
  emailUnverified: 'OAUTH_EMAIL_UNVERIFIED',
  /** The identity belongs to an account of the other role. */
  wrongRole: 'OAUTH_WRONG_ROLE',
} as const;
