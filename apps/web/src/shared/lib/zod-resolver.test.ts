import { investorInfoBodySchema } from '@deckvalid/contract/accounts';
import { registerBodySchema } from '@deckvalid/contract/auth';
import { describe, expect, it } from 'vitest';
import { focusFirstError, zodResolver } from './zod-resolver';

describe('zodResolver', () => {
  it('answers no errors for valid values', () => {
    expect(zodResolver(registerBodySchema)({ name: 'Sam', email: 'sam@example.com', password: 'long-enough' })).toEqual(
      {},
    );
  });

  it("keys the contract's messages by field path", () => {
    expect(zodResolver(registerBodySchema)({ name: ' ', email: 'nope', password: 'short' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address.',
      password: 'Use at least 8 characters.',
    });
  });

  it('reports object-level refinements on the path they name', () => {
    const errors = zodResolver(investorInfoBodySchema)({ firm: 'Fund', chequeSizeMin: 500, chequeSizeMax: 100 });
    expect(errors).toEqual({ chequeSizeMax: 'The smallest cheque cannot be larger than the largest.' });
  });

  it('names the limit when an amount is too large, formatted', () => {
    const errors = zodResolver(investorInfoBodySchema)({ firm: 'Fund', chequeSizeMax: 20_000_000_000 });
    expect(errors.chequeSizeMax).toBe('Enter at most $10,000,000,000.');
  });

  it('joins nested paths with dots', () => {
    const errors = zodResolver(investorInfoBodySchema)({ firm: 'Fund', sectors: ['Nope'] });
    expect(errors['sectors.0']).toBe('Pick sectors from the list.');
  });
});

describe('focusFirstError', () => {
  it('focuses the first erroring field in form order', () => {
    document.body.innerHTML = '<input data-path="name" /><input data-path="email" /><input data-path="password" />';
    const node = (path: string) => document.querySelector<HTMLElement>(`[data-path="${path}"]`);
    expect(focusFirstError({ password: 'x', email: 'y' }, ['name', 'email', 'password'], node)).toBe(true);
    expect(document.activeElement).toBe(node('email'));
    expect(focusFirstError({}, ['name'], node)).toBe(false);
  });
});
