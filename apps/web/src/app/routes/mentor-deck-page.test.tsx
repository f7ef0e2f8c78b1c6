import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import { mentorDeckPaths } from '@deckvalid/contract/api-paths';
import { type DeckComment, deckCommentPaths } from '@deckvalid/contract/deck-comments';
import { deckComparePaths } from '@deckvalid/contract/deck-compare';
import { type DeckReview, deckReviewPaths } from '@deckvalid/contract/deck-reviews';
import { mentorFounderPaths } from '@deckvalid/contract/mentors';
import type { MentorDeckVersion, MentorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { paths, routePatterns } from '@/config/paths';
import { CommentsPanel } from '@/features/deck-feedback/components/comments-panel';
import { FounderReviewsList } from '@/features/deck-feedback/components/deck-reviews';
import { VersionChanges } from '@/features/deck-feedback/components/version-changes';
import { builtAt, jsonResponse, renderPagesAt, signedInAs, slow } from '@/test/data-rooms';
import { MentorDeckPage } from './mentor-deck-page';
import { MentorHomePage } from './mentor-home-page';

// pdf.js cannot run in jsdom: a document of five pages stands in, each page drawn at once.
vi.mock('react-pdf', async () => (await import('@/test/react-pdf-stand-in')).reactPdfStandIn(5));
vi.mock('@/shared/pdf/pdf-setup', () => ({ getPdfOptions: () => ({}) }));

// jsdom has no PointerEvent: without one a pointer event loses its coordinates.
if (typeof window !== 'undefined' && !('PointerEvent' in window)) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const me = signedInAs('mentor');
const maya = { id: 'usr-maya', name: 'Maya Chen' };
const deck: MentorPitchDeck = {
  id: 'dck-1',
  company: 'Saltmarsh',
  title: 'Saltmarsh seed round',
  pitch: 'Coastal flood sensors.',
  sector: 'Climate',
  stage: 'Seed',
  amountSought: 900_000,
  location: 'Hamburg',
  website: null,
  status: 'ready',
  pageCount: 5,
  fileSize: 100_000,
  createdAt: builtAt,
  readyAt: builtAt,
  founder: maya,
  liveVersion: 2,
  fileUrl: '/files/v2.pdf',
  thumbnailUrl: null,
} as MentorPitchDeck;
const versions: MentorDeckVersion[] = [
  { number: 2, pageCount: 5, readyAt: builtAt, isLive: true, fileUrl: '/files/v2.pdf' },
  { number: 1, pageCount: 4, readyAt: builtAt, isLive: false, fileUrl: '/files/v1.pdf' },
];

const comment = (id: string, overrides: Partial<DeckComment> = {}): DeckComment => ({
  id,
  pitchDeckId: deck.id,
  version: 2,
  page: 1,
  region: null,
  author: { id: me.user?.id ?? '', name: 'Noor', role: 'mentor' },
  body: `Comment ${id}`,
  createdAt: builtAt,
  editedAt: null,
  outdated: false,
  resolvedAt: null,
  resolvedBy: null,
  replies: [],
  ...overrides,
});

const review = (overrides: Partial<DeckReview> = {}): DeckReview => ({
  id: 'rvw-1',
  pitchDeckId: deck.id,
  version: 2,
  mentor: { id: 'mtr-1', name: 'Noor' },
  sections: analysisSectionKeys.map((key) => ({ key, score: 4, note: key === 'market' ? 'Cite the source.' : null })),
  verdict: 'needs_work',
  summary: 'Source the market size.',
  createdAt: builtAt,
  updatedAt: builtAt,
  ...overrides,
});

type Call = { method: string; path: string; search: string; body: unknown };

/** Stubs fetch over a world of comments and reviews that the calls change; the rest is 404. */
function stubDeckWorld(world: { comments: DeckComment[]; reviews: DeckReview[]; commentFailures?: number }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const call = {
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      const { method, path } = call;
      if (path === mentorFounderPaths.founders)
        return jsonResponse({ data: [{ founder: { ...maya, email: 'm@x.io' }, since: builtAt }] });
      if (path === mentorDeckPaths.pitchDecks) return jsonResponse({ data: [deck] });
      if (path === mentorDeckPaths.pitchDeck(deck.id)) return jsonResponse({ pitchDeck: deck });
      if (path === mentorDeckPaths.versions(deck.id)) return jsonResponse({ versions });
      if (path === deckCommentPaths.comments(deck.id) && method === 'GET') {
        if (world.commentFailures) {
          world.commentFailures -= 1;
          return jsonResponse({ error: { code: 'INTERNAL', message: 'Something broke on our side.' } }, 500);
        }
        return jsonResponse({ data: world.comments });
      }
      if (path === deckCommentPaths.people(deck.id)) {
        return jsonResponse({
          data: [
            { ...maya, role: 'user' },
            { id: me.user?.id ?? '', name: me.user?.name ?? '', role: 'mentor' },
            { id: 'mtr-theo', name: 'Theo Adviser', role: 'mentor' },
          ],
        });
      }
      if (path === deckCommentPaths.comments(deck.id) && method === 'POST') {
        const body = call.body as { version: number; page: number; region: DeckComment['region']; body: string };
        const created = comment('new', { ...body, region: body.region ?? null });
        world.comments.push(created);
        return jsonResponse({ comment: created }, 201);
      }
      const target = world.comments.find((item) => path.includes(`/comments/${item.id}`));
      if (target && path === deckCommentPaths.resolve(target.id)) {
        Object.assign(target, { resolvedAt: builtAt, resolvedBy: { id: 'usr-maya', name: 'Noor' } });
        return jsonResponse({ comment: target });
      }
      if (target && path === deckCommentPaths.reopen(target.id)) {
        Object.assign(target, { resolvedAt: null, resolvedBy: null });
        return jsonResponse({ comment: target });
      }
      if (target && path === deckCommentPaths.replies(target.id)) {
        const reply = {
          id: 'rpl-new',
          author: { id: 'usr-maya', name: 'Maya Chen', role: 'user' as const },
          body: (call.body as { body: string }).body,
          createdAt: builtAt,
          editedAt: null,
        };
        target.replies.push(reply);
        return jsonResponse({ reply }, 201);
      }
      if (target && path === deckCommentPaths.comment(target.id) && method === 'PATCH') {
        Object.assign(target, { body: (call.body as { body: string }).body, editedAt: builtAt });
        return jsonResponse({ comment: target });
      }
      if (target && path === deckCommentPaths.comment(target.id) && method === 'DELETE') {
        world.comments = world.comments.filter((item) => item !== target);
        return new Response(null, { status: 204 });
      }
      if (path === deckReviewPaths.mentorReviews(deck.id) || path === deckReviewPaths.founderReviews(deck.id)) {
        return jsonResponse({ data: world.reviews });
      }
      if (path === deckReviewPaths.review(deck.id, 2) && method === 'PUT') {
        const saved = review({ ...(call.body as Partial<DeckReview>), updatedAt: '2026-11-02T10:00:00.000Z' });
        world.reviews = [saved];
        return jsonResponse({ review: saved });
      }
      if (path === deckComparePaths.mentor(deck.id) || path === deckComparePaths.founder(deck.id)) {
        return jsonResponse({
          comparison: {
            from: 1,
            to: 2,
            pages: [{ kind: 'added', toPage: 5 }],
            unchangedPages: 3,
            score: { before: 58, after: 64 },
            sections: [
              { key: 'team', label: 'Team', before: { found: false, pages: [] }, after: { found: true, pages: [5] } },
            ],
            figures: [
              { key: 'arr', label: 'ARR', before: null, after: null, summary: 'ARR USD 1.2M → USD 1.6M, p. 4' },
            ],
          },
        });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);
    }),
  );
  return calls;
}

