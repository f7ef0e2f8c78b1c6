import type { PublicLink, PublicLinkRoom } from '@deckvalid/contract/links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '@/features/auth/auth-state';
import { storeViewerAccess } from '@/features/links/viewer-token-storage';
import { downloadItem, folderItem, jsonResponse, pdfItem, renderPagesAt, slow } from '@/test/data-rooms';
import { ShareLinkPage } from './share-link-page';

vi.mock('react-pdf', async () => (await import('@/test/react-pdf-stand-in')).reactPdfStandIn(3));
vi.mock('@/shared/pdf/pdf-setup', () => ({ getPdfOptions: () => ({}) }));

const slug = 'roomlinkslug0123456789abcdef';
const viewerToken = 'viewer-token-0123456789abcdef';

const roomLink = (overrides: Partial<PublicLink> = {}): PublicLink => ({
  kind: 'room',
  title: 'Series A diligence',
  company: 'Ledgerleaf',
  pageCount: 0,
  requires: { email: true, verifyEmail: false, passcode: false, agreement: false },
  agreement: null,
  allowDownload: false,
  watermark: false,
  ...overrides,
});

const room: PublicLinkRoom = {
  name: 'Series A diligence',
  items: [
    downloadItem('sheet', 'Cap table.xlsx', null, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    folderItem('fin', 'Financials'),
    pdfItem('model', 'Model.pdf', 'fin'),
  ],
};

/** The visitor's calls over a stubbed fetch, each with the Authorization it carried. */
function stubApi(link: PublicLink) {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const path = new URL(request.url).pathname;
      calls.push({ path, authorization: request.headers.get('authorization') });
      if (path === `/api/v1/links/${slug}`) return jsonResponse({ link });
      if (path === `/api/v1/links/${slug}/room`) return jsonResponse({ room });
      if (path === `/api/v1/links/${slug}/items/model/file`) {
        return new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
      }
      if (path === `/api/v1/links/${slug}/items/sheet/download`) {
        return new Response('cap', { headers: { 'content-type': 'application/octet-stream' } });
      }
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

const renderRoom = (entry = `/s/${slug}`) => renderPagesAt(initialAuthState, entry, { '/s/:slug': ShareLinkPage });

beforeEach(() => {
  storeViewerAccess(slug, {
    viewerToken,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    email: 'ravi@northwind.example',
  });
});

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a data room opened by link', () => {
  it('lists the room’s folders and files, opens a PDF in the viewer with the token, and keeps it in the address', async () => {
    const calls = stubApi(roomLink());
    renderRoom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Series A diligence' }, slow)).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Documents in this room' }, slow);
    // Folders first, then files, the folder's own files inside it.
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Financials', 'Model.pdf12 pages', expect.stringContaining('Cap table.xlsx')]);
    expect(screen.getByTestId('link-room-pick').textContent).toContain('when the founder allows it');

    fireEvent.click(within(nav).getByRole('button', { name: /Model\.pdf/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/s/${slug}?doc=model`));
    await waitFor(() => expect(screen.getByTestId('link-room-document').textContent).toContain('Page 1 / 3'), slow);
    const fileCall = calls.find((call) => call.path === `/api/v1/links/${slug}/items/model/file`);
    expect(fileCall?.authorization).toBe(`Bearer ${viewerToken}`);
    expect(
      within(nav)
        .getByRole('button', { name: /Model\.pdf/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('offers a spreadsheet to download only when the link allows it', async () => {
    const calls = stubApi(roomLink());
    renderRoom(`/s/${slug}?doc=sheet`);
    const document = await screen.findByTestId('link-room-document', {}, slow);
    expect(document.textContent).toContain('does not allow downloads');
    expect(within(document).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(calls.some((call) => call.path.includes('/items/sheet/'))).toBe(false);
  });

  it('downloads a spreadsheet with the token when the link allows downloads', async () => {
    const calls = stubApi(roomLink({ allowDownload: true }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cap');
    // jsdom cannot follow a download; the click handing the file to the browser is what counts.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoom(`/s/${slug}?doc=sheet`);
    const document = await screen.findByTestId('link-room-document', {}, slow);
    fireEvent.click(within(document).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const download = calls.find((call) => call.path === `/api/v1/links/${slug}/items/sheet/download`);
    expect(download?.authorization).toBe(`Bearer ${viewerToken}`);
  });

  it('keeps a spreadsheet in the room when the link stamps every page with the visitor’s email', async () => {
    stubApi(roomLink({ allowDownload: true, watermark: true }));
    renderRoom(`/s/${slug}?doc=sheet`);
    const document = await screen.findByTestId('link-room-document', {}, slow);
    expect(document.textContent).toContain('cannot carry');
    expect(within(document).queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
