import type { Tokens } from '@deckvalid/contract/auth';

/**
 * The three credential headers of a session (ARCHITECTURE.md §5). Spelled here rather than read
 * from the contract's `credentialHeaders`: that module holds the auth schemas, and importing a
 * value from it would pull zod into the first chunk, which every cold load waits for.
 */
export function credentialHeadersOf(tokens: Tokens): Record<string, string> {
  return {
    authorization: `Bearer ${tokens.token}`,
    'x-control-signature': tokens.controlSignature,
    'x-hash-token': tokens.hashToken,
  };
}
