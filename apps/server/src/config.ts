import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Every environment variable the server reads (README lists them), parsed once. */
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Pitchlane <no-reply@pitchlane.local>'),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT must be a URL such as http://127.0.0.1:9000').optional().or(z.literal('')),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** An OpenAI-compatible server for the copilot (`…/v1`); unset: the built-in engine, offline. */
  AI_BASE_URL: z
    .string()
    .url('AI_BASE_URL must be a URL such as http://127.0.0.1:11434/v1')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sent as a bearer token; local servers (Ollama, llama.cpp) need none. */
  AI_API_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The model the server answers with; required with AI_BASE_URL. */
  AI_MODEL: z.string().trim().optional(),
  /** How long one copilot answer may take, every tool round included, before it is given up. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SEED_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute and IP to the unauthenticated auth calls (register, login, codes). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Trust X-Forwarded-For: `true`, or a comma-separated list of proxy addresses/CIDRs. Set it behind a load balancer. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined || value === '' || value === 'false' ? false : value === 'true' ? true : value,
    ),
  /** Serves GET /metrics on the API's port to callers presenting `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Serves GET /metrics on a port of its own, without a token (bind it where only Prometheus reaches). */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often the mail outbox looks for due mail (retries, mail a stopped process left). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** The wait after a failed send; it doubles per failure up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  /** Attempts before a queued mail is given up (the defaults span about three hours). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),
  /** Folder of the built web app; the server answers API calls only when it is missing. */
  WEB_DIST: z.string().optional(),
  /**
   * Browser tests only: the server's clock can be moved through POST /api/test/clock, so a
   * due-date reminder can be seen without waiting a day. Refused with NODE_ENV=production.
   */
  TEST_CLOCK: flag,
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: string;
  /** The movable clock and its test-only route (TEST_CLOCK=1, never in production). */
  testClock?: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  authSecret: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  webDist: string;
  trustProxy: boolean | string;
  productName: string;
  storageDriver: 'local' | 's3';
  /** Set exactly when `storageDriver` is 's3'. */
  s3: S3Config | undefined;
  mailOutbox: MailOutboxConfig;
  /** Sign-in through external identity providers: the enabled ones, none when none is configured. */
  oauth: OAuthConfig;
  /**
   * Where Prometheus reads `/metrics`: on the API's port behind a token, on a port of its own,
   * or both; absent, nowhere (the server still counts, for nothing).
   */
  metrics?: MetricsConfig;
  /**
   * The copilot's model server, set exactly when AI_BASE_URL is; absent, the built-in engine
   * answers. Optional so a config built by hand (the tests') keeps the offline default.
   */
  ai?: AiModelConfig;
};

export type MetricsConfig = { token?: string; port?: number };

/** An OpenAI-compatible chat-completions server the copilot answers through (docs/copilot.md). */
export type AiModelConfig = {
  /** Up to and including the version segment, e.g. http://127.0.0.1:11434/v1 for Ollama. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /** One answer's whole budget: every model round and tool call within it. */
  timeoutMs: number;
};

/** An OpenID Connect provider, found through its issuer's discovery document. */
export type OidcProviderConfig = {
  kind: 'oidc';
  /** The id in the call paths: `google`, `linkedin`, or the lower-cased NAME of OAUTH_<NAME>_ISSUER. */
  id: string;
  /** The name on the sign-in button. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** GitHub: OAuth 2 only, at fixed endpoints (overridable for tests), then its REST API for who and which email. */
export type GithubProviderConfig = {
  kind: 'github';
  id: 'github';
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
};

export type OAuthProviderConfig = OidcProviderConfig | GithubProviderConfig;

export type OAuthConfig = {
  providers: OAuthProviderConfig[];
  /** Where every provider sends the browser back: PUBLIC_URL/oauth/callback, registered with each. */
  redirectUrl: string;
};

/** How the notifications module's durable mail outbox paces delivery. */
export type MailOutboxConfig = {
  /** How often the job looks for due mail (retries, and mail a stopped process left). */
  pollIntervalMs: number;
  /** The wait after the first failed attempt; it doubles with each further failure… */
  retryBaseMs: number;
  /** …up to this. */
  retryMaxMs: number;
  /** Attempts before a mail is given up and marked failed. */
  maxAttempts: number;
  /**
   * How long a claim keeps a mail from other processes: longer than one send can take (the SMTP
   * transport's timeouts add up to under a minute), so a live sender never loses its claim.
   */
  leaseMs: number;
};

/** A claim outlives the slowest send the SMTP transport's timeouts allow. */
export const mailClaimLeaseMs = 2 * 60_000;

/** The bucket behind STORAGE_DRIVER=s3; no endpoint means AWS itself, no keys the SDK's default chain. */
export type S3Config = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

export const productName = 'Pitchlane';

/** The S3 settings, or an error a person can act on when STORAGE_DRIVER=s3 lacks what it needs. */
function loadS3Config(env: Env): S3Config | undefined {
  if (env.STORAGE_DRIVER !== 's3') return undefined;
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    throw new Error(
      'STORAGE_DRIVER=s3 needs S3_BUCKET: set it to the bucket that holds uploads ' +
        '(with S3_ENDPOINT for MinIO or R2), or unset STORAGE_DRIVER to keep files in DATA_DIR.',
    );
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither to use the default AWS credentials.',
    );
  }
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
  };
}

