import { type ErrorCode, errorResponseSchema, type FieldError } from '@deckvalid/contract/errors';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** An API failure as the screens use it: a sentence for people, and the parts code acts on. */
export type ApiProblem = {
  /** A sentence a person can act on; never a raw code. */
  message: string;
  /** The contract's error code when the server answered with one. */
  code: ErrorCode | null;
  /** HTTP status, or the fetchBaseQuery status (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR…). */
  status: number | string | null;
  /** `details.fields` of VALIDATION_FAILED, keyed by field path. */
  fieldErrors: Record<string, string>;
  details: unknown;
};

const transportMessages: Record<string, string> = {
  FETCH_ERROR: "We couldn't reach Pitchlane. Check your connection and try again.",
  TIMEOUT_ERROR: 'Pitchlane took too long to answer. Try again in a moment.',
  PARSING_ERROR: 'Pitchlane sent an answer we could not read. Try again in a moment.',
  CUSTOM_ERROR: 'Something went wrong. Try again in a moment.',
};

const fallbackMessage = 'Something went wrong. Try again in a moment.';

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function fieldErrorsOf(details: unknown): Record<string, string> {
  const fields =
    typeof details === 'object' && details !== null && 'fields' in details
      ? (details as { fields: unknown }).fields
      : null;
  if (!Array.isArray(fields)) return {};
  const result: Record<string, string> = {};
  for (const field of fields as Partial<FieldError>[]) {
    if (typeof field?.path === 'string' && typeof field.message === 'string' && !(field.path in result)) {
      result[field.path] = field.message;
    }
  }
  return result;
}

/** Turns whatever an RTK Query call failed with into an {@link ApiProblem}. */
export function describeApiError(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiProblem {
  if (!isFetchBaseQueryError(error)) {
    return { message: fallbackMessage, code: null, status: null, fieldErrors: {}, details: undefined };
  }
  if (typeof error.status === 'number') {
    const parsed = errorResponseSchema.safeParse(error.data);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      return { message, code, status: error.status, fieldErrors: fieldErrorsOf(details), details };
    }
    const message =
      error.status >= 500 ? 'Pitchlane is having trouble right now. Try again in a moment.' : fallbackMessage;
    return { message, code: null, status: error.status, fieldErrors: {}, details: undefined };
  }
  // PARSING_ERROR keeps the HTTP status in originalStatus; the sentence is the same either way.
  return {
    message: transportMessages[error.status] ?? fallbackMessage,
    code: null,
    status: error.status,
    fieldErrors: {},
    details: undefined,
  };
}

/** Seconds to wait from a RATE_LIMITED answer's `details.retryAfterSeconds`, or null. */
export function retryAfterSecondsOf(problem: ApiProblem): number | null {
  const details = problem.details;
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return null;
  const seconds = (details as { retryAfterSeconds: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
