import { z } from 'zod';

/** Every error code the API answers with; the web reads `error.code`, never the message. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  /** What was asked for existed and has lapsed for good (a copilot action past its time). */
  'GONE',
  /** A dependency (the database) was lost mid-request; `details.retryAfterSeconds` says when to retry. */
  'UNAVAILABLE',
  /**
   * A share link's gate refused: the code names the first requirement not met
   * (links.ts `linkAccessErrorCodes`; `CODE_SENT` means a code was mailed).
   */
  'EMAIL_REQUIRED',
  'EMAIL_NOT_ALLOWED',
  'PASSCODE_REQUIRED',
  'PASSCODE_WRONG',
  'AGREEMENT_REQUIRED',
  'CODE_SENT',
  'CODE_WRONG',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status each code travels with. */
export const statusByErrorCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  GONE: 410,
  UNAVAILABLE: 503,
  EMAIL_REQUIRED: 403,
  EMAIL_NOT_ALLOWED: 403,
  PASSCODE_REQUIRED: 403,
  PASSCODE_WRONG: 403,
  AGREEMENT_REQUIRED: 403,
  CODE_SENT: 403,
  CODE_WRONG: 403,
};

/** Reasons carried in `details.reason` where a code alone does not tell the web what to do. */
export const errorReasons = {
  /** Login with the right password on an account whose email is not verified yet. */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /** A 409: the deck version is still being processed (or could not be read), so it has no report. */
  notReady: 'NOT_READY',
} as const;

/** The one error body of the API. */
export const errorResponseSchema = z.object({
  error: z.object({
    /** Machine-readable code; decides the HTTP status. */
    code: z.enum(errorCodes),
    /** A sentence a person can act on. */
    message: z.string(),
    /** Optional structured detail, such as the failing fields of a validation error. */
    details: z.unknown().optional(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** One failing field of a VALIDATION_FAILED answer (`details.fields`). */
export const fieldErrorSchema = z.object({
  /** Dotted path of the field within its part of the request, or the part (`body`, `querystring`) itself. */
  path: z.string(),
  /** What to change, in a sentence shown next to the field. */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
