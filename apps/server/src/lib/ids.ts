import { randomBytes } from 'node:crypto';
import { idPrefixByRole, type Role } from '@deckvalid/contract/auth';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id with a readable prefix: 16 base-36 characters (~82 bits). */
export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  let body = '';
  for (const byte of bytes) body += alphabet[byte % 36];
  return `${prefix}${body}`;
}

/** Account ids say their role: usr-, inv-, mtr-. */
export function newAccountId(role: Role): string {
  return newId(idPrefixByRole[role]);
}
