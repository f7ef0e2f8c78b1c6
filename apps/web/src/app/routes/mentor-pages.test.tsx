import {
  founderMentorPaths,
  type MentorInvitation,
  type MentorshipParty,
  mentorFounderPaths,
} from '@deckvalid/contract/mentors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { initialAuthState } from '@/features/auth/auth-state';
import { readPendingInvitation, rememberPendingInvitation } from '@/features/mentors/pending-invitation';
import { builtAt, jsonResponse, renderPagesAt, signedInAs, slow } from '@/test/data-rooms';
import { FounderMentorsPage } from './founder-mentors-page';
import { MentorHomePage } from './mentor-home-page';
import { MentorInvitationPage } from './mentor-invitation-page';

const later = '2026-11-15T10:00:00.000Z';
const ana = { id: 'mtr-ana', name: 'Ana Ruiz', email: 'ana@mentors.example' };
const maya = { id: 'usr-maya', name: 'Maya Chen', email: 'maya@startup.example' };
const invitation: MentorInvitation = {
  id: 'mvt-1',
  email: 'leo@mentors.example',
  note: null,
  createdAt: builtAt,
  expiresAt: later,
};

type Call = { method: string; path: string; body: unknown };
type Answer = (call: Call) => Response | undefined;

/** Stubs fetch with `answer`; anything it leaves unanswered is a 404. Returns the calls made. */
function stubApi(answer: Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.text();
      const call = { method: request.method, path, body: text ? JSON.parse(text) : null };
      calls.push(call);
      return answer(call) ?? jsonResponse({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);
    }),
  );
  return calls;
}

