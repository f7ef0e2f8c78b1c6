import type { LinkVisitor } from '@deckvalid/contract/links';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { jsonResponse, signedInAs, slow } from '@/test/data-rooms';
import type { LinkOwnerRef } from '../links-api';
import { LinkVisitors } from './link-visitors';

const visitor: LinkVisitor = {
  email: 'ravi@northwind.example',
  isEmailVerified: true,
  visits: 2,
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T10:00:00.000Z',
  totalSeconds: 95,
  pages: [],
  furthestPage: null,
  downloaded: true,
  downloads: 1,
  agreedAt: null,
  documents: [
    {
      itemId: 'model',
      name: 'Model.pdf',
      opens: 2,
      downloads: 0,
      totalSeconds: 95,
      pages: [
        { page: 1, seconds: 80 },
        { page: 3, seconds: 15 },
      ],
      pageCount: 3,
      lastOpenedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      itemId: 'sheet',
      name: 'Cap table.xlsx',
      opens: 0,
      downloads: 1,
      totalSeconds: 0,
      pages: [],
      pageCount: null,
      lastOpenedAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

function renderVisitors(owner: LinkOwnerRef) {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      fetched.push(new URL(request.url).pathname);
      return jsonResponse({ data: [visitor] });
    }),
  );
  render(
    <AppProviders store={createAppStore(signedInAs('user'))}>
      <MemoryRouter>
        <LinkVisitors owner={owner} linkId="lnk-1" pageCount={null} />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetched;
}

afterEach(() => vi.unstubAllGlobals());

describe('LinkVisitors', () => {
  it('shows a data room link’s visitor per document: opened, read page by page, downloaded', async () => {
    const fetched = renderVisitors({ roomId: 'room-1' });
    const documents = await screen.findAllByTestId('link-visitor-document', {}, slow);
    expect(fetched).toEqual(['/api/v1/users/datarooms/room-1/links/lnk-1/visitors']);
    expect(screen.getByTestId('link-visitor').textContent).toContain('2 documents opened');
    const [model, sheet] = documents;
    expect(model?.textContent).toContain('Model.pdf');
    expect(model?.textContent).toContain('opened 2 times');
    const strip = within(model as HTMLElement).getByRole('list', { name: 'Time per page' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((cell) => cell.textContent),
    ).toEqual(['Page 1: 1 min 20 s', 'Page 2: not read', 'Page 3: 15 s']);
    expect(sheet?.textContent).toContain('downloaded 1 time');
    expect(sheet?.textContent).not.toContain('read');
  });
});
