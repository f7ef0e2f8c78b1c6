import type { LinkAccessBody, PublicLink } from '@deckvalid/contract/links';
import { linkAccessBodySchema } from '@deckvalid/contract/links';
import { type ApiProblem, retryAfterSecondsOf } from '@/shared/api/api-error';
import { zodResolver } from '@/shared/lib/zod-resolver';

/** The gate's fields as typed. `code` is asked for once the server has mailed one. */
export type GateValues = { email: string; passcode: string; agreed: boolean; code: string };

export const gateFieldOrder = ['email', 'passcode', 'agreed', 'code'] as const;
export type GateField = (typeof gateFieldOrder)[number];

/** Only what the link asks for goes out; the code once one was mailed. */
export function gateBodyOf(requires: PublicLink['requires'], values: GateValues, isCodeSent: boolean): LinkAccessBody {
  return {
    ...(requires.email ? { email: values.email.trim() } : {}),
    ...(requires.passcode ? { passcode: values.passcode } : {}),
    ...(requires.agreement ? { agreed: values.agreed } : {}),
    ...(isCodeSent ? { code: values.code.trim() } : {}),
  };
}

const resolveBody = zodResolver(linkAccessBodySchema);

/** The gate's own checks: the contract's schema, and an agreement left unticked. */
export function validateGate(requires: PublicLink['requires'], values: GateValues, isCodeSent: boolean) {
  const errors: Record<string, string> = resolveBody(gateBodyOf(requires, values, isCodeSent));
  if (requires.agreement && !values.agreed) errors.agreed = 'Accept the agreement to read the deck.';
  return errors;
}

/** What a refusal of the gate means for the screen: a field's message, or a wait. */
export type GateRefusal =
  | { kind: 'field'; field: GateField; message: string }
  | { kind: 'codeSent' }
  | { kind: 'wait'; until: Date }
  | { kind: 'gone' }
  | { kind: 'other'; message: string };

const fieldMessages: Partial<Record<NonNullable<ApiProblem['code']>, { field: GateField; message: string }>> = {
  EMAIL_REQUIRED: { field: 'email', message: 'Enter your email address to open this deck.' },
  EMAIL_NOT_ALLOWED: {
    field: 'email',
    message: 'This address may not open this deck. Use the one the founder sent it to, or ask them.',
  },
  PASSCODE_REQUIRED: { field: 'passcode', message: 'Enter the passcode the founder gave you.' },
  PASSCODE_WRONG: { field: 'passcode', message: 'That passcode is not right. Check it with the founder.' },
  AGREEMENT_REQUIRED: { field: 'agreed', message: 'Accept the agreement to read the deck.' },
  CODE_WRONG: { field: 'code', message: 'That code is not right, or it has expired. Check the latest mail.' },
};

/** Reads a refused POST …/access: each code by its field, a 429 as a time to come back. */
export function gateRefusalOf(problem: ApiProblem, now = Date.now()): GateRefusal {
  if (problem.code === 'CODE_SENT') return { kind: 'codeSent' };
  const byField = problem.code ? fieldMessages[problem.code] : undefined;
  if (byField) return { kind: 'field', ...byField };
  if (problem.status === 429) {
    const seconds = retryAfterSecondsOf(problem) ?? 15 * 60;
    return { kind: 'wait', until: new Date(now + seconds * 1000) };
  }
  if (problem.status === 404 || problem.status === 410) return { kind: 'gone' };
  return { kind: 'other', message: problem.message };
}
