import type { UploadTicket } from '@deckvalid/contract/uploads';
import { describe, expect, it } from 'vitest';
import {
  checkUploadFile,
  contentTypeOf,
  describeUploadError,
  formatFileSize,
  formatMegabytes,
  progressPercent,
  putSignedUpload,
  type UploadRequest,
} from './upload-file';

/** An XMLHttpRequest stand-in the test drives by hand: progress, load, error, abort. */
class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  withCredentials = true;
  isAborted = false;
  upload: { onprogress: XMLHttpRequestUpload['onprogress'] } = { onprogress: null };
  onload: XMLHttpRequest['onload'] = null;
  onerror: XMLHttpRequest['onerror'] = null;
  onabort: XMLHttpRequest['onabort'] = null;
  ontimeout: XMLHttpRequest['ontimeout'] = null;

  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.call(this as unknown as XMLHttpRequest, new ProgressEvent('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.call(
      this as unknown as XMLHttpRequest,
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.call(this as unknown as XMLHttpRequest, new ProgressEvent('load'));
  }
  fail() {
    this.onerror?.call(this as unknown as XMLHttpRequest, new ProgressEvent('error'));
  }
}

const ticket: UploadTicket = {
  uploadUrl: 'https://bucket.example.com/decks/abc.pdf?X-Amz-Signature=sig',
  method: 'PUT',
  key: 'decks/abc.pdf',
  headers: { 'Content-Type': 'application/pdf', 'Content-Length': '2048', 'x-amz-meta-owner': 'usr-1' },
  expiresAt: '2026-01-01T00:15:00.000Z',
  maxBytes: 50 * 1024 * 1024,
};

const pdf = new File([new Uint8Array(2048)], 'deck.pdf', { type: 'application/pdf' });

function startUpload(signal?: AbortSignal) {
  const request = new FakeRequest();
  const progress: number[] = [];
  const result = putSignedUpload({
    ticket,
    file: pdf,
    signal,
    createRequest: () => request,
    onProgress: (value) => progress.push(progressPercent(value)),
  });
  return { request, progress, result };
}

describe('putSignedUpload', () => {
  it('PUTs the file to the signed URL with the ticket headers and no credentials', async () => {
    const { request, result } = startUpload();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(ticket.uploadUrl);
    expect(request.withCredentials).toBe(false);
    // Content-Length is the browser's to set; everything else goes exactly as given.
    expect(request.headers).toEqual({ 'Content-Type': 'application/pdf', 'x-amz-meta-owner': 'usr-1' });
    expect(request.headers).not.toHaveProperty('Authorization');
    expect(request.body).toBe(pdf);
    request.answer(200);
    expect(await result).toEqual({ data: { key: 'decks/abc.pdf' } });
  });

  it('reports progress as the bytes go and ends at 100%', async () => {
    const { request, progress, result } = startUpload();
    request.progress(512, 2048);
    request.progress(1024, 2048);
    request.answer(204);
    await result;
    expect(progress).toEqual([25, 50, 100]);
  });

  it('returns the status and the body text of a refusal', async () => {
    const { request, result } = startUpload();
    const body = '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"Your deck is over 50 MB."}}';
    request.answer(413, body);
    expect(await result).toEqual({ error: { status: 413, data: body } });
  });

  it('returns FETCH_ERROR when nothing answered', async () => {
    const { request, result } = startUpload();
    request.fail();
    const outcome = await result;
    expect('error' in outcome && outcome.error.status).toBe('FETCH_ERROR');
  });

  it('treats a status-0 load (a CORS refusal) as FETCH_ERROR', async () => {
    const { request, result } = startUpload();
    request.answer(0);
    const outcome = await result;
    expect('error' in outcome && outcome.error.status).toBe('FETCH_ERROR');
  });

  it('aborts the transfer when the signal fires, and settles once', async () => {
    const controller = new AbortController();
    const { request, result } = startUpload(controller.signal);
    controller.abort();
    request.answer(200); // A late load after abort changes nothing.
    expect(request.isAborted).toBe(true);
    expect(await result).toEqual({ error: { status: 'ABORTED' } });
  });

  it('does not even open a request for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const request = new FakeRequest();
    const outcome = await putSignedUpload({
      ticket,
      file: pdf,
      signal: controller.signal,
      createRequest: () => request,
    });
    expect(outcome).toEqual({ error: { status: 'ABORTED' } });
    expect(request.method).toBe('');
  });
});

