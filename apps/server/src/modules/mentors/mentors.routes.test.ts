import { authApiRoot } from '@deckvalid/contract/api-paths';
import { founderMentorPaths, mentorFounderPaths, mentorLimits } from '@deckvalid/contract/mentors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '@/lib/clock';
import { type SignedUp, signUp, uniqueEmail } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { acceptInvitation, aFounderWithMentor, inviteMentor } from '../../../test/mentors';

let ctx: TestContext;
const clock = new MovableClock();
let otherFounder: SignedUp;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build({}, { clock });
  [otherFounder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Otto Other'),
    signUp(ctx, 'investor', 'Ivy Investor'),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('mentor accounts', () => {
  it('register, verify, sign in and answer me under /api/v1/mentors with an mtr- id', async () => {
    const mentor = await signUp(ctx, 'mentor', 'Mia Mentor');
    expect(mentor.user).toMatchObject({ role: 'mentor', name: 'Mia Mentor' });
    expect(mentor.user.id).toMatch(/^mtr-/);
    const login = await callAs(ctx, null, 'POST', `${authApiRoot.mentor}/login`, {
      email: mentor.email,
      password: mentor.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await callAs(ctx, mentor, 'GET', `${authApiRoot.mentor}/me`);
    expect(me.json()).toEqual({ user: mentor.user });
    // A mentor's credentials open no founder's or investor's calls.
    expect((await callAs(ctx, mentor, 'GET', `${authApiRoot.user}/me`)).statusCode).toBe(403);
  });
});

describe('mentor invitations', () => {
  it('a founder invites by email with a note; the mail links to the invitation, whose token is stored hashed', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const email = uniqueEmail('mentor');
    const { invitation, token } = await inviteMentor(
      ctx,
      founder,
      email.toUpperCase(),
      'Could you look at our pricing?',
    );
    expect(invitation).toMatchObject({ email, note: 'Could you look at our pricing?' });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(mentorLimits.invitationDays);
    const mail = ctx.sink.messages.find((message) => message.to.includes(email));
    expect(mail?.subject).toContain('Ada Founder invites you to mentor them');
    expect(mail?.body).toContain('Could you look at our pricing?');
    const stored = await ctx.sql<{ token_hash: string }>('select token_hash from mentor_invitations where id = $1', [
      invitation.id,
    ]);
    expect(stored[0]?.token_hash).toBeDefined();
    expect(stored[0]?.token_hash).not.toContain(token);

    const list = await callAs(ctx, founder, 'GET', founderMentorPaths.mentors);
    expect(list.json()).toEqual({ data: [], invitations: [invitation] });
  });

  it('accepting starts the mentorship, listed on both sides; the token works once', async () => {
    const { founder, mentor, invitation, token } = await aFounderWithMentor(ctx);
    const mentors = (await callAs(ctx, founder, 'GET', founderMentorPaths.mentors)).json();
    expect(mentors.data).toEqual([
      { mentor: { id: mentor.user.id, name: 'Mia Mentor', email: mentor.email }, since: expect.any(String) },
    ]);
    expect(mentors.invitations).toEqual([]);
    const founders = (await callAs(ctx, mentor, 'GET', mentorFounderPaths.founders)).json();
    expect(founders.data).toEqual([
      { founder: { id: founder.user.id, name: 'Ada Founder', email: founder.email }, since: expect.any(String) },
    ]);

    const again = await callAs(ctx, mentor, 'POST', mentorFounderPaths.accept, { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toMatch(/already accepted/);
    const stranger = await signUp(ctx, 'mentor', 'Sam Stranger');
    expect((await callAs(ctx, stranger, 'POST', mentorFounderPaths.accept, { token })).statusCode).toBe(410);
    expect(invitation.id).toMatch(/^mvt-/);
  });

  it('the invitation page reads who invites with the token alone; a spent, withdrawn or unknown one says why', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const email = uniqueEmail('mentor');
    const { invitation, token } = await inviteMentor(ctx, founder, email, 'Could you look at our seed deck?');
    const preview = await callAs(ctx, null, 'POST', mentorFounderPaths.preview, { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      invitation: {
        founder: { name: 'Ada Founder' },
        note: 'Could you look at our seed deck?',
        expiresAt: invitation.expiresAt,
      },
    });

    await acceptInvitation(ctx, await signUp(ctx, 'mentor', 'Mia Mentor', { email }), token);
    const spent = await callAs(ctx, null, 'POST', mentorFounderPaths.preview, { token });
    expect(spent.statusCode).toBe(410);
    expect(spent.json().error.message).toMatch(/already accepted/);
    const unknown = await callAs(ctx, null, 'POST', mentorFounderPaths.preview, { token: 'no-such-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/not valid, or it was withdrawn/);
  });

  it.each([
    ['a NUL', 'token\u0000with-nul'],
    ['a lone surrogate', 'token\uD800alone'],
    ['an over-long token', 'x'.repeat(201)],
    ['an empty token', ''],
    ['a number', 42],
    ['an object', { $ne: null }],
  ])('the invitation preview refuses %s with a 400 that names the token', async (_name, token) => {
    const reply = await callAs(ctx, null, 'POST', mentorFounderPaths.preview, { token });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(reply.json().error.details)).toContain('token');
  });

  it('accepting with a founder’s or an investor’s account is refused with a sentence', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const { token } = await inviteMentor(ctx, founder, uniqueEmail('mentor'));
    for (const wrong of [founder, investor]) {
      const reply = await callAs(ctx, wrong, 'POST', mentorFounderPaths.accept, { token });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().error.message).toMatch(/mentors/);
    }
    // The invitation is still good for a mentor.
    const mentor = await signUp(ctx, 'mentor', 'Mia Mentor');
    expect(await acceptInvitation(ctx, mentor, token)).toEqual({
      founder: { id: founder.user.id, name: 'Ada Founder' },
    });
  });

  it('an invitation expires after 14 days, and a withdrawn one stops working at once', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const mentor = await signUp(ctx, 'mentor', 'Mia Mentor');
    const expiring = await inviteMentor(ctx, founder, uniqueEmail('late'));
    const withdrawn = await inviteMentor(ctx, founder, uniqueEmail('withdrawn'));

    const withdraw = await callAs(ctx, founder, 'DELETE', founderMentorPaths.invitation(withdrawn.invitation.id));
    expect(withdraw.statusCode).toBe(204);
    const refused = await callAs(ctx, mentor, 'POST', mentorFounderPaths.accept, { token: withdrawn.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toMatch(/not valid, or it was withdrawn/);

    clock.advance(mentorLimits.invitationDays * 86_400_000 + 1_000);
    try {
      const late = await callAs(ctx, mentor, 'POST', mentorFounderPaths.accept, { token: expiring.token });
      expect(late.statusCode).toBe(410);
      expect(late.json().error.message).toMatch(/expired/);
      expect((await callAs(ctx, founder, 'GET', founderMentorPaths.mentors)).json().invitations).toEqual([]);
    } finally {
      clock.set(new Date());
    }
  });

  it('either side ends the mentorship; it is gone for both, and ending it again is 404', async () => {
    const first = await aFounderWithMentor(ctx);
    const ended = await callAs(ctx, first.founder, 'DELETE', founderMentorPaths.mentor(first.mentor.user.id));
    expect(ended.statusCode).toBe(204);
    expect((await callAs(ctx, first.mentor, 'GET', mentorFounderPaths.founders)).json().data).toEqual([]);
    expect(
      (await callAs(ctx, first.founder, 'DELETE', founderMentorPaths.mentor(first.mentor.user.id))).statusCode,
    ).toBe(404);

    const second = await aFounderWithMentor(ctx);
    expect(
      (await callAs(ctx, second.mentor, 'DELETE', mentorFounderPaths.founder(second.founder.user.id))).statusCode,
    ).toBe(204);
    expect((await callAs(ctx, second.founder, 'GET', founderMentorPaths.mentors)).json().data).toEqual([]);
    expect(
      (await callAs(ctx, second.mentor, 'DELETE', mentorFounderPaths.founder(second.founder.user.id))).statusCode,
    ).toBe(404);
  });

  it('nobody else withdraws an invitation or ends a mentorship: 404 as if it did not exist', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const { invitation } = await inviteMentor(ctx, founder, uniqueEmail('pending'));
    const otherMentor = await signUp(ctx, 'mentor', 'Other Mentor');
    expect((await callAs(ctx, otherFounder, 'DELETE', founderMentorPaths.invitation(invitation.id))).statusCode).toBe(
      404,
    );
    expect((await callAs(ctx, otherFounder, 'DELETE', founderMentorPaths.mentor(mentor.user.id))).statusCode).toBe(404);
    expect((await callAs(ctx, otherMentor, 'DELETE', mentorFounderPaths.founder(founder.user.id))).statusCode).toBe(
      404,
    );
    const list = (await callAs(ctx, founder, 'GET', founderMentorPaths.mentors)).json();
    expect(list.data).toHaveLength(1);
    expect(list.invitations.map((each: { id: string }) => each.id)).toEqual([invitation.id]);
  });

  it('refuses bad input with a clear 4xx: a bad address, a note too long, a lone surrogate, an empty token', async () => {
    const founder = await signUp(ctx, 'user', 'Ada Founder');
    const mentor = await signUp(ctx, 'mentor', 'Mia Mentor');
    const cases: [SignedUp, string, object, RegExp][] = [
      [founder, founderMentorPaths.invitations, { email: 'not an address' }, /valid email/],
      [founder, founderMentorPaths.invitations, { email: uniqueEmail(), note: 'x'.repeat(1_001) }, /at most 1,000/],
      [founder, founderMentorPaths.invitations, { email: uniqueEmail(), note: 'bad \ud800 note' }, /./],
      [mentor, mentorFounderPaths.accept, { token: '' }, /incomplete/],
    ];
    for (const [caller, url, payload, message] of cases) {
      const reply = await callAs(ctx, caller, 'POST', url, payload);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().error.message).toMatch(message);
    }
    const unknown = await callAs(ctx, mentor, 'POST', mentorFounderPaths.accept, { token: 'no-such-token' });
    expect(unknown.statusCode).toBe(404);
  });
});
