import { errorResponseSchema } from '@deckvalid/contract/errors';
import { formatCount } from '@deckvalid/contract/text';
import { type UploadKind, type UploadTicket, uploadKinds } from '@deckvalid/contract/uploads';

/**
 * Why a signed upload failed (spec §8): the storage's HTTP status with its body text, or
 * FETCH_ERROR when no answer came back. ABORTED is ours: the founder changed the file or left.
 */
export type SignedUploadError =
  | { status: number; data: string }
  | { status: 'FETCH_ERROR'; error: string }
  | { status: 'ABORTED' };

/** Settles, never rejects, like an RTK Query call: `data` on success, `error` otherwise. */
export type SignedUploadResult = { data: { key: string } } | { error: SignedUploadError };

/** Bytes sent so far out of the file's size. */
export type UploadProgress = { loaded: number; total: number };

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText' | 'withCredentials'
> & {
  upload: Pick<XMLHttpRequestUpload, 'onprogress'>;
  onload: XMLHttpRequest['onload'];
  onerror: XMLHttpRequest['onerror'];
  onabort: XMLHttpRequest['onabort'];
  ontimeout: XMLHttpRequest['ontimeout'];
};

export type PutSignedUploadOptions = {
  ticket: UploadTicket;
  file: Blob;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Defaults to a real XMLHttpRequest; tests pass a fake. */
  createRequest?: () => UploadRequest;
};

// Browsers refuse to let scripts set these; trying only logs a console error.
const headersBrowsersSet = new Set(['content-length', 'host', 'connection']);

/**
 * PUTs a file to a signed upload URL with exactly the ticket's headers. XMLHttpRequest rather than
 * fetch because only it reports upload progress. No credentials go with it: the URL may be an S3
 * bucket on another origin, and the signature in the URL is the whole authorisation.
 */
export function putSignedUpload({
  ticket,
  file,
  onProgress,
  signal,
  createRequest = () => new XMLHttpRequest(),
}: PutSignedUploadOptions): Promise<SignedUploadResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ error: { status: 'ABORTED' } });
      return;
    }
    const request = createRequest();
    let isSettled = false;
    const settle = (result: SignedUploadResult) => {
      if (isSettled) return;
      isSettled = true;
      signal?.removeEventListener('abort', handleAbort);
      resolve(result);
    };
    const handleAbort = () => {
      request.abort();
      settle({ error: { status: 'ABORTED' } });
    };

    try {
      request.open(ticket.method, ticket.uploadUrl);
      request.withCredentials = false;
      for (const [name, value] of Object.entries(ticket.headers)) {
        if (!headersBrowsersSet.has(name.toLowerCase())) request.setRequestHeader(name, value);
      }
    } catch (error) {
      // open() throws on a malformed URL, setRequestHeader on an invalid header: nothing was sent.
      settle({ error: { status: 'FETCH_ERROR', error: error instanceof Error ? error.message : String(error) } });
      return;
    }

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size });
        settle({ data: { key: ticket.key } });
      } else if (request.status === 0) {
        // A CORS refusal from another origin ends in load with status 0 in some engines.
        settle({ error: { status: 'FETCH_ERROR', error: 'The upload was refused before it reached the storage.' } });
      } else {
        settle({ error: { status: request.status, data: request.responseText ?? '' } });
      }
    };
    request.onerror = () =>
      settle({ error: { status: 'FETCH_ERROR', error: 'The upload did not reach the storage.' } });
    request.ontimeout = () => settle({ error: { status: 'FETCH_ERROR', error: 'The upload timed out.' } });
    request.onabort = () => settle({ error: { status: 'ABORTED' } });
    signal?.addEventListener('abort', handleAbort);
    request.send(file);
  });
}

/** Whole percent for a progress bar, never above 100 and never NaN for an empty total. */
export function progressPercent(progress: UploadProgress | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress.loaded / progress.total) * 100)));
}

