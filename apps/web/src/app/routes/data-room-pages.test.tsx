import type { DataRoom, DataRoomWithTree } from '@deckvalid/contract/datarooms';
import type { DeckLink } from '@deckvalid/contract/links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  builtAt,
  downloadItem,
  folderItem,
  jsonResponse,
  pdfItem,
  renderDataRoomPages,
  rowNames,
  slow,
} from '@/test/data-rooms';
import { FounderDataRoomPage, FounderDataRoomsPage } from './data-room-pages';

const room: DataRoomWithTree = {
  id: 'room-1',
  name: 'Seed diligence',
  itemCount: 5,
  createdAt: builtAt,
  updatedAt: builtAt,
  items: [
    folderItem('legal', 'Legal'),
    folderItem('contracts', 'Contracts', 'legal'),
    pdfItem('cap', 'Cap table.pdf', null),
    pdfItem('lease', 'Office lease.pdf', 'contracts'),
    downloadItem('csv', 'Board minutes.csv', 'contracts'),
  ],
};

const accepted = (id: string, investorId: string, name: string, firm: string | null) => ({
  id,
  status: 'accepted',
  note: null,
  createdAt: builtAt,
  updatedAt: builtAt,
  investor: { id: investorId, name, email: `${investorId}@example.com`, firm },
  pitchDeck: { id: 'deck-1', title: 'Seed deck', company: 'Ledgerleaf' },
});

/** Ravi has the room; Ana (accepted on two decks) does not yet. */
const acceptedInterests = [
  accepted('int-ravi', 'inv-ravi', 'Ravi Menon', 'Northwind'),
  accepted('int-ana', 'inv-ana', 'Ana Ruiz', null),
  accepted('int-ana-2', 'inv-ana', 'Ana Ruiz', null),
];
const raviGrant = {
  id: 'grant-ravi',
  roomId: 'room-1',
  interestId: 'int-ravi',
  investorId: 'inv-ravi',
  createdAt: builtAt,
};

/** A data room's new share link as the server answers it. */
const roomLinkOf = (name: string): DeckLink => ({
  id: 'lnk-1',
  pitchDeckId: null,
  dataRoomId: 'room-1',
  slug: 'roomslug0123456789abcdefghij',
  url: 'http://localhost/s/roomslug0123456789abcdefghij',
  name,
  requireEmail: true,
  verifyEmail: false,
  allowList: [],
  denyList: [],
  hasPasscode: false,
  expiresAt: null,
  allowDownload: false,
  watermark: false,
  agreement: null,
  notify: true,
  version: null,
  state: 'active',
  endedAt: null,
  visitCount: 0,
  visitorCount: 0,
  lastVisitAt: null,
  createdAt: builtAt,
  updatedAt: builtAt,
});

/**
 * The founder's data-room calls over a stubbed fetch: a list (empty at first), one room, its
 * grants and the founder's accepted interests.
 */
function stubApi(rooms: DataRoom[] = [], world = { interests: acceptedInterests, grants: [raviGrant] }) {
  const grants = [...world.grants];
  const links: DeckLink[] = [];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.text();
      const body = text ? JSON.parse(text) : null;
      calls.push({ method: request.method, path, body });
      if (path === '/api/v1/users/datarooms' && request.method === 'GET') return jsonResponse({ data: rooms });
      if (path === '/api/v1/users/datarooms' && request.method === 'POST') {
        const created = {
          id: 'room-2',
          name: body.name,
          itemCount: 0,
          createdAt: builtAt,
          updatedAt: builtAt,
          items: [],
        };
        rooms.unshift(created);
        return jsonResponse({ room: created }, 201);
      }
      if (path === '/api/v1/users/datarooms/room-1') return jsonResponse({ room });
      if (path === '/api/v1/users/me/interests') {
        // Two to a page, as a founder past a page of accepted investors reads them.
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        const data = world.interests.slice((page - 1) * 2, page * 2);
        const total = world.interests.length;
        return jsonResponse({ data, meta: { page, limit: 2, total, hasMore: page * 2 < total } });
      }
      if (path === '/api/v1/users/datarooms/room-1/grants' && request.method === 'GET')
        return jsonResponse({ data: grants });
      if (path === '/api/v1/users/datarooms/room-1/grants' && request.method === 'POST') {
        const investor = world.interests.find((interest) => interest.id === body.interestId)?.investor;
        const grant = {
          id: `grant-${body.interestId}`,
          roomId: 'room-1',
          interestId: body.interestId,
          investorId: investor?.id ?? '',
          createdAt: builtAt,
        };
        grants.unshift(grant);
        return jsonResponse({ grant }, 201);
      }
      if (path.startsWith('/api/v1/users/datarooms/room-1/grants/') && request.method === 'DELETE') {
        grants.splice(
          grants.findIndex((grant) => path.endsWith(grant.id)),
          1,
        );
        return new Response(null, { status: 204 });
      }
      if (path === '/api/v1/users/datarooms/room-1/links' && request.method === 'GET')
        return jsonResponse({ data: links });
      if (path === '/api/v1/users/datarooms/room-1/links' && request.method === 'POST') {
        const link = roomLinkOf(body.name);
        links.unshift(link);
        return jsonResponse({ link }, 201);
      }
      if (path === '/api/v1/users/datarooms/room-1/items/lease' && request.method === 'PATCH') {
        return jsonResponse({ item: { ...pdfItem('lease', body.name, 'contracts') } });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);
    }),
  );
  return calls;
}