const renderDeckPage = (entry = paths.mentor.deck(deck.id)) =>
  renderPagesAt(me, entry, { [routePatterns.mentorDeck]: MentorDeckPage, [paths.mentor.home]: MentorHomePage });

const viewerPage = () => screen.getByTestId('deck-viewer').getAttribute('data-page');

describe('mentor deck page', () => {
  it("links each of the founders' decks from the mentor home", async () => {
    stubDeckWorld({ comments: [], reviews: [] });
    renderPagesAt(me, paths.mentor.home, { [paths.mentor.home]: MentorHomePage });
    const card = await screen.findByTestId('mentor-deck-card', {}, slow);
    expect(
      within(card)
        .getByRole('link', { name: `Open the deck ${deck.title}` })
        .getAttribute('href'),
    ).toBe(paths.mentor.deck(deck.id));
  });

  it("groups the shown version's comments by page, keeps outdated ones apart, and shows a comment's region on its page", async () => {
    stubDeckWorld({
      comments: [
        comment('c3', { page: 3, region: { x: 0.1, y: 0.2, width: 0.3, height: 0.2 } }),
        comment('c1', { page: 1, author: { id: 'usr-maya', name: 'Maya Chen', role: 'user' } }),
        comment('old', { version: 1, page: 4, outdated: true }),
      ],
      reviews: [],
    });
    renderDeckPage();
    const pages = await screen.findAllByTestId('comment-page', {}, slow);
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual(['Page 1', 'Page 3']);
    const outdated = screen.getByTestId('outdated-comments');
    expect(within(outdated).getByText('Comment old')).toBeTruthy();
    expect(within(outdated).getByText(/Outdated · version 1, page 4/)).toBeTruthy();
    // Only one's own comments offer Edit and Delete.
    expect(within(pages[0] as HTMLElement).queryByRole('button', { name: 'Edit your comment' })).toBeNull();
    expect(within(pages[1] as HTMLElement).getByRole('button', { name: 'Edit your comment' })).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('deck-viewer').getAttribute('data-state')).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Show on page 3' }));
    await waitFor(() => expect(viewerPage()).toBe('3'));
    const region = await screen.findByTestId('comment-region');
    expect(region.getAttribute('aria-label')).toBe('Comment 1 by Noor, on the top left of the page');
    expect(region.getAttribute('data-highlighted')).toBe('true');
    expect(region.style.left).toBe('10%');
    expect(screen.getByRole('heading', { name: 'Page 3 (shown)' })).toBeTruthy();
  });

  it('comments on the page shown with a region dragged on it, in fractions of the page', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { page: 2 }));
    expect(await screen.findByTestId('comments-empty', {}, slow)).toBeTruthy();
    await waitFor(() => expect(viewerPage()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark a region' }));
    const surface = await screen.findByTestId('comment-region-surface');
    vi.spyOn(surface, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 200 } as DOMRect);
    fireEvent.pointerDown(surface, { clientX: 40, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(surface, { clientX: 240, clientY: 120, pointerId: 1 });
    fireEvent.pointerUp(surface, { clientX: 240, clientY: 120, pointerId: 1 });
    expect((await screen.findByTestId('draft-region')).textContent).toBe('Region: the middle of the page');

    fireEvent.change(screen.getByRole('textbox', { name: 'Comment on page 2' }), {
      target: { value: '  Say where the figure comes from.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment on this page' }));
    await screen.findByText('Say where the figure comes from.', {}, slow);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: 2,
      page: 2,
      region: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
      body: 'Say where the figure comes from.',
    });
  });

  it('suggests the deck’s people after an @, writes the name picked, and shows mentions in bold', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { page: 2 }));
    expect(await screen.findByTestId('comments-empty', {}, slow)).toBeTruthy();
    const box = screen.getByRole('textbox', { name: /Comment on page 2/ }) as HTMLTextAreaElement;
    // The deck's people, but not the writer.
    fireEvent.change(box, { target: { value: 'Ask @' } });
    const everyone = await screen.findAllByTestId('mention-option', {}, slow);
    expect(everyone.map((option) => option.textContent)).toEqual(['Maya Chen', 'Theo Adviser']);
    fireEvent.change(box, { target: { value: 'Ask @th' } });
    const options = await screen.findAllByTestId('mention-option', {}, slow);
    expect(options.map((option) => option.textContent)).toEqual(['Theo Adviser']);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Ask @Theo Adviser '));
    expect(screen.queryByTestId('mention-option')).toBeNull();
    fireEvent.change(box, { target: { value: 'Ask @Theo Adviser about the market size.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment on this page' }));
    const mention = await screen.findByTestId('mention', {}, slow);
    expect(mention.textContent).toBe('@Theo Adviser');
    expect(mention.getAttribute('data-account-id')).toBe('mtr-theo');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      body: 'Ask @Theo Adviser about the market size.',
    });
  });

  it('draws a region with the keyboard alone: the page takes the focus, arrows move, Shift resizes', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { page: 2 }));
    expect(await screen.findByTestId('comments-empty', {}, slow)).toBeTruthy();
    await waitFor(() => expect(viewerPage()).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark a region' }));
    const surface = await screen.findByRole('application', { name: /Draw the region of your comment/ });
    await waitFor(() => expect(document.activeElement).toBe(surface));
    // From the middle (x 0.25, y 0.35, 0.5 × 0.3): two steps left, one up, then one step narrower.
    fireEvent.keyDown(surface, { key: 'ArrowLeft' });
    fireEvent.keyDown(surface, { key: 'ArrowLeft' });
    fireEvent.keyDown(surface, { key: 'ArrowUp' });
    fireEvent.keyDown(surface, { key: 'ArrowLeft', shiftKey: true });
    // The arrows drew; the viewer did not turn the page.
    expect(viewerPage()).toBe('2');
    expect(surface.getAttribute('aria-label')).toMatch(/Now: /);
    fireEvent.keyDown(surface, { key: 'Enter' });
    expect(await screen.findByTestId('draft-region')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Comment on page 2' }), { target: { value: 'This box.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment on this page' }));
    await screen.findByText('This box.', {}, slow);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: 2,
      page: 2,
      region: { x: 0.15, y: 0.3, width: 0.45, height: 0.3 },
      body: 'This box.',
    });
  });

  it('resolves and reopens, replies, edits and deletes one’s own comment', async () => {
    const calls = stubDeckWorld({ comments: [comment('c1')], reviews: [] });
    renderDeckPage();
    await screen.findByTestId('deck-comment', {}, slow);
    // Each step reads the card anew: a refetch after a change may render it again.
    const card = () => screen.getByTestId('deck-comment');
    fireEvent.click(within(card()).getByRole('button', { name: 'Resolve' }));
    expect(await within(card()).findByTestId('comment-resolved', {}, slow)).toBeTruthy();
    fireEvent.click(within(card()).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(within(card()).queryByTestId('comment-resolved')).toBeNull());

    fireEvent.click(within(card()).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(card()).getByRole('textbox', { name: 'Your reply' }), { target: { value: 'Will do.' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'Send reply' }));
    expect(await within(card()).findByText('Will do.', {}, slow)).toBeTruthy();

    fireEvent.click(within(card()).getByRole('button', { name: 'Edit your comment' }));
    fireEvent.change(within(card()).getByRole('textbox', { name: 'Edit your comment' }), {
      target: { value: 'Sharper.' },
    });
    fireEvent.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(await within(card()).findByText('Sharper.', {}, slow)).toBeTruthy();

    // The comment's own actions come back once the edit's answer has been read again.
    fireEvent.click(await within(card()).findByRole('button', { name: 'Delete your comment' }, slow));
    fireEvent.click(within(card()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('comments-empty', {}, slow)).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining([
        `POST ${deckCommentPaths.resolve('c1')}`,
        `POST ${deckCommentPaths.reopen('c1')}`,
        `POST ${deckCommentPaths.replies('c1')}`,
        `PATCH ${deckCommentPaths.comment('c1')}`,
        `DELETE ${deckCommentPaths.comment('c1')}`,
      ]),
    );
  });

  it('says what failed when the comments do not load, and tries again', async () => {
    stubDeckWorld({ comments: [], reviews: [], commentFailures: 1 });
    renderDeckPage();
    expect(await screen.findByText("We couldn't load the comments", {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('comments-empty', {}, slow)).toBeTruthy();
  });

  it('saves a review with every section in the report order, then shows it and lets the mentor change it', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { tab: 'review' }));
    const form = await screen.findByTestId('review-form', {}, slow);
    fireEvent.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByText(/Score every section from 1 to 5: 12 left/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    for (const section of within(form).getAllByTestId('review-section')) {
      fireEvent.click(within(section).getByRole('radio', { name: '3' }));
    }
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note on team' }), { target: { value: 'Add a CTO.' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Ready for investors' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Summary/ }), { target: { value: 'Nearly there.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save review' }));

    const saved = await screen.findByTestId('deck-review', {}, slow);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(deckReviewPaths.review(deck.id, 2));
    const body = put?.body as {
      sections: { key: string; score: number; note: string | null }[];
      verdict: string;
      summary: string;
    };
    expect(body.sections.map((section) => section.key)).toEqual([...analysisSectionKeys]);
    expect(body.sections.find((section) => section.key === 'team')).toEqual({
      key: 'team',
      score: 3,
      note: 'Add a CTO.',
    });
    expect(body.sections.find((section) => section.key === 'ask')?.note).toBeNull();
    expect(body.verdict).toBe('ready');
    expect(body.summary).toBe('Nearly there.');
    expect(within(saved).getByTestId('review-verdict').textContent).toBe('Ready for investors');

    fireEvent.click(screen.getByRole('button', { name: 'Change your review' }));
    const again = await screen.findByTestId('review-form');
    expect(within(again).getByRole('textbox', { name: 'Note on team' })).toHaveProperty('value', 'Add a CTO.');
  });

  it('links the validation report of the version shown', async () => {
    stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { version: 1 }));
    const link = await screen.findByTestId('mentor-report-link', {}, slow);
    expect(link.textContent).toBe('Validation report of version 1');
    expect(link.getAttribute('href')).toBe(paths.mentor.deck(deck.id, { version: 1, tab: 'report' }));
  });

  it('says in plain words what changed between two versions', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck(deck.id, { tab: 'changes' }));
    expect((await screen.findByTestId('comparison-score', {}, slow)).textContent).toBe(
      "From version 1 to version 2, the report's score is up 6 points, from 58 to 64.",
    );
    expect(screen.getByText('Team is now told (page 5).')).toBeTruthy();
    expect(screen.getByText('ARR USD 1.2M → USD 1.6M, p. 4')).toBeTruthy();
    expect(screen.getByText('Page 5 is new.')).toBeTruthy();
    expect(calls.find((call) => call.path === deckComparePaths.mentor(deck.id))?.search).toBe('?from=1&to=2');
  });

  it('says when the deck is not there', async () => {
    stubDeckWorld({ comments: [], reviews: [] });
    renderDeckPage(paths.mentor.deck('dck-gone'));
    expect((await screen.findByTestId('empty-state', {}, slow)).textContent).toContain('Deck not found');
  });
});