/** Words for an S3-style XML error (`<Code>…</Code>`), the common ones only. */
const storageCodeMessages: Record<string, string> = {
  AccessDenied: 'The upload link has expired or was refused. Choose the file again to get a new one.',
  RequestTimeTooSkewed: "Your computer's clock is off, so the storage refused the upload. Fix the clock and try again.",
  EntityTooLarge: 'That file is larger than the upload allows.',
  SignatureDoesNotMatch: 'The upload link was refused. Choose the file again to get a new one.',
};

/**
 * A sentence for a failed signed upload. Our local storage answers with the API's error body, whose
 * message is written for people (413 and 415 name the limit); S3 answers XML, read for its code.
 */
export function describeUploadError(error: SignedUploadError): string {
  if (error.status === 'ABORTED') return 'The upload was cancelled.';
  if (error.status === 'FETCH_ERROR') {
    return "We couldn't reach the file storage. Check your connection and try again.";
  }
  const text = error.data.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = errorResponseSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.error.message;
    } catch {
      // Not JSON after all: fall through to the status.
    }
  }
  const storageCode = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  if (storageCode && storageCode in storageCodeMessages) return storageCodeMessages[storageCode] as string;
  if (error.status === 413) return 'That file is larger than the upload allows.';
  if (error.status === 415) return "The storage doesn't accept this type of file.";
  if (error.status === 403 || error.status === 401) {
    return 'The upload link has expired or was refused. Choose the file again to get a new one.';
  }
  if (error.status >= 500) return 'The file storage is having trouble right now. Try again in a moment.';
  return `The upload failed (HTTP ${error.status}). Try again.`;
}

/** "50 MB", "50.3 MB": one decimal so a file just over the limit does not read as equal to it. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  const rounded = megabytes >= 100 ? Math.round(megabytes) : Math.ceil(megabytes * 10) / 10;
  return `${formatCount(rounded)} MB`;
}

/** "340 KB", "12.4 MB": a chosen file's size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${formatCount(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

const kindNouns: Record<UploadKind, { noun: string; types: string }> = {
  deck: { noun: 'Your deck', types: 'a PDF file' },
  picture: { noun: 'Your picture', types: 'a PNG, JPEG or WebP image' },
  attachment: { noun: 'The attachment', types: 'a PDF, PNG, JPEG or WebP file' },
  document: {
    noun: 'The file',
    types:
      'a PDF, a spreadsheet (XLSX, XLS, CSV), a document (DOCX, DOC), a presentation (PPTX) or a PNG or JPEG image',
  },
};

/**
 * The MIME type to announce for a file. Some systems hand over a PDF with an empty type; the
 * extension then decides, so a real PDF is not turned away by a blank browser guess.
 */
export function contentTypeOf(file: Pick<File, 'type' | 'name'>, kind: UploadKind): string | null {
  const accepted: readonly string[] = uploadKinds[kind].contentTypes;
  const type = file.type.toLowerCase();
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  // Windows hands over a CSV as an Excel file; the server checks the bytes, so say what it is.
  if (type === 'application/vnd.ms-excel' && extension === 'csv' && accepted.includes('text/csv')) return 'text/csv';
  if (accepted.includes(type)) return type;
  if (type !== '') return null;
  const byExtension: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    xls: 'application/vnd.ms-excel',
    csv: 'text/csv',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    doc: 'application/msword',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  };
  const guessed = byExtension[extension];
  return guessed && accepted.includes(guessed) ? guessed : null;
}

/**
 * Checks a file against the server's own limits (contract `uploadKinds`) before any byte moves;
 * answers a sentence for the person, or null when the file may go.
 */
export function checkUploadFile(file: Pick<File, 'type' | 'name' | 'size'>, kind: UploadKind): string | null {
  const { noun, types } = kindNouns[kind];
  if (contentTypeOf(file, kind) === null) return `${noun} must be ${types}.`;
  if (file.size === 0) return 'That file is empty. Choose another one.';
  const { maxBytes } = uploadKinds[kind];
  if (file.size > maxBytes) {
    return `${noun} is ${formatMegabytes(file.size)}; the limit is ${formatMegabytes(maxBytes)}.`;
  }
  return null;
}