describe('describeUploadError', () => {
  it("uses the API's own sentence from a JSON error body (413, 415)", () => {
    const data = JSON.stringify({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF files can be uploaded as a deck.' },
    });
    expect(describeUploadError({ status: 415, data })).toBe('Only PDF files can be uploaded as a deck.');
  });

  it('reads the code of an S3 XML error', () => {
    const data = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    expect(describeUploadError({ status: 403, data })).toMatch(/expired/);
  });

  it('falls back to words for the status', () => {
    expect(describeUploadError({ status: 413, data: '' })).toMatch(/larger than the upload allows/);
    expect(describeUploadError({ status: 503, data: 'oops' })).toMatch(/having trouble/);
    expect(describeUploadError({ status: 418, data: '{not json' })).toBe('The upload failed (HTTP 418). Try again.');
  });

  it('words a network failure and a cancel', () => {
    expect(describeUploadError({ status: 'FETCH_ERROR', error: 'x' })).toMatch(/couldn't reach the file storage/);
    expect(describeUploadError({ status: 'ABORTED' })).toBe('The upload was cancelled.');
  });
});

describe('checking a file before upload', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('accepts a PDF up to 50 MB', () => {
    expect(checkUploadFile(file('deck.pdf', 'application/pdf', 50 * 1024 * 1024), 'deck')).toBeNull();
  });

  it('refuses other types, empty files and oversized files in words', () => {
    expect(checkUploadFile(file('deck.pptx', 'application/vnd.ms-powerpoint', 1000), 'deck')).toBe(
      'Your deck must be a PDF file.',
    );
    expect(checkUploadFile(file('deck.pdf', 'application/pdf', 0), 'deck')).toMatch(/empty/);
    expect(checkUploadFile(file('deck.pdf', 'application/pdf', 50 * 1024 * 1024 + 1), 'deck')).toBe(
      'Your deck is 50.1 MB; the limit is 50 MB.',
    );
    expect(checkUploadFile(file('me.gif', 'image/gif', 1000), 'picture')).toBe(
      'Your picture must be a PNG, JPEG or WebP image.',
    );
  });

  it('takes a data room’s documents, a CSV Windows calls an Excel file as a CSV, and nothing else', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(checkUploadFile(file('model.xlsx', xlsx, 1000), 'document')).toBeNull();
    expect(contentTypeOf(file('cap-table.csv', 'application/vnd.ms-excel', 10), 'document')).toBe('text/csv');
    expect(contentTypeOf(file('old.xls', 'application/vnd.ms-excel', 10), 'document')).toBe('application/vnd.ms-excel');
    expect(contentTypeOf(file('contract.docx', '', 10), 'document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf(file('cap-table.csv', 'application/vnd.ms-excel', 10), 'deck')).toBeNull();
    expect(checkUploadFile(file('tool.exe', 'application/x-msdownload', 10), 'document')).toMatch(/^The file must be/);
  });

  it('trusts the extension only when the browser gave no type', () => {
    expect(contentTypeOf(file('deck.PDF', '', 1), 'deck')).toBe('application/pdf');
    expect(contentTypeOf(file('deck.pdf', 'text/plain', 1), 'deck')).toBeNull();
    expect(contentTypeOf(file('photo.jpg', '', 1), 'picture')).toBe('image/jpeg');
  });

  it('formats sizes and percentages for people', () => {
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatFileSize(3016)).toBe('3 KB');
    expect(formatFileSize(12.44 * 1024 * 1024)).toBe('12.4 MB');
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ loaded: 5, total: 0 })).toBe(0);
    expect(progressPercent({ loaded: 1, total: 3 })).toBe(33);
  });
});