/** The model engine's settings, or an error a person can act on when AI_BASE_URL lacks its model. */
function loadAiConfig(env: Env): AiModelConfig | undefined {
  if (!env.AI_BASE_URL) return undefined;
  if (!env.AI_MODEL) {
    throw new Error(
      'AI_BASE_URL needs AI_MODEL: set it to a model the server offers (for Ollama, a name from ' +
        '`ollama list`, such as llama3.1), or unset AI_BASE_URL to use the built-in copilot.',
    );
  }
  return {
    baseUrl: env.AI_BASE_URL.replace(/\/$/, ''),
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
}

/**
 * What the server keeps in DATA_DIR, by name: the embedded database, stored files, the generated
 * secret, the mail outbox. The backup reads and restores the same names.
 */
export const dataDirEntries = { database: 'db', uploads: 'uploads', secret: 'auth-secret', outbox: 'outbox' } as const;

/**
 * AUTH_SECRET signs every token. When it is not given it is generated once and kept in
 * DATA_DIR, so restarts keep sessions alive; several processes must be given the same one.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, dataDirEntries.secret);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The OpenID Connect issuers the product knows without an OAUTH_<NAME>_ISSUER. */
const wellKnownIssuers: Record<string, { issuer: string; name: string }> = {
  google: { issuer: 'https://accounts.google.com', name: 'Google' },
  linkedin: { issuer: 'https://www.linkedin.com/oauth', name: 'LinkedIn' },
};

const githubDefaults = {
  authorizeUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiUrl: 'https://api.github.com',
};

/**
 * An address a provider is reached at: https, or plain http on 127.0.0.1 only, where the tests
 * and a developer's own issuer run (openid-client is told to allow http for exactly these).
 */
const providerUrl = (variable: string) =>
  z
    .string()
    .url(`${variable} must be a URL such as https://id.example.com`)
    .refine(
      (value) => {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === '127.0.0.1');
      },
      { message: `${variable} must use https (plain http only on 127.0.0.1)` },
    )
    .transform((value) => value.replace(/\/$/, ''));

/** Whether openid-client may speak plain http to this address (a loopback issuer on 127.0.0.1). */
export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && parsed.hostname === '127.0.0.1';
}

/**
 * The providers named by OAUTH_<NAME>_* variables (README, "Sign-in with Google, GitHub, LinkedIn
 * and your own issuer"). NAME is letters and digits; a provider is enabled only with both its
 * client id and secret. Each is parsed with zod, and every problem is listed at once.
 */
function loadOAuthConfig(source: NodeJS.ProcessEnv, publicUrl: string): OAuthConfig {
  const names = new Set<string>(['google', 'linkedin', 'github']);
  for (const key of Object.keys(source)) {
    const match = /^OAUTH_([A-Z0-9]+)_ISSUER$/.exec(key);
    if (match?.[1] && source[key]) names.add(match[1].toLowerCase());
  }
  const problems: string[] = [];
  const providers: OAuthProviderConfig[] = [];
  for (const id of names) {
    const prefix = `OAUTH_${id.toUpperCase()}_`;
    const value = (suffix: string) => {
      const raw = source[`${prefix}${suffix}`]?.trim();
      return raw === '' ? undefined : raw;
    };
    const clientId = value('CLIENT_ID');
    const clientSecret = value('CLIENT_SECRET');
    if (!clientId || !clientSecret) {
      if (clientId || clientSecret) problems.push(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET go together`);
      continue;
    }
    const parse = (suffix: string, fallback: string | undefined) => {
      const raw = value(suffix) ?? fallback;
      if (raw === undefined) return undefined;
      const result = providerUrl(`${prefix}${suffix}`).safeParse(raw);
      if (!result.success) problems.push(...result.error.issues.map((issue) => issue.message));
      return result.success ? result.data : undefined;
    };
    const name = value('NAME') ?? wellKnownIssuers[id]?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
    if (id === 'github') {
      if (value('ISSUER')) problems.push('GitHub is not an OpenID Connect issuer: unset OAUTH_GITHUB_ISSUER');
      const authorizeUrl = parse('AUTHORIZE_URL', githubDefaults.authorizeUrl);
      const tokenUrl = parse('TOKEN_URL', githubDefaults.tokenUrl);
      const apiUrl = parse('API_URL', githubDefaults.apiUrl);
      if (authorizeUrl && tokenUrl && apiUrl) {
        providers.push({
          kind: 'github',
          id,
          name: value('NAME') ?? 'GitHub',
          authorizeUrl,
          tokenUrl,
          apiUrl,
          clientId,
          clientSecret,
        });
      }
      continue;
    }
    const issuer = parse('ISSUER', wellKnownIssuers[id]?.issuer);
    if (issuer) providers.push({ kind: 'oidc', id, name, issuer, clientId, clientSecret });
  }
  if (problems.length > 0) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return { providers, redirectUrl: `${publicUrl}/oauth/callback` };
}

/** Parses the environment; throws with every problem listed when something is malformed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  TEST_CLOCK: moving the clock is for browser tests only; unset it, or set NODE_ENV=test.',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const s3 = loadS3Config(env);
  const ai = loadAiConfig(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl,
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: env.TRUST_PROXY,
    productName,
    storageDriver: env.STORAGE_DRIVER,
    s3,
    mailOutbox: {
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      retryMaxMs: Math.max(env.MAIL_RETRY_MAX_MS, env.MAIL_RETRY_BASE_MS),
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      leaseMs: mailClaimLeaseMs,
    },
    oauth: loadOAuthConfig(source, publicUrl),
    ...(ai ? { ai } : {}),
    ...(env.METRICS_TOKEN || env.METRICS_PORT
      ? {
          metrics: {
            ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
            ...(env.METRICS_PORT ? { port: env.METRICS_PORT } : {}),
          },
        }
      : {}),
    ...(env.TEST_CLOCK ? { testClock: true } : {}),
  };
}
