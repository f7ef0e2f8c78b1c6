import type { Role, UserDto } from '@deckvalid/contract/auth';

/** Who is asking, once their credentials have been checked. */
export type Principal = { sessionId: string; accountId: string; role: Role; user: UserDto };

/** What a request presents: the three credential headers, any of them possibly missing. */
export type PresentedCredentials = {
  authorization?: string | undefined;
  controlSignature?: string | undefined;
  hashToken?: string | undefined;
};

/**
 * Turns presented credentials into a principal. The auth module implements it; the HTTP guard
 * and the socket handshake depend only on this, so the core layer never imports a module.
 */
export type Authenticator = {
  /** The full check; any refusal rejects with the same 401 `AppError`. */
  authenticate(presented: PresentedCredentials): Promise<Principal>;
  /**
   * The same answer without awaiting anything when it is already in memory; undefined means
   * "ask `authenticate`", which also makes every refusal. The guard's hot path depends on it
   * creating no promise.
   */
  authenticateFromMemory(presented: PresentedCredentials): Principal | undefined;
};
