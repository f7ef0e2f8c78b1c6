import { type ErrorCode, statusByErrorCode } from '@deckvalid/contract/errors';

/** The one error type services throw; the HTTP error handler maps its code to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return statusByErrorCode[this.code];
  }
}
