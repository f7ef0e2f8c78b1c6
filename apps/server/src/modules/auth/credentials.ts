import { type Role, roles, type Tokens } from '@deckvalid/contract/auth';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { PresentedCredentials } from '@/core/identity/principal';
import { hmacSha256, randomSecret, safeEqual, sha256 } from '@/lib/crypto';

/** Sessions and their tokens live this long; a new login starts a new one. */
export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;

export type TokenClaims = { accountId: string; role: Role; sessionId: string };

/** What a full check proved: the claims, and the hash of the hash token to match the session's. */
export type VerifiedCredentials = TokenClaims & { hashTokenDigest: string };

export class InvalidCredentialsError extends Error {}

/** A triple that passed the full check, as it was presented. */
type KnownTriple = { controlSignature: string; hashToken: string; verified: VerifiedCredentials; untilMs: number };

/**
 * Issues and checks the three-part credentials: a JWT (HS256) naming account, role and session;
 * a hash token (the session secret, stored only as a hash); and a control signature, an HMAC
 * over both that proves they were issued together. Keys are derived from AUTH_SECRET per use.
 */
export class Credentials {
  private readonly jwtKey: Uint8Array;
  private readonly controlKey: Buffer;
  /**
   * Triples that passed the full check, keyed by the Authorization header exactly as presented.
   * The check is a pure function of the three parts, the key and the time, so a later request
   * presenting the same three strings (compared in constant time) gets the same answer without
   * the JWT check (~100 µs in jose), the HMAC and the SHA-256, which profiled at about a sixth
   * of an authenticated call's CPU in bench/http.ts. Any altered part misses and is checked in
   * full. Whether the session is still live is not remembered here: the caller checks it on
   * every request. Entries end with the token, and after `rememberMs` at the latest, so a
   * presented hash token stays in this process's memory for minutes, not for a month.
   */
  private readonly known = new Map<string, KnownTriple>();
  private static readonly maxKnown = 50_000;
  private static readonly rememberMs = 10 * 60_000;

  constructor(secret: string) {
    this.jwtKey = new Uint8Array(Buffer.from(hmacSha256(secret, 'jwt-signing-key'), 'base64url'));
    this.controlKey = Buffer.from(hmacSha256(secret, 'control-signature-key'), 'base64url');
  }

  async issue(claims: TokenClaims, expiresAt: Date): Promise<Tokens> {
    const token = await new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.accountId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.jwtKey);
    const hashToken = randomSecret(32);
    return { token, hashToken, controlSignature: this.sign(token, hashToken) };
  }

  /**
   * The answer of an earlier full check of these exact three parts, without awaiting anything;
   * undefined means `verify` must decide (it may still accept them).
   */
  recall(presented: PresentedCredentials): VerifiedCredentials | undefined {
    const { authorization, controlSignature, hashToken } = presented;
    if (!authorization || !controlSignature || !hashToken) return undefined;
    const known = this.known.get(authorization);
    if (!known || known.untilMs <= Date.now()) return undefined;
    // Both comparisons run whichever part differs, so timing does not tell which one did.
    const isSignatureSame = safeEqual(known.controlSignature, controlSignature);
    const isHashTokenSame = safeEqual(known.hashToken, hashToken);
    return isSignatureSame && isHashTokenSame ? known.verified : undefined;
  }

  /** Checks the three parts belong together; the caller still checks the session is live. */
  async verify(presented: PresentedCredentials): Promise<VerifiedCredentials> {
    const recalled = this.recall(presented);
    if (recalled) return recalled;
    const { authorization, controlSignature, hashToken } = presented;
    if (!authorization || !controlSignature || !hashToken) {
      throw new InvalidCredentialsError('missing credential');
    }
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization.trim());
    if (!match?.[1]) throw new InvalidCredentialsError('malformed authorization');
    const token = match[1];
    if (!safeEqual(this.sign(token, hashToken), controlSignature)) {
      throw new InvalidCredentialsError('control signature mismatch');
    }
    const { expiresAtMs, ...claims } = await this.verifyToken(token);
    const verified: VerifiedCredentials = { ...claims, hashTokenDigest: sha256(hashToken) };
    // Issued tokens always carry exp; a token without one is not remembered.
    if (expiresAtMs > 0) {
      this.remember(authorization, {
        controlSignature,
        hashToken,
        verified,
        untilMs: Math.min(expiresAtMs, Date.now() + Credentials.rememberMs),
      });
    }
    return verified;
  }

  private async verifyToken(token: string): Promise<TokenClaims & { expiresAtMs: number }> {
    try {
      // Only HS256 is accepted: `alg: none` and any other algorithm are refused here.
      const { payload } = await jwtVerify(token, this.jwtKey, { algorithms: ['HS256'] });
      const role = roles.find((known) => known === payload.role);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !role) {
        throw new InvalidCredentialsError('malformed claims');
      }
      const expiresAtMs = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
      return { accountId: payload.sub, role, sessionId: payload.sid, expiresAtMs };
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidCredentialsError(error.code);
      throw error;
    }
  }

  private remember(authorization: string, triple: KnownTriple): void {
    if (this.known.size >= Credentials.maxKnown) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(authorization, triple);
  }

  private sign(token: string, hashToken: string): string {
    return hmacSha256(this.controlKey, `${token}.${hashToken}`);
  }
}