const renderAt = (entry: string) =>
  renderDataRoomPages('user', entry, {
    base: '/founder/datarooms',
    List: FounderDataRoomsPage,
    Room: FounderDataRoomPage,
  });

afterEach(() => vi.unstubAllGlobals());

describe('data room pages', () => {
  it('list: says what a data room is for when there is none yet', async () => {
    stubApi();
    renderAt('/founder/datarooms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data rooms' }, slow)).toBeTruthy();
    const empty = await screen.findByTestId('empty-state', {}, slow);
    expect(within(empty).getByText('No data rooms yet')).toBeTruthy();
    expect(empty.textContent).toContain('an investor you accept can read them in one place');
    expect(within(empty).getByRole('button', { name: 'New data room' })).toBeTruthy();
  });

  it('list: the new-room modal says what the name needs, then creates the room and opens it', async () => {
    const calls = stubApi();
    renderAt('/founder/datarooms');
    await screen.findByTestId('empty-state', {}, slow);
    fireEvent.click(screen.getAllByRole('button', { name: 'New data room' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New data room' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create data room' }));
    expect(await within(dialog).findByText('Give a name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create data room' }));
    expect(await within(dialog).findByText('Names can have at most 200 characters.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(name, { target: { value: 'Series A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create data room' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/founder/datarooms/room-2'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/users/datarooms', body: { name: 'Series A' } },
    ]);
  });

  it('list: a card per room with its item count', async () => {
    stubApi([{ id: 'room-1', name: 'Seed diligence', itemCount: 4, createdAt: builtAt, updatedAt: builtAt }]);
    renderAt('/founder/datarooms');
    const link = await screen.findByRole('link', { name: 'Seed diligence' }, slow);
    expect(link.getAttribute('href')).toBe('/founder/datarooms/room-1');
    expect(screen.getByText(/4 items · updated/)).toBeTruthy();
  });

  it('room: folders first, into a folder and back through the breadcrumbs, the folder kept in the address', async () => {
    stubApi();
    renderAt('/founder/datarooms/room-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seed diligence' }, slow)).toBeTruthy();
    expect(rowNames()).toEqual(['Legal', 'Cap table.pdf']);
    expect(screen.getByText(/234 KB · 12 pages/)).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Legal' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/founder/datarooms/room-1?folder=legal'));
    expect(rowNames()).toEqual(['Contracts']);
    fireEvent.click(screen.getByRole('link', { name: 'Contracts' }));
    await waitFor(() => expect(rowNames()).toEqual(['Board minutes.csv', 'Office lease.pdf']));

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Contracts').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(crumbs).getByRole('link', { name: 'Legal' }));
    await waitFor(() => expect(rowNames()).toEqual(['Contracts']));
    fireEvent.click(within(crumbs).getByRole('link', { name: 'Seed diligence' }));
    await waitFor(() => expect(rowNames()).toEqual(['Legal', 'Cap table.pdf']));
    expect(within(crumbs).getByRole('link', { name: 'Data rooms' }).getAttribute('href')).toBe('/founder/datarooms');
  });

  it('room: a reload inside a folder opens that folder', async () => {
    stubApi();
    renderAt('/founder/datarooms/room-1?folder=contracts');
    await screen.findByRole('heading', { level: 1, name: 'Seed diligence' }, slow);
    expect(rowNames()).toEqual(['Board minutes.csv', 'Office lease.pdf']);
    // A PDF opens in the reader; any other file downloads.
    expect(screen.getByRole('button', { name: 'Open Office lease.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Board minutes.csv' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Office lease.pdf' })).toBeTruthy();
  });

  it('room: renames a file from its actions, and deletes only after a confirmation', async () => {
    const calls = stubApi();
    renderAt('/founder/datarooms/room-1?folder=contracts');
    await screen.findByRole('heading', { level: 1, name: 'Seed diligence' }, slow);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Office lease.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename file' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Office lease.pdf');
    fireEvent.change(name, { target: { value: 'Lease 2027.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/api/v1/users/datarooms/room-1/items/lease', body: { name: 'Lease 2027.pdf' } },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Board minutes.csv' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(confirm.textContent).toContain('Delete “Board minutes.csv”? This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('room: lists who has the room by name, gives it to an accepted investor and takes it back after a confirmation', async () => {
    const calls = stubApi();
    renderAt('/founder/datarooms/room-1');
    const section = await screen.findByRole('region', { name: 'Who has this room' }, slow);
    const holders = () =>
      within(section)
        .queryAllByTestId('data-room-grant')
        .map((row) => row.querySelector('p')?.textContent);
    await waitFor(() => expect(holders()).toEqual(['Ravi Menon (Northwind)']));

    // Only the accepted investors without the room, once each however many decks they are accepted on.
    fireEvent.click(within(section).getByLabelText('Add investor'));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Ana Ruiz']);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.click(within(section).getByRole('button', { name: 'Give access' }));
    await waitFor(() => expect(holders()).toEqual(['Ana Ruiz', 'Ravi Menon (Northwind)']));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/users/datarooms/room-1/grants', body: { interestId: 'int-ana' } },
    ]);
    expect(within(section).getByText('Every investor you accepted has this room.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Ravi Menon' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove access' });
    expect(confirm.textContent).toContain('Take this room back from Ravi Menon (Northwind)?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Ravi Menon' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove access' })).getByRole('button', {
        name: 'Remove access',
      }),
    );
    await waitFor(() => expect(holders()).toEqual(['Ana Ruiz']));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/v1/users/datarooms/room-1/grants/grant-ravi', body: null },
    ]);
  });

  it('room: with no accepted investor, says to accept an interest first and links to My investors', async () => {
    stubApi([], { interests: [], grants: [] });
    renderAt('/founder/datarooms/room-1');
    const empty = await screen.findByTestId('grants-empty-state', {}, slow);
    expect(empty.textContent).toContain("Accept an investor's interest first; then you can give them this room.");
    expect(within(empty).getByRole('link', { name: 'My investors' }).getAttribute('href')).toBe(
      '/founder/my-investors',
    );
    expect(screen.getByText('No investor has this room yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Add investor')).toBeNull();
  });

  it('room: shares the room by link, with a link’s settings but no version to pick', async () => {
    const calls = stubApi();
    renderAt('/founder/datarooms/room-1');
    const panel = await screen.findByTestId('deck-share-tab', {}, slow);
    expect(await within(panel).findByTestId('links-empty', {}, slow)).toBeTruthy();
    expect(panel.textContent).toContain('Send this data room to anyone');
    fireEvent.click(within(panel).getByRole('button', { name: 'New link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New share link' });
    expect(within(dialog).queryByLabelText('Version shown')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Northwind diligence' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(panel).findByText('Northwind diligence', {}, slow)).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST' && call.path.endsWith('/links'));
    expect(posted?.path).toBe('/api/v1/users/datarooms/room-1/links');
    expect(posted?.body).toMatchObject({ name: 'Northwind diligence' });
    expect(posted?.body).not.toHaveProperty('version');
  });

  it('room: offers the accepted investors of every page of the list, not the first page alone', async () => {
    const interests = [...acceptedInterests, accepted('int-lee', 'inv-lee', 'Lee Park', 'Harbor')];
    const calls = stubApi([], { interests, grants: [] });
    renderAt('/founder/datarooms/room-1');
    const section = await screen.findByRole('region', { name: 'Who has this room' }, slow);
    fireEvent.click(await within(section).findByLabelText('Add investor', {}, slow));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'Ravi Menon (Northwind)',
      'Ana Ruiz',
      'Lee Park (Harbor)',
    ]);
    const pages = calls.filter((call) => call.path === '/api/v1/users/me/interests');
    expect(pages).toHaveLength(2);
  });
});
