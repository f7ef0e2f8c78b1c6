import { type Role, roles, type Tokens } from '@deckvalid/contract/auth';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { hmacSha256, randomSecret, safeEqual } from '@/lib/crypto';

/** Sessions and their tokens live this long; a new login starts a new one. */
export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;

export type TokenClaims = { accountId: string; role: Role; sessionId: string };

/** What a request presents: the three credential headers, any of them possibly missing. */
export type PresentedCredentials = {
  authorization?: string | undefined;
  controlSignature?: string | undefined;
  hashToken?: string | undefined;
};

export class InvalidCredentialsError extends Error {}

/**
 * Issues and checks the three-part credentials: a JWT (HS256) naming account, role and session;
 * a hash token (the session secret, stored only as a hash); and a control signature, an HMAC
 * over both that proves they were issued together. Keys are derived from AUTH_SECRET per use.
 */
export class Credentials {
  private readonly jwtKey: Uint8Array;
  private readonly controlKey: Buffer;
  /**
   * Tokens whose signature and claims were already checked, until their expiry. A JWT check is
   * a pure function of token, key and time, and costs ~100 µs in jose, more than the rest of
   * an authenticated request; any altered token misses this map and is checked in full.
   */
  private readonly verifiedTokens = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  private static readonly maxVerifiedTokens = 50_000;

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

  /** Checks the three parts belong together; the caller still checks the session is live. */
  async verify(presented: PresentedCredentials): Promise<TokenClaims & { hashToken: string }> {
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
    const known = this.verifiedTokens.get(token);
    if (known && known.expiresAtMs > Date.now()) return { ...known.claims, hashToken };
    const claims = await this.verifyToken(token);
    return { ...claims, hashToken };
  }

  private async verifyToken(token: string): Promise<TokenClaims & { expiresAtMs: number }> {
    try {
      // Only HS256 is accepted: `alg: none` and any other algorithm are refused here.
      const { payload } = await jwtVerify(token, this.jwtKey, { algorithms: ['HS256'] });
      const role = roles.find((known) => known === payload.role);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !role) {
        throw new InvalidCredentialsError('malformed claims');
      }
      const claims: TokenClaims = { accountId: payload.sub, role, sessionId: payload.sid };
      // Issued tokens always carry exp; a token without one is not remembered.
      const expiresAtMs = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
      if (expiresAtMs > 0) this.remember(token, claims, expiresAtMs);
      return { ...claims, expiresAtMs };
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidCredentialsError(error.code);
      throw error;
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAtMs: number): void {
    if (this.verifiedTokens.size >= Credentials.maxVerifiedTokens) {
      const oldest = this.verifiedTokens.keys().next().value;
      if (oldest !== undefined) this.verifiedTokens.delete(oldest);
    }
    this.verifiedTokens.set(token, { claims, expiresAtMs });
  }

  private sign(token: string, hashToken: string): string {
    return hmacSha256(this.controlKey, `${token}.${hashToken}`);
  }
}