/** The founder's side of the same panels, as the deck page's Mentors and What changed tabs compose them. */
function renderFounderPanels(children: ReactNode) {
  render(
    <AppProviders store={createAppStore(signedInAs('user'))}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>,
  );
}

describe("the founder's view of mentors' feedback", () => {
  it('reads, replies and resolves without a form to comment, and lists every review', async () => {
    const calls = stubDeckWorld({ comments: [comment('c1', { page: 3 })], reviews: [review()] });
    renderFounderPanels(
      <>
        <CommentsPanel deckId={deck.id} version={2} viewerId="usr-1" highlightedId={null} onShow={() => {}} />
        <FounderReviewsList deckId={deck.id} />
      </>,
    );
    const card = await screen.findByTestId('deck-comment', {}, slow);
    expect(screen.queryByTestId('new-comment-form')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit your comment' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(await within(card).findByTestId('comment-resolved', {}, slow)).toBeTruthy();
    const reviewCard = await screen.findByTestId('deck-review', {}, slow);
    expect(within(reviewCard).getByRole('heading', { name: 'Noor on version 2' })).toBeTruthy();
    expect(within(reviewCard).getByText('Cite the source.')).toBeTruthy();
    expect(calls.some((call) => call.path === deckReviewPaths.founderReviews(deck.id))).toBe(true);
  });

  it('lets the founder ask their mentors about a page they pick, beside no viewer', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderFounderPanels(
      <CommentsPanel
        deckId={deck.id}
        version={2}
        pageCount={5}
        viewerId="usr-1"
        highlightedId={null}
        onShow={() => {}}
      />,
    );
    const form = await screen.findByTestId('new-comment-form', {}, slow);
    expect(within(form).queryByRole('button', { name: 'Mark a region' })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Page' }), { target: { value: '3' } });
    const text = within(form).getByRole('textbox', { name: 'Comment on page 3' });
    fireEvent.change(text, { target: { value: 'Is the market slide convincing now?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Comment on this page' }));
    expect(await screen.findByText('Is the market slide convincing now?', {}, slow)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: 2,
      page: 3,
      region: null,
      body: 'Is the market slide convincing now?',
    });
  });

  it('says when there are no reviews yet, and compares on the founder’s path', async () => {
    const calls = stubDeckWorld({ comments: [], reviews: [] });
    renderFounderPanels(
      <>
        <FounderReviewsList deckId={deck.id} />
        <VersionChanges deckId={deck.id} side="founder" versions={[2, 1]} />
      </>,
    );
    expect(await screen.findByTestId('reviews-empty', {}, slow)).toBeTruthy();
    expect(await screen.findByTestId('comparison-score', {}, slow)).toBeTruthy();
    expect(calls.some((call) => call.path === deckComparePaths.founder(deck.id))).toBe(true);
  });

  it('explains What changed while there is one version', () => {
    stubDeckWorld({ comments: [], reviews: [] });
    renderFounderPanels(<VersionChanges deckId={deck.id} side="founder" versions={[1]} />);
    expect(screen.getByTestId('changes-single-version').textContent).toContain('Only one version so far');
  });
});
