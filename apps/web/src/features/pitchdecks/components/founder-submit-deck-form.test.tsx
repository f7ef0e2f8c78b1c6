import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FounderSubmitDeckForm } from './founder-submit-deck-form';

// pdf.js does not run in jsdom; the preview is the other helper's component, tested there.
vi.mock('@/shared/pdf/pdf-thumbnail', () => ({ PdfThumbnail: () => <div data-testid="pdf-thumbnail" /> }));
// The page count is pdf.js's too; each test says what the file holds (null: the browser cannot tell).
const pageCount = vi.hoisted(() => ({ value: null as number | null }));
vi.mock('@/shared/pdf/pdf-page-count', () => ({ countPdfPages: async () => pageCount.value }));

/** The browser's XMLHttpRequest, driven by the test: it records the PUT and answers on demand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
}

const ticket = {
  uploadUrl: '/api/v1/storage/decks/u1.pdf?sig=abc',
  method: 'PUT',
  key: 'decks/u1.pdf',
  headers: { 'Content-Type': 'application/pdf' },
  expiresAt: '2030-01-01T00:00:00.000Z',
  maxBytes: 52_428_800,
};

const createdDeck = {
  id: 'deck-1',
  company: 'Clinicpay',
  title: 'Seed round',
  pitch: 'Payroll for clinics',
  sector: 'Fintech',
  stage: 'Seed',
  amountSought: 1_500_000,
  location: 'Berlin',
  website: null,
  status: 'processing',
  pageCount: null,
  fileSize: 2048,
  createdAt: '2026-01-01T00:00:00.000Z',
  readyAt: null,
  failureReason: null,
  fontSizes: null,
  interestCount: 0,
  viewCount: 0,
  fileUrl: null,
  thumbnailUrl: null,
};

let requests: { method: string; url: URL; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  pageCount.value = null;
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const text = await input.text();
      requests.push({ method: input.method, url, body: text ? JSON.parse(text) : undefined });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/pitchdecks/upload')) return json(200, ticket);
      if (input.method === 'POST') return json(201, { pitchDeck: createdDeck });
      return new Response(null, { status: 204 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSubmitted = vi.fn();
  const onUnsavedWorkChange = vi.fn();
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  const view = render(
    <AppProviders store={store}>
      <FounderSubmitDeckForm
        onSubmitted={onSubmitted}
        onUnsavedWorkChange={onUnsavedWorkChange}
        defaults={{ location: 'Berlin' }}
      />
    </AppProviders>,
  );
  return { onSubmitted, onUnsavedWorkChange, ...view };
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const pdf = new File([new Uint8Array(2048)], 'deck.pdf', { type: 'application/pdf' });

describe('FounderSubmitDeckForm', () => {
  it('uploads with a real progress bar, then submits the details with the key', async () => {
    const { onSubmitted } = renderForm();
    chooseFile(pdf);

    await waitFor(() => expect(FakeXhr.last?.method).toBe('PUT'));
    const ticketCall = requests.find((request) => request.url.pathname === '/api/v1/users/pitchdecks/upload');
    expect(ticketCall?.url.searchParams.get('fileType')).toBe('application/pdf');
    expect(ticketCall?.url.searchParams.get('fileSize')).toBe('2048');
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe(ticket.uploadUrl);
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf' });

    xhr.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: 1024, total: 2048 }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50'),
    );
    xhr.status = 200;
    xhr.onload?.();
    expect(await screen.findByText(/Uploaded/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: 'Clinicpay' } });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Seed round' } });
    fireEvent.change(screen.getByLabelText(/^One-line pitch/), { target: { value: 'Payroll for clinics' } });
    fireEvent.change(screen.getByLabelText(/^Sector/), { target: { value: 'Fintech' } });
    fireEvent.change(screen.getByLabelText(/^Stage/), { target: { value: 'Seed' } });
    fireEvent.change(screen.getByLabelText(/^Amount sought \(USD\)/), { target: { value: '1500000' } });
    expect((screen.getByLabelText(/^Location/) as HTMLInputElement).value).toBe('Berlin');
    fireEvent.click(screen.getByRole('button', { name: /Submit deck/ }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(createdDeck));
    const create = requests.find((request) => request.method === 'POST');
    expect(create?.body).toEqual({
      key: 'decks/u1.pdf',
      company: 'Clinicpay',
      title: 'Seed round',
      pitch: 'Payroll for clinics',
      sector: 'Fintech',
      stage: 'Seed',
      amountSought: 1_500_000,
      location: 'Berlin',
      website: null,
    });
    // The deck uses the file: nothing is discarded.
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('refuses a deck of more than 300 pages before the upload starts, in the server’s words', async () => {
    pageCount.value = 301;
    const { onUnsavedWorkChange } = renderForm();
    chooseFile(pdf);
    expect((await screen.findByTestId('upload-error')).textContent).toBe(
      'The deck has 301 pages; decks can have at most 300.',
    );
    expect(requests).toHaveLength(0);
    expect(FakeXhr.last).toBeNull();
    expect(onUnsavedWorkChange).not.toHaveBeenCalledWith('uploading');

    pageCount.value = 300;
    chooseFile(pdf);
    await waitFor(() => expect(FakeXhr.last?.method).toBe('PUT'));
    await waitFor(() => expect(onUnsavedWorkChange).toHaveBeenLastCalledWith('uploading'));
  });

  it('reports details typed over the profile’s defaults as work to lose, not the defaults', async () => {
    const { onUnsavedWorkChange } = renderForm();
    await waitFor(() => expect(screen.getByLabelText(/Location/).getAttribute('value')).toBe('Berlin'));
    expect(onUnsavedWorkChange).not.toHaveBeenCalledWith('details');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Seed round' } });
    await waitFor(() => expect(onUnsavedWorkChange).toHaveBeenLastCalledWith('details'));
  });

  it('refuses a non-PDF before any request, in words', async () => {
    renderForm();
    chooseFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('upload-error')).textContent).toContain('Your deck must be a PDF file.');
    expect(requests).toHaveLength(0);
  });

  it('shows what is missing inline when submitting an empty form', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: /Submit deck/ }));
    expect(await screen.findByText('Enter the company name.')).toBeTruthy();
    expect(screen.getByText('Pick a sector from the list.')).toBeTruthy();
    expect(screen.getByText('Upload your deck as a PDF first.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the storage's refusal and deletes an upload the founder removes", async () => {
    renderForm();
    chooseFile(pdf);
    await waitFor(() => expect(FakeXhr.last?.method).toBe('PUT'));
    const first = FakeXhr.last as FakeXhr;
    first.status = 403;
    first.responseText = '<Error><Code>AccessDenied</Code></Error>';
    first.onload?.();
    expect((await screen.findByTestId('upload-error')).textContent).toMatch(/expired or was refused/);

    fireEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    await waitFor(() => expect(FakeXhr.last).not.toBe(first));
    const second = FakeXhr.last as FakeXhr;
    second.status = 200;
    second.onload?.();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      const discard = requests.find((request) => request.method === 'DELETE');
      expect(discard?.url.pathname).toBe('/api/v1/users/pitchdecks/file');
      expect(discard?.url.searchParams.get('key')).toBe('decks/u1.pdf');
    });
  });
});
