import { describe, expect, it } from 'vitest';
import type { ApiProblem } from '@/shared/api/api-error';
import { gateBodyOf, gateRefusalOf, validateGate } from './link-gate';

const problem = (code: ApiProblem['code'], status = 403, details?: unknown): ApiProblem => ({
  message: 'Refused.',
  code,
  status,
  fieldErrors: {},
  details,
});
const all = { email: true, verifyEmail: true, passcode: true, agreement: true };
const none = { email: false, verifyEmail: false, passcode: false, agreement: false };
const typed = { email: ' ravi@northwind.vc ', passcode: ' s3cret ', agreed: true, code: '123456' };

describe('the share link gate', () => {
  it('sends only what the link asks for, the passcode as typed and the code once mailed', () => {
    expect(gateBodyOf(none, typed, false)).toEqual({});
    expect(gateBodyOf(all, typed, false)).toEqual({ email: 'ravi@northwind.vc', passcode: ' s3cret ', agreed: true });
    expect(gateBodyOf(all, typed, true)).toMatchObject({ code: '123456' });
  });

  it('asks for a missing email, passcode and agreement before sending', () => {
    const errors = validateGate(all, { email: '', passcode: '', agreed: false, code: '' }, false);
    expect(Object.keys(errors).sort()).toEqual(['agreed', 'email', 'passcode']);
  });

  it('puts each refusal by its field, says a code was sent, and turns a 429 into a time', () => {
    expect(gateRefusalOf(problem('EMAIL_NOT_ALLOWED'))).toMatchObject({ kind: 'field', field: 'email' });
    expect(gateRefusalOf(problem('PASSCODE_REQUIRED'))).toMatchObject({ kind: 'field', field: 'passcode' });
    expect(gateRefusalOf(problem('PASSCODE_WRONG'))).toMatchObject({ kind: 'field', field: 'passcode' });
    expect(gateRefusalOf(problem('AGREEMENT_REQUIRED'))).toMatchObject({ kind: 'field', field: 'agreed' });
    expect(gateRefusalOf(problem('CODE_WRONG'))).toMatchObject({ kind: 'field', field: 'code' });
    expect(gateRefusalOf(problem('CODE_SENT'))).toEqual({ kind: 'codeSent' });
    expect(gateRefusalOf(problem('RATE_LIMITED', 429, { retryAfterSeconds: 120 }), 0)).toEqual({
      kind: 'wait',
      until: new Date(120_000),
    });
    expect(gateRefusalOf(problem('GONE', 410))).toEqual({ kind: 'gone' });
  });
});
