import type { UploadTicket } from '@deckvalid/contract/uploads';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PutSignedUploadOptions, SignedUploadResult } from '@/shared/api/upload-file';
import { initialUploadState, type TicketOutcome, uploadReducer, useSignedUpload } from './use-signed-upload';

const pdf = (name = 'deck.pdf', size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const ticketFor = (key: string): UploadTicket => ({
  uploadUrl: `/api/v1/storage/${key}?sig=1`,
  method: 'PUT',
  key,
  headers: { 'Content-Type': 'application/pdf' },
  expiresAt: '2026-01-01T00:15:00.000Z',
  maxBytes: 50 * 1024 * 1024,
});

/** A controllable PUT: each call waits until the test resolves it. */
function controllablePut() {
  const calls: { options: PutSignedUploadOptions; finish: (result: SignedUploadResult) => void }[] = [];
  const put = vi.fn(
    (options: PutSignedUploadOptions) =>
      new Promise<SignedUploadResult>((resolve) => {
        calls.push({ options, finish: resolve });
        options.signal?.addEventListener('abort', () => resolve({ error: { status: 'ABORTED' } }));
      }),
  );
  return { put, calls };
}

function setup() {
  let keyCounter = 0;
  const requestTicket = vi.fn(
    async (): Promise<TicketOutcome> => ({ ticket: ticketFor(`decks/file-${++keyCounter}.pdf`) }),
  );
  const discard = vi.fn();
  const { put, calls } = controllablePut();
  const hook = renderHook(() => useSignedUpload({ kind: 'deck', requestTicket, discard, put }));
  return { hook, requestTicket, discard, put, calls };
}

describe('uploadReducer', () => {
  it('walks idle → requesting → uploading → uploaded', () => {
    const file = pdf();
    let state = uploadReducer(initialUploadState, { type: 'started', file });
    expect(state.phase).toBe('requesting');
    state = uploadReducer(state, { type: 'ticketed' });
    expect(state).toMatchObject({ phase: 'uploading', progress: { loaded: 0, total: 1000 } });
    state = uploadReducer(state, { type: 'progressed', progress: { loaded: 400, total: 1000 } });
    state = uploadReducer(state, { type: 'succeeded', key: 'k' });
    expect(state).toMatchObject({ phase: 'uploaded', key: 'k', progress: { loaded: 1000, total: 1000 } });
  });

  it('ignores progress that arrives after the upload ended', () => {
    const failed = uploadReducer(uploadReducer(initialUploadState, { type: 'started', file: pdf() }), {
      type: 'failed',
      problem: 'No.',
    });
    expect(uploadReducer(failed, { type: 'progressed', progress: { loaded: 1, total: 2 } })).toBe(failed);
    expect(uploadReducer(failed, { type: 'succeeded', key: 'late' })).toBe(failed);
  });
});

describe('useSignedUpload', () => {
  it('asks for a ticket with the type and size, uploads, and exposes the key', async () => {
    const { hook, requestTicket, calls } = setup();
    let key: Promise<string | null> = Promise.resolve(null);
    act(() => {
      key = hook.result.current.start(pdf());
    });
    expect(requestTicket).toHaveBeenCalledWith('application/pdf', 1000);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(hook.result.current.state.phase).toBe('uploading');
    act(() => calls[0]?.options.onProgress?.({ loaded: 500, total: 1000 }));
    expect(hook.result.current.state.progress).toEqual({ loaded: 500, total: 1000 });
    await act(async () => calls[0]?.finish({ data: { key: 'decks/file-1.pdf' } }));
    expect(await key).toBe('decks/file-1.pdf');
    expect(hook.result.current.state).toMatchObject({ phase: 'uploaded', key: 'decks/file-1.pdf' });
  });

  it('refuses a file that breaks the limits without asking the server', async () => {
    const { hook, requestTicket } = setup();
    const notPdf = new File(['x'], 'deck.key', { type: 'application/x-iwork-keynote-sffkey' });
    await act(() => hook.result.current.start(notPdf));
    expect(requestTicket).not.toHaveBeenCalled();
    expect(hook.result.current.state).toMatchObject({ phase: 'failed', problem: 'Your deck must be a PDF file.' });
  });

  it("shows the ticket call's refusal as the problem", async () => {
    const { hook, requestTicket, put } = setup();
    requestTicket.mockResolvedValueOnce({ problem: 'Decks can be at most 50 MB.' });
    await act(() => hook.result.current.start(pdf()));
    expect(put).not.toHaveBeenCalled();
    expect(hook.result.current.state).toMatchObject({ phase: 'failed', problem: 'Decks can be at most 50 MB.' });
  });

  it('words a failed PUT from its status and body', async () => {
    const { hook, calls } = setup();
    act(() => void hook.result.current.start(pdf()));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.finish({ error: { status: 'FETCH_ERROR', error: 'offline' } }));
    expect(hook.result.current.state.phase).toBe('failed');
    expect(hook.result.current.state.problem).toMatch(/couldn't reach the file storage/);
  });

  it('choosing another file discards the uploaded one', async () => {
    const { hook, calls, discard } = setup();
    act(() => void hook.result.current.start(pdf('first.pdf')));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.finish({ data: { key: 'decks/file-1.pdf' } }));
    act(() => void hook.result.current.start(pdf('second.pdf')));
    expect(discard).toHaveBeenCalledWith('decks/file-1.pdf');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(hook.result.current.state.file?.name).toBe('second.pdf');
  });

  it('choosing another file mid-transfer aborts the first transfer', async () => {
    const { hook, calls } = setup();
    act(() => void hook.result.current.start(pdf('first.pdf')));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => void hook.result.current.start(pdf('second.pdf')));
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(hook.result.current.state.phase).toBe('uploading');
  });

  it('leaving the screen discards an unused upload, but not one the create call used', async () => {
    const first = setup();
    act(() => void first.hook.result.current.start(pdf()));
    await waitFor(() => expect(first.calls).toHaveLength(1));
    await act(async () => first.calls[0]?.finish({ data: { key: 'decks/file-1.pdf' } }));
    first.hook.unmount();
    expect(first.discard).toHaveBeenCalledWith('decks/file-1.pdf');

    const second = setup();
    act(() => void second.hook.result.current.start(pdf()));
    await waitFor(() => expect(second.calls).toHaveLength(1));
    await act(async () => second.calls[0]?.finish({ data: { key: 'decks/file-1.pdf' } }));
    act(() => second.hook.result.current.markUsed());
    second.hook.unmount();
    expect(second.discard).not.toHaveBeenCalled();
  });

  it('closing the tab (pagehide) discards an unused upload', async () => {
    const { hook, calls, discard } = setup();
    act(() => void hook.result.current.start(pdf()));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.finish({ data: { key: 'decks/file-1.pdf' } }));
    window.dispatchEvent(new Event('pagehide'));
    expect(discard).toHaveBeenCalledTimes(1);
    hook.unmount();
    expect(discard).toHaveBeenCalledTimes(1);
  });
});
