import { describe, expect, it } from 'vitest';
import { describeApiError, retryAfterSecondsOf } from './api-error';

describe('describeApiError', () => {
  it("uses the server's sentence and code", () => {
    const problem = describeApiError({
      status: 429,
      data: { error: { code: 'RATE_LIMITED', message: 'Wait 42 seconds.', details: { retryAfterSeconds: 42 } } },
    });
    expect(problem).toMatchObject({ message: 'Wait 42 seconds.', code: 'RATE_LIMITED', status: 429 });
    expect(retryAfterSecondsOf(problem)).toBe(42);
  });

  it('collects VALIDATION_FAILED fields by path, first message wins', () => {
    const problem = describeApiError({
      status: 400,
      data: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Enter a valid email address.',
          details: {
            fields: [
              { path: 'email', message: 'Enter a valid email address.' },
              { path: 'email', message: 'second' },
              { path: 'password', message: 'Use at least 8 characters.' },
            ],
          },
        },
      },
    });
    expect(problem.fieldErrors).toEqual({
      email: 'Enter a valid email address.',
      password: 'Use at least 8 characters.',
    });
  });

  it.each([
    ['FETCH_ERROR', "We couldn't reach Pitchlane. Check your connection and try again."],
    ['TIMEOUT_ERROR', 'Pitchlane took too long to answer. Try again in a moment.'],
    ['PARSING_ERROR', 'Pitchlane sent an answer we could not read. Try again in a moment.'],
  ])('puts %s in words', (status, message) => {
    const problem = describeApiError({ status, error: 'TypeError: failed' });
    expect(problem.message).toBe(message);
    expect(problem.message).not.toContain(status);
  });

  it('never shows a raw code for a body outside the contract', () => {
    expect(describeApiError({ status: 502, data: '<html>Bad gateway</html>' }).message).toBe(
      'Pitchlane is having trouble right now. Try again in a moment.',
    );
    expect(describeApiError({ message: 'x' }).message).toBe('Something went wrong. Try again in a moment.');
    expect(retryAfterSecondsOf(describeApiError(undefined))).toBeNull();
  });
});
