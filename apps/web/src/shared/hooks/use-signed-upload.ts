import type { UploadKind, UploadTicket } from '@deckvalid/contract/uploads';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  checkUploadFile,
  contentTypeOf,
  describeUploadError,
  formatMegabytes,
  type PutSignedUploadOptions,
  putSignedUpload,
  type SignedUploadResult,
  type UploadProgress,
} from '@/shared/api/upload-file';

/** idle → requesting (ticket) → uploading (bytes) → uploaded (key known) | failed (problem). */
export type UploadPhase = 'idle' | 'requesting' | 'uploading' | 'uploaded' | 'failed';

export type UploadState = {
  phase: UploadPhase;
  /** The file being (or last) uploaded; kept on failure so the screen can name it and retry. */
  file: File | null;
  progress: UploadProgress | null;
  /** Storage key once the bytes are stored; what the create call sends back. */
  key: string | null;
  /** A sentence for the person when the phase is failed. */
  problem: string | null;
};

export type UploadAction =
  | { type: 'started'; file: File }
  | { type: 'ticketed' }
  | { type: 'progressed'; progress: UploadProgress }
  | { type: 'succeeded'; key: string }
  | { type: 'failed'; problem: string; file?: File }
  | { type: 'reset' };

export const initialUploadState: UploadState = { phase: 'idle', file: null, progress: null, key: null, problem: null };

/** The upload's state machine, pure so it can be tested without a browser. */
export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'started':
      return { phase: 'requesting', file: action.file, progress: null, key: null, problem: null };
    case 'ticketed':
      if (state.phase !== 'requesting') return state;
      return { ...state, phase: 'uploading', progress: { loaded: 0, total: state.file?.size ?? 0 } };
    case 'progressed':
      // A late progress event after success or failure must not move the bar back.
      if (state.phase !== 'uploading') return state;
      return { ...state, progress: action.progress };
    case 'succeeded':
      if (state.phase !== 'uploading') return state;
      return {
        ...state,
        phase: 'uploaded',
        key: action.key,
        progress: state.progress && { ...state.progress, loaded: state.progress.total },
      };
    case 'failed':
      return { phase: 'failed', file: action.file ?? state.file, progress: null, key: null, problem: action.problem };
    case 'reset':
      return initialUploadState;
  }
}

/** What the feature's ticket call answered: the ticket, or the API's sentence for the refusal. */
export type TicketOutcome = { ticket: UploadTicket } | { problem: string };

export type UseSignedUploadOptions = {
  kind: UploadKind;
  /** Asks the API for an upload ticket (GET …/upload?fileType=&fileSize=). */
  requestTicket: (contentType: string, fileSize: number) => Promise<TicketOutcome>;
  /** Deletes an uploaded file nobody will use (the person changed the file or left). */
  discard?: (key: string) => void;
  /** Tests swap the XMLHttpRequest. */
  put?: (options: PutSignedUploadOptions) => Promise<SignedUploadResult>;
};

/**
 * Uploads one file through a signed URL: checks it against the contract's limits, asks for a
 * ticket, PUTs the bytes with progress. Choosing another file, cancelling or leaving the screen
 * aborts the transfer and discards a stored but unused file; `markUsed` keeps it once the create
 * call has taken its key.
 */
export function useSignedUpload({ kind, requestTicket, discard, put = putSignedUpload }: UseSignedUploadOptions) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // Refs, not state: the cleanup on leave must see the latest values without re-subscribing.
  const attempt = useRef<AbortController | null>(null);
  const unusedKey = useRef<string | null>(null);
  const latest = useRef({ requestTicket, discard, put });
  latest.current = { requestTicket, discard, put };

  const dropUnused = useCallback(() => {
    const key = unusedKey.current;
    unusedKey.current = null;
    if (key) latest.current.discard?.(key);
  }, []);

  const stop = useCallback(() => {
    attempt.current?.abort();
    attempt.current = null;
    dropUnused();
  }, [dropUnused]);

  /** Uploads `file`; resolves with its storage key, or null when it failed or was superseded. */
  const start = useCallback(
    async (file: File): Promise<string | null> => {
      stop();
      const problem = checkUploadFile(file, kind);
      const contentType = contentTypeOf(file, kind);
      if (problem || !contentType) {
        dispatch({ type: 'failed', problem: problem ?? 'That file type is not accepted.', file });
        return null;
      }
      const controller = new AbortController();
      attempt.current = controller;
      const isCurrent = () => attempt.current === controller && !controller.signal.aborted;
      dispatch({ type: 'started', file });

      const outcome = await latest.current.requestTicket(contentType, file.size);
      if (!isCurrent()) return null;
      if ('problem' in outcome) {
        dispatch({ type: 'failed', problem: outcome.problem });
        return null;
      }
      const { ticket } = outcome;
      if (file.size > ticket.maxBytes) {
        dispatch({
          type: 'failed',
          problem: `That file is larger than the ${formatMegabytes(ticket.maxBytes)} allowed.`,
        });
        return null;
      }
      dispatch({ type: 'ticketed' });
      const result = await latest.current.put({
        ticket,
        file,
        signal: controller.signal,
        onProgress: (progress) => {
          if (isCurrent()) dispatch({ type: 'progressed', progress });
        },
      });
      if ('data' in result) {
        if (isCurrent()) {
          unusedKey.current = result.data.key;
          dispatch({ type: 'succeeded', key: result.data.key });
          return result.data.key;
        }
        // The person moved on while the last bytes landed: nobody will use this file.
        latest.current.discard?.(result.data.key);
        return null;
      }
      if (isCurrent()) dispatch({ type: 'failed', problem: describeUploadError(result.error) });
      return null;
    },
    [kind, stop],
  );

  /** Stops the transfer (or forgets the stored file) and returns to idle. */
  const reset = useCallback(() => {
    stop();
    dispatch({ type: 'reset' });
  }, [stop]);

  /** The create call used the key: leaving the screen must no longer delete the file. */
  const markUsed = useCallback(() => {
    unusedKey.current = null;
  }, []);

  useEffect(() => {
    // pagehide covers closing the tab; the unmount cleanup covers leaving within the app.
    const handlePageHide = () => stop();
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      stop();
    };
  }, [stop]);

  return { state, start, reset, markUsed };
}
