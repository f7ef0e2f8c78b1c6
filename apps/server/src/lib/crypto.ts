import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** A URL-safe random secret of `bytes` bytes of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `length` digits from the CSPRNG, leading zeros kept. */
export function randomDigits(length: number): string {
  return randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
}

/** Constant-time string comparison; unequal lengths are unequal without leaking where. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