/** The founder's mentors endpoint over a world that changes with the founder's calls. */
function stubFounderWorld(world: { mentors: MentorshipParty[]; invitations: MentorInvitation[] }) {
  return stubApi(({ method, path, body }) => {
    if (path === founderMentorPaths.mentors && method === 'GET') {
      return jsonResponse({
        data: world.mentors.map((mentor) => ({ mentor, since: builtAt })),
        invitations: world.invitations,
      });
    }
    if (path === founderMentorPaths.invitations && method === 'POST') {
      const { email, note } = body as { email: string; note?: string };
      if (email === 'taken@mentors.example') {
        return jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Check the highlighted fields.',
              details: { fields: [{ path: 'email', message: 'That address cannot be invited.' }] },
            },
          },
          400,
        );
      }
      const created = { id: 'mvt-2', email, note: note ?? null, createdAt: builtAt, expiresAt: later };
      world.invitations.unshift(created);
      return jsonResponse({ invitation: created }, 201);
    }
    if (path === founderMentorPaths.mentor(ana.id) && method === 'DELETE') {
      world.mentors = world.mentors.filter((mentor) => mentor.id !== ana.id);
      return new Response(null, { status: 204 });
    }
    if (path === founderMentorPaths.invitation(invitation.id) && method === 'DELETE') {
      world.invitations = world.invitations.filter((item) => item.id !== invitation.id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

const renderFounderPage = () =>
  renderPagesAt(signedInAs('user'), paths.founder.mentors, { [paths.founder.mentors]: FounderMentorsPage });

const mentorPages = { [paths.mentor.home]: MentorHomePage, [paths.mentor.invitationPage]: MentorInvitationPage };

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('founder mentors page', () => {
  it('says who appears in each list while there is no one yet', async () => {
    stubFounderWorld({ mentors: [], invitations: [] });
    renderFounderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentors' }, slow)).toBeTruthy();
    expect((await screen.findByTestId('mentors-empty', {}, slow)).textContent).toContain('once they accept');
    expect(screen.getByTestId('invitations-empty').textContent).toContain('No invitations waiting');
  });

  it('checks the email before sending, then invites with the note and lists the invitation', async () => {
    const calls = stubFounderWorld({ mentors: [], invitations: [] });
    renderFounderPage();
    await screen.findByTestId('invitations-empty', {}, slow);
    const email = screen.getByRole('textbox', { name: /Mentor's email/ });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'leo@mentors.example' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: '  Seed round advice  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const list = await screen.findByRole('list', { name: 'Invitations waiting' }, slow);
    expect(within(list).getByText('leo@mentors.example')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'leo@mentors.example',
      note: 'Seed round advice',
    });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's refusal at the field it names", async () => {
    stubFounderWorld({ mentors: [], invitations: [] });
    renderFounderPage();
    await screen.findByTestId('invitations-empty', {}, slow);
    const email = screen.getByRole('textbox', { name: /Mentor's email/ });
    fireEvent.change(email, { target: { value: 'taken@mentors.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('That address cannot be invited.', {}, slow)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('ends a mentorship only after the confirmation, and withdraws an invitation', async () => {
    const calls = stubFounderWorld({ mentors: [ana], invitations: [invitation] });
    renderFounderPage();
    const mentors = await screen.findByRole('list', { name: 'Your mentors' }, slow);
    expect(within(mentors).getByText('ana@mentors.example')).toBeTruthy();
    expect(within(mentors).getByText(/^Since /)).toBeTruthy();

    fireEvent.click(within(mentors).getByRole('button', { name: 'End mentorship with Ana Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'End mentorship' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(mentors).getByRole('button', { name: 'End mentorship with Ana Ruiz' }));
    const again = await screen.findByRole('dialog', { name: 'End mentorship' });
    fireEvent.click(within(again).getByRole('button', { name: 'End mentorship' }));
    expect(await screen.findByTestId('mentors-empty', {}, slow)).toBeTruthy();
    expect(calls).toContainEqual({ method: 'DELETE', path: founderMentorPaths.mentor(ana.id), body: null });

    const invitations = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(within(invitations).getByText(/^Sent .* · expires /)).toBeTruthy();
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Withdraw the invitation to leo@mentors.example' }),
    );
    expect(await screen.findByTestId('invitations-empty', {}, slow)).toBeTruthy();
  });

  it('offers to try again when the list does not load', async () => {
    stubApi(() => jsonResponse({ error: { code: 'INTERNAL', message: 'Pitchlane is having trouble.' } }, 500));
    renderFounderPage();
    expect(await screen.findByText("We couldn't load your mentors", {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

/** The preview of invitation tok-1: Maya invites, with a note. */
const previewOf = ({ path }: { path: string }) =>
  path === mentorFounderPaths.preview
    ? jsonResponse({
        invitation: {
          founder: { name: maya.name },
          note: 'Could you read our seed deck?',
          expiresAt: '2026-12-13T09:00:00.000Z',
        },
      })
    : undefined;

describe('mentor home', () => {
  it('explains that founders invite mentors when there is no one yet', async () => {
    stubApi(({ path }) => (path === mentorFounderPaths.founders ? jsonResponse({ data: [] }) : undefined));
    renderPagesAt(signedInAs('mentor'), paths.mentor.home, mentorPages);
    expect(await screen.findByRole('heading', { level: 1, name: 'Founders you mentor' }, slow)).toBeTruthy();
    const empty = await screen.findByTestId('empty-state', {}, slow);
    expect(empty.textContent).toContain('Founders invite their mentors by email');
  });

  it('lists the founders and ends a mentorship after the confirmation', async () => {
    let founders = [maya];
    const calls = stubApi(({ method, path }) => {
      if (path === mentorFounderPaths.founders) {
        return jsonResponse({ data: founders.map((founder) => ({ founder, since: builtAt })) });
      }
      if (path === mentorFounderPaths.founder(maya.id) && method === 'DELETE') {
        founders = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderPagesAt(signedInAs('mentor'), paths.mentor.home, mentorPages);
    const list = await screen.findByRole('list', { name: 'Founders you mentor' }, slow);
    expect(within(list).getByText('Maya Chen')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'End mentorship with Maya Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'End mentorship' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }));
    expect(await screen.findByTestId('empty-state', {}, slow)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('sends a mentor who arrives with an invitation open in the tab back to it, once', async () => {
    stubApi((call) => (call.path === mentorFounderPaths.founders ? jsonResponse({ data: [] }) : previewOf(call)));
    rememberPendingInvitation('tok-1');
    renderPagesAt(signedInAs('mentor'), paths.mentor.home, mentorPages);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(paths.mentor.invitation('tok-1')));
    expect(await screen.findByRole('button', { name: 'Accept invitation' }, slow)).toBeTruthy();
    expect(readPendingInvitation()).toBeNull();
  });
});

describe('mentor invitation page', () => {
  it('accepts as the signed-in mentor and names the founder', async () => {
    const calls = stubApi((call) =>
      call.path === mentorFounderPaths.accept
        ? jsonResponse({ founder: { id: maya.id, name: maya.name } })
        : previewOf(call),
    );
    renderPagesAt(signedInAs('mentor'), paths.mentor.invitation('tok-1'), mentorPages);
    const preview = await screen.findByTestId('invitation-preview', {}, slow);
    expect(preview.textContent).toContain('Maya Chen invites you to mentor them.');
    expect(preview.textContent).toContain('Could you read our seed deck?');
    expect(calls.find((call) => call.path === mentorFounderPaths.preview)?.body).toEqual({ token: 'tok-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, slow));
    expect((await screen.findByTestId('invitation-accepted', {}, slow)).textContent).toBe('You now mentor Maya Chen.');
    expect(calls.find((call) => call.path === mentorFounderPaths.accept)?.body).toEqual({ token: 'tok-1' });
    expect(screen.getByRole('link', { name: 'Go to your mentor home' }).getAttribute('href')).toBe(paths.mentor.home);
  });

  it("shows the server's sentence when the invitation is spent, with a way to the mentor home", async () => {
    const sentence = 'This invitation was already accepted. Sign in as a mentor to see the founders you help.';
    stubApi((call) =>
      call.path === mentorFounderPaths.accept
        ? jsonResponse({ error: { code: 'GONE', message: sentence } }, 410)
        : previewOf(call),
    );
    renderPagesAt(signedInAs('mentor'), paths.mentor.invitation('tok-1'), mentorPages);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, slow));
    expect((await screen.findByTestId('form-error', {}, slow)).textContent).toContain(sentence);
    expect(screen.getByRole('link', { name: 'Go to your mentor home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('offers a signed-out visitor to sign in or sign up as a mentor, keeping the invitation', async () => {
    stubApi(previewOf);
    renderPagesAt(initialAuthState, paths.mentor.invitation('tok-1'), mentorPages);
    expect(await screen.findByTestId('invitation-signed-out', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in as a mentor' }).getAttribute('href')).toBe(paths.loginMentor);
    expect(screen.getByRole('link', { name: 'Create a mentor account' }).getAttribute('href')).toBe(paths.signupMentor);
    expect(readPendingInvitation()).toBe('tok-1');
  });

  it('tells a founder that a mentor account accepts invitations', async () => {
    stubApi(previewOf);
    renderPagesAt(signedInAs('user'), paths.mentor.invitation('tok-1'), mentorPages);
    expect((await screen.findByTestId('invitation-other-role', {}, slow)).textContent).toContain(
      'signed in with a founder account',
    );
    expect(screen.getByRole('button', { name: 'Sign out to continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your founder home' }).getAttribute('href')).toBe(
      paths.founder.home,
    );
  });

  it('says when an invitation was withdrawn before anyone signs in, and offers no way to accept it', async () => {
    const sentence = 'This invitation link is not valid, or it was withdrawn. Ask the founder for a new one.';
    stubApi(({ path }) =>
      path === mentorFounderPaths.preview
        ? jsonResponse({ error: { code: 'NOT_FOUND', message: sentence } }, 404)
        : undefined,
    );
    renderPagesAt(initialAuthState, paths.mentor.invitation('tok-1'), mentorPages);
    expect((await screen.findByTestId('invitation-closed', {}, slow)).textContent).toBe(sentence);
    expect(screen.queryByRole('link', { name: 'Sign in as a mentor' })).toBeNull();
    expect(screen.queryByTestId('invitation-signed-out')).toBeNull();
  });
});
