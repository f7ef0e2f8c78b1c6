import { authApiRoot } from '@deckvalid/contract/api-paths';
import { type AccountRole, type AuthResponse, codeRules } from '@deckvalid/contract/auth';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256 } from '@/lib/crypto';
import { signUp, strongPassword, uniqueEmail } from '../../../test/accounts';
import { authHeaders, build, type TestContext, testAuthSecret } from '../../../test/build';
import { codeOf, linkTokenOf } from '../../../test/smtp-sink';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await build();
});

afterAll(async () => {
  await ctx.close();
});

type Reply = { statusCode: number; json: () => unknown };

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.fastify.inject({ method: 'POST', url, payload: payload as object, headers });
}

function errorOf(reply: Reply): { code: string; message: string; details?: Record<string, unknown> } {
  return (reply.json() as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
}

/** Every stored row of the auth tables but the login-failure log, for "nothing changed" checks. */
async function storedState() {
  const [accounts, sessions, codes] = await Promise.all([
    ctx.sql('select * from accounts order by id'),
    ctx.sql('select * from sessions order by id'),
    ctx.sql('select * from one_time_codes order by id'),
  ]);
  return { accounts, sessions, codes };
}

async function expectUnchanged(action: () => Promise<unknown>) {
  await ctx.app.background.drain();
  await ctx.app.mailer.drain();
  const before = await storedState();
  await action();
  expect(await storedState()).toEqual(before);
}

/** Everything queued so far has run: event subscribers, outbox writes and mail delivery. */
async function settled() {
  // The event bus hands events to subscribers in a microtask; let those start before draining.
  await new Promise((resolve) => setImmediate(resolve));
  await ctx.app.background.drain();
}

async function register(role: AccountRole, email: string, password = strongPassword, name = 'Ada Founder') {
  return post(`${authApiRoot[role]}/register`, { name, email, password });
}

async function verificationMailFor(email: string) {
  await ctx.app.mailer.drain();
  const mails = ctx.sink.messagesTo(email).filter((mail) => /verification code/.test(mail.subject));
  const newest = mails.at(-1);
  if (!newest) throw new Error(`no verification mail for ${email}`);
  return newest;
}

/**
 * Moves every code sent for this email, and the records of when one was last asked for and last
 * mailed (kept under keyed hashes of the email, derived as the service does), `seconds` into the
 * past, as if that much time had gone by: the 60-second limits then no longer hold a code back.
 */
async function letTimePass(role: AccountRole, email: string, seconds: number) {
  await ctx.app.background.drain();
  await ctx.sql(
    `update one_time_codes set created_at = created_at - make_interval(secs => $3)
      where account_id = (select id from accounts where email = $1 and role = $2)`,
    [email, role, seconds],
  );
  for (const purpose of ['verification-send-email-key', 'verification-mail-email-key']) {
    const emailKey = hmacSha256(hmacSha256(testAuthSecret, purpose), email);
    await ctx.sql(
      'update verification_sends set sent_at = sent_at - make_interval(secs => $3) where email_key = $1 and role = $2',
      [emailKey, role, seconds],
    );
  }
}

/** Status and body together, so one `toEqual` compares two answers whole. */
function answerOf(reply: Reply) {
  return { status: reply.statusCode, body: reply.json() };
}

/** A six-digit code other than `code`. */
function otherThan(code: string) {
  return code === '000000' ? '111111' : '000000';
}

describe.each(['user', 'investor'] as const)('account calls of role %s', (role) => {
  const root = authApiRoot[role];
  const prefix = role === 'user' ? 'usr-' : 'inv-';

  it('registers, mails a code and a link naming the product, and verifies by code into a session', async () => {
    const email = uniqueEmail();
    const reply = await register(role, email);
    expect(reply.statusCode).toBe(202);
    const mail = await verificationMailFor(email);
    expect(mail.subject).toContain('Pitchlane');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(linkTokenOf(mail)).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const verified = await post(`${root}/verify/code`, { email, code: codeOf(mail) });
    expect(verified.statusCode).toBe(200);
    const body = verified.json() as AuthResponse;
    expect(body.user).toMatchObject({ email, role, name: 'Ada Founder' });
    expect(body.user.id.startsWith(prefix)).toBe(true);
    expect(Object.keys(body.tokens).sort()).toEqual(['controlSignature', 'hashToken', 'token']);

    const me = await ctx.app.fastify.inject({ method: 'GET', url: `${root}/me`, headers: authHeaders(body.tokens) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: body.user });
  });

  it('stores secrets only as hashes', async () => {
    const account = await signUp(ctx, role);
    const [stored] = await ctx.sql<{ password_hash: string }>('select password_hash from accounts where id = $1', [
      account.user.id,
    ]);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await ctx.sql<{ secret_hash: string }>('select secret_hash from sessions where account_id = $1', [
      account.user.id,
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.secret_hash).not.toBe(account.tokens.hashToken);
    const codes = await ctx.sql<{ code_hash: string }>('select code_hash from one_time_codes where account_id = $1', [
      account.user.id,
    ]);
    for (const code of codes) expect(code.code_hash).not.toMatch(/^\d{6}$/);
  });

  it('verifies by the link token from the same mail', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const mail = await verificationMailFor(email);
    const wrongService = await post(`${root}/verify?service=sms`, { email, token: linkTokenOf(mail) });
    expect(wrongService.statusCode).toBe(400);
    const verified = await post(`${root}/verify?service=email`, { email, token: linkTokenOf(mail) });
    expect(verified.statusCode).toBe(200);
    expect((verified.json() as AuthResponse).user.email).toBe(email);
    // The code of that mail is spent with it: one verification per mail.
    const again = await post(`${root}/verify/code`, { email, code: codeOf(mail) });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong link token without verifying', async () => {
    const email = uniqueEmail();
    await register(role, email);
    await expectUnchanged(async () => {
      const reply = await post(`${root}/verify?service=email`, { email, token: 'x'.repeat(43) });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).code).toBe('VALIDATION_FAILED');
    });
  });

  it('refuses a wrong code, counts it, and leaves the account unverified', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const mail = await verificationMailFor(email);
    const wrong = codeOf(mail) === '000000' ? '111111' : '000000';
    const before = await ctx.sql('select email_verified_at from accounts where email = $1', [email]);
    const reply = await post(`${root}/verify/code`, { email, code: wrong });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(errorOf(reply).message).toMatch(/wrong or has expired/);
    expect(await ctx.sql('select email_verified_at from accounts where email = $1', [email])).toEqual(before);
    const [code] = await ctx.sql<{ failed_attempts: number }>(
      'select failed_attempts from one_time_codes c join accounts a on a.id = c.account_id where a.email = $1 and c.consumed_at is null',
      [email],
    );
    expect(code?.failed_attempts).toBe(1);
    expect(
      await ctx.sql('select * from sessions s join accounts a on a.id = s.account_id where a.email = $1', [email]),
    ).toEqual([]);
  });

  it('voids a code after five wrong tries: the right code is refused the sixth time', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const right = codeOf(await verificationMailFor(email));
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await post(`${root}/verify/code`, { email, code: wrong })).statusCode).toBe(400);
    }
    await expectUnchanged(async () => {
      const sixth = await post(`${root}/verify/code`, { email, code: right });
      expect(sixth.statusCode).toBe(400);
    });
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const code = codeOf(await verificationMailFor(email));
    await ctx.sql(
      `update one_time_codes set expires_at = now() - interval '1 second'
        where account_id = (select id from accounts where email = $1 and role = $2)`,
      [email, role],
    );
    await expectUnchanged(async () => {
      const reply = await post(`${root}/verify/code`, { email, code });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).code).toBe('VALIDATION_FAILED');
    });
  });

  it('refuses a reused code', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const code = codeOf(await verificationMailFor(email));
    expect((await post(`${root}/verify/code`, { email, code })).statusCode).toBe(200);
    await expectUnchanged(async () => {
      const reply = await post(`${root}/verify/code`, { email, code });
      expect(reply.statusCode).toBe(400);
    });
  });

  it('resends at most once per 60 seconds, and only the newest code works', async () => {
    const email = uniqueEmail();
    await register(role, email);
    const first = codeOf(await verificationMailFor(email));
    // Within a minute of the registration's code: answered as for any email, and nothing is sent.
    await expectUnchanged(async () => {
      expect((await post(`${root}/verify/send?service=email`, { email })).statusCode).toBe(202);
      await settled();
    });
    await expectUnchanged(async () => {
      const tooSoon = await post(`${root}/verify/send?service=email`, { email });
      expect(tooSoon.statusCode).toBe(429);
      expect(errorOf(tooSoon).code).toBe('RATE_LIMITED');
      expect(errorOf(tooSoon).details?.retryAfterSeconds).toBeGreaterThan(0);
    });
    expect(ctx.sink.messagesTo(email).filter((mail) => /verification code/.test(mail.subject))).toHaveLength(1);
    await letTimePass(role, email, 61);
    const resent = await post(`${root}/verify/send?service=email`, { email });
    expect(resent.statusCode).toBe(202);
    await ctx.app.mailer.drain();
    expect(ctx.sink.messagesTo(email).filter((mail) => /verification code/.test(mail.subject))).toHaveLength(2);
    const second = codeOf(await verificationMailFor(email));
    if (second !== first) expect((await post(`${root}/verify/code`, { email, code: first })).statusCode).toBe(400);
    expect((await post(`${root}/verify/code`, { email, code: second })).statusCode).toBe(200);
  });

  it('answers a resend for an unknown email like one for a pending account', async () => {
    const reply = await post(`${root}/verify/send?service=email`, { email: uniqueEmail('nobody') });
    expect(reply.statusCode).toBe(202);
  });

  it('refuses one of the 10,000 most common passwords, whatever its case, and stores nothing', async () => {
    const email = uniqueEmail();
    await expectUnchanged(async () => {
      for (const password of ['password1', 'Sunshine1', 'qwertyuiop']) {
        const reply = await register(role, email, password);
        expect(reply.statusCode).toBe(400);
        const error = errorOf(reply);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.details?.fields).toEqual([{ path: 'password', message: expect.stringMatching(/common/) }]);
      }
    });
  });

  it('refuses passwords outside 8–128 characters, counting characters rather than bytes', async () => {
    await expectUnchanged(async () => {
      expect((await register(role, uniqueEmail(), 'short7!')).statusCode).toBe(400);
      expect((await register(role, uniqueEmail(), 'x'.repeat(129))).statusCode).toBe(400);
    });
    // Eight characters of four bytes each: accepted, no composition rules.
    expect((await register(role, uniqueEmail(), '🦊🦊🦊🦊🦊🦊🦊🦊')).statusCode).toBe(202);
    expect((await register(role, uniqueEmail(), 'y'.repeat(128))).statusCode).toBe(202);
  });

  it('answers a duplicate registration like a new one, keeps the account, and tells the owner by mail', async () => {
    const account = await signUp(ctx, role);
    await ctx.app.mailer.drain();
    const before = await ctx.sql('select * from accounts where id = $1', [account.user.id]);
    const fresh = await register(role, uniqueEmail());
    const duplicate = await register(role, account.email, 'another-strong-passphrase', 'Mallory');
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.json()).toEqual(fresh.json());
    expect(await ctx.sql('select * from accounts where id = $1', [account.user.id])).toEqual(before);
    expect(await ctx.sql('select count(*)::int as n from accounts where email = $1', [account.email])).toEqual([
      { n: 1 },
    ]);
    const notice = await ctx.sink.waitFor(
      (mail) => mail.to.includes(account.email) && /already have an account/.test(mail.subject),
    );
    expect(notice.body).toContain('Sign in');
    // The old password still signs in; the one sent with the duplicate does not.
    expect((await post(`${root}/login`, { email: account.email, password: account.password })).statusCode).toBe(200);
    expect(
      (await post(`${root}/login`, { email: account.email, password: 'another-strong-passphrase' })).statusCode,
    ).toBe(401);
  });

  it('tells the owner of a verified email once an hour, however often someone registers with it', async () => {
    const account = await signUp(ctx, role);
    const notices = () =>
      ctx.sink.messagesTo(account.email).filter((mail) => /already have an account/.test(mail.subject));
    for (let attempt = 1; attempt <= 8; attempt++) {
      expect((await register(role, account.email, `another-strong-passphrase-${attempt}`)).statusCode).toBe(202);
    }
    await settled();
    expect(notices()).toHaveLength(1);
    expect(await ctx.sql('select coalesced_count from mail_outbox where account_id = $1', [account.user.id])).toEqual([
      { coalesced_count: 7 },
    ]);

    // An hour on (by the database clock) the next attempt is told of again.
    await ctx.sql("update mail_outbox set created_at = created_at - interval '1 hour 1 second' where account_id = $1", [
      account.user.id,
    ]);
    await register(role, account.email, 'yet-another-strong-passphrase');
    await settled();
    expect(notices()).toHaveLength(2);
  });

  describe('two registrations of one unverified email with different passwords (pre-takeover)', () => {
    const victimPassword = 'victim-chosen-passphrase-1';
    const attackerPassword = 'attacker-chosen-passphrase-2';
    const cases = (['victim', 'attacker'] as const).flatMap((first) =>
      (['code', 'link'] as const).flatMap((via) =>
        [61, 0].map((secondsBetween) => ({
          first,
          via,
          secondsBetween,
          gap: secondsBetween > 0 ? `${secondsBetween} s later` : 'at once',
        })),
      ),
    );

    /** Verifies with the newest mail, as the person reading the mailbox would. */
    async function verifyFromMailbox(email: string, via: 'code' | 'link') {
      const mail = await verificationMailFor(email);
      return via === 'code'
        ? post(`${root}/verify/code`, { email, code: codeOf(mail) })
        : post(`${root}/verify?service=email`, { email, token: linkTokenOf(mail) });
    }

    async function expectNoRegistrationPasswordSignsIn(email: string) {
      const wrong = await post(`${root}/login`, { email, password: 'never-registered-passphrase' });
      expect(wrong.statusCode).toBe(401);
      for (const password of [victimPassword, attackerPassword]) {
        const reply = await post(`${root}/login`, { email, password });
        expect(answerOf(reply), password).toEqual(answerOf(wrong));
      }
    }

    it.each(cases)(
      '$first registers first, the other $gap; verified by $via, only the password the verifier then chooses signs in',
      async ({ first, via, secondsBetween }) => {
        const email = uniqueEmail('contested');
        const [firstPassword, secondPassword] =
          first === 'victim' ? [victimPassword, attackerPassword] : [attackerPassword, victimPassword];
        expect((await register(role, email, firstPassword)).statusCode).toBe(202);
        await letTimePass(role, email, secondsBetween);
        expect((await register(role, email, secondPassword)).statusCode).toBe(202);
        // A minute apart, the second registration mails a code of its own, and the newest mail is
        // the one used; at once, only the first registration's code is in the mailbox.
        await ctx.app.mailer.drain();
        const mails = ctx.sink.messagesTo(email).filter((mail) => /verification code/.test(mail.subject));
        expect(mails).toHaveLength(secondsBetween > 0 ? 2 : 1);

        const verified = await verifyFromMailbox(email, via);
        expect(verified.statusCode).toBe(200);
        const body = verified.json() as AuthResponse;
        expect(body.user.email).toBe(email);
        await expectNoRegistrationPasswordSignsIn(email);
        expect(body.passwordRequired).toBe(true);

        // The verifier's session is live and may choose the first password without a current one.
        const chosen = await post(
          `${root}/reset-password`,
          { newPassword: 'verifier-chosen-passphrase-3' },
          authHeaders(body.tokens),
        );
        expect(chosen.statusCode).toBe(200);
        await expectNoRegistrationPasswordSignsIn(email);
        const signedIn = await post(`${root}/login`, { email, password: 'verifier-chosen-passphrase-3' });
        expect(signedIn.statusCode).toBe(200);
        expect((signedIn.json() as AuthResponse).user.id).toBe(body.user.id);
      },
    );

    it('keeps the password when every registration used the same one, whatever the time between them', async () => {
      for (const secondsBetween of [0, 61]) {
        const email = uniqueEmail('repeated');
        await register(role, email, strongPassword);
        await letTimePass(role, email, secondsBetween);
        await register(role, email, strongPassword);
        const verified = await post(`${root}/verify/code`, { email, code: codeOf(await verificationMailFor(email)) });
        expect(verified.statusCode).toBe(200);
        expect(verified.json()).not.toHaveProperty('passwordRequired');
        expect((await post(`${root}/login`, { email, password: strongPassword })).statusCode).toBe(200);
      }
    });

    it('lets the mailbox owner set a password through forgot-password, after verifying or instead of it', async () => {
      for (const isVerifiedFirst of [true, false]) {
        const email = uniqueEmail('contested-reset');
        await register(role, email, victimPassword);
        await register(role, email, attackerPassword);
        if (isVerifiedFirst) {
          const verified = await post(`${root}/verify/code`, { email, code: codeOf(await verificationMailFor(email)) });
          expect((verified.json() as AuthResponse).passwordRequired).toBe(true);
        }
        expect((await post(`${root}/forgot-password`, { email })).statusCode).toBe(202);
        const mail = await ctx.sink.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject));
        const reset = await post(`${root}/forgot-reset-password`, {
          email,
          code: codeOf(mail),
          password: 'recovered-passphrase-4',
        });
        expect(reset.statusCode).toBe(200);
        await expectNoRegistrationPasswordSignsIn(email);
        const signedIn = await post(`${root}/login`, { email, password: 'recovered-passphrase-4' });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.json()).not.toHaveProperty('passwordRequired');
      }
    });
  });

  it('asks for the current password when changing one that is set', async () => {
    const account = await signUp(ctx, role);
    await expectUnchanged(async () => {
      const reply = await post(
        `${root}/reset-password`,
        { newPassword: 'changed-passphrase-88' },
        authHeaders(account.tokens),
      );
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).details?.fields).toEqual([
        { path: 'currentPassword', message: 'Enter your current password.' },
      ]);
    });
  });

  it('logs in, and refuses a wrong password or unknown email alike', async () => {
    const account = await signUp(ctx, role);
    const ok = await post(`${root}/login`, { email: account.email.toUpperCase(), password: account.password });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as AuthResponse).user.id).toBe(account.user.id);
    await expectUnchanged(async () => {
      const wrong = await post(`${root}/login`, { email: account.email, password: 'not-the-password' });
      const unknown = await post(`${root}/login`, { email: uniqueEmail('nobody'), password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
    });
  });

  it('answers an unverified login with 403 EMAIL_NOT_VERIFIED only when the password is right', async () => {
    const email = uniqueEmail();
    await register(role, email, strongPassword, 'Pending Person');
    const reply = await post(`${root}/login`, { email, password: strongPassword });
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply)).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'EMAIL_NOT_VERIFIED', email, name: 'Pending Person' },
    });
    expect((await post(`${root}/login`, { email, password: 'wrong-password-here' })).statusCode).toBe(401);
  });

  it('throttles the 11th login after 10 failures for one account and IP within 15 minutes', async () => {
    const account = await signUp(ctx, role);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const reply = await post(`${root}/login`, { email: account.email, password: `wrong-password-${attempt}` });
      expect(reply.statusCode).toBe(401);
    }
    await expectUnchanged(async () => {
      const blocked = await post(`${root}/login`, { email: account.email, password: account.password });
      expect(blocked.statusCode).toBe(429);
      expect(errorOf(blocked).code).toBe('RATE_LIMITED');
    });
    // Another IP is not throttled for the same account.
    const elsewhere = await ctx.app.fastify.inject({
      method: 'POST',
      url: `${root}/login`,
      payload: { email: account.email, password: account.password },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
    // Failures older than the window no longer count.
    await ctx.sql(`update login_failures set created_at = now() - interval '16 minutes' where email = $1`, [
      account.email,
    ]);
    expect((await post(`${root}/login`, { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('ends this session on logout?type=current and every session on type=all', async () => {
    const account = await signUp(ctx, role);
    const second = (
      await post(`${root}/login`, { email: account.email, password: account.password })
    ).json() as AuthResponse;
    const third = (
      await post(`${root}/login`, { email: account.email, password: account.password })
    ).json() as AuthResponse;

    const current = await post(`${root}/logout?type=current`, {}, authHeaders(account.tokens));
    expect(current.statusCode).toBe(200);
    const me = (tokens: AuthResponse['tokens']) =>
      ctx.app.fastify.inject({ method: 'GET', url: `${root}/me`, headers: authHeaders(tokens) });
    expect((await me(account.tokens)).statusCode).toBe(401);
    expect((await me(second.tokens)).statusCode).toBe(200);

    const all = await post(`${root}/logout?type=all`, {}, authHeaders(second.tokens));
    expect(all.statusCode).toBe(200);
    expect((await me(second.tokens)).statusCode).toBe(401);
    expect((await me(third.tokens)).statusCode).toBe(401);
    expect(errorOf(await me(third.tokens)).code).toBe('UNAUTHORIZED');
  });

  it('resets a forgotten password with an emailed code and ends every session', async () => {
    const account = await signUp(ctx, role);
    const unknown = await post(`${root}/forgot-password`, { email: uniqueEmail('nobody') });
    const known = await post(`${root}/forgot-password`, { email: account.email });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const mail = await ctx.sink.waitFor((m) => m.to.includes(account.email) && /reset code/.test(m.subject));
    const code = codeOf(mail);

    await expectUnchanged(async () => {
      const common = await post(`${root}/forgot-reset-password`, { email: account.email, code, password: 'iloveyou' });
      expect(common.statusCode).toBe(400);
    });
    const accountBefore = await ctx.sql('select * from accounts where id = $1', [account.user.id]);
    const wrong = await post(`${root}/forgot-reset-password`, {
      email: account.email,
      code: code === '000000' ? '111111' : '000000',
      password: 'brand-new-passphrase-9',
    });
    expect(wrong.statusCode).toBe(400);
    // A wrong code changes only its own try counter.
    expect(await ctx.sql('select * from accounts where id = $1', [account.user.id])).toEqual(accountBefore);
    const [openCode] = await ctx.sql<{ failed_attempts: number }>(
      `select failed_attempts from one_time_codes where account_id = $1 and purpose = 'reset_password' and consumed_at is null`,
      [account.user.id],
    );
    expect(openCode?.failed_attempts).toBe(1);

    const reset = await post(`${root}/forgot-reset-password`, {
      email: account.email,
      code,
      password: 'brand-new-passphrase-9',
    });
    expect(reset.statusCode).toBe(200);
    const me = await ctx.app.fastify.inject({ method: 'GET', url: `${root}/me`, headers: authHeaders(account.tokens) });
    expect(me.statusCode).toBe(401);
    expect((await post(`${root}/login`, { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await post(`${root}/login`, { email: account.email, password: 'brand-new-passphrase-9' })).statusCode).toBe(
      200,
    );
    const reused = await post(`${root}/forgot-reset-password`, {
      email: account.email,
      code,
      password: 'another-passphrase-10',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('changes the password when signed in, keeping this session and ending the others', async () => {
    const account = await signUp(ctx, role);
    const other = (
      await post(`${root}/login`, { email: account.email, password: account.password })
    ).json() as AuthResponse;
    await expectUnchanged(async () => {
      const wrongCurrent = await post(
        `${root}/reset-password`,
        { currentPassword: 'not-my-password', newPassword: 'changed-passphrase-77' },
        authHeaders(account.tokens),
      );
      expect(wrongCurrent.statusCode).toBe(400);
      expect(errorOf(wrongCurrent).details?.fields).toEqual([
        { path: 'currentPassword', message: 'Your current password is not correct.' },
      ]);
      const common = await post(
        `${root}/reset-password`,
        { currentPassword: account.password, newPassword: 'football1' },
        authHeaders(account.tokens),
      );
      expect(common.statusCode).toBe(400);
    });
    const changed = await post(
      `${root}/reset-password`,
      { currentPassword: account.password, newPassword: 'changed-passphrase-77' },
      authHeaders(account.tokens),
    );
    expect(changed.statusCode).toBe(200);
    const me = (tokens: AuthResponse['tokens']) =>
      ctx.app.fastify.inject({ method: 'GET', url: `${root}/me`, headers: authHeaders(tokens) });
    expect((await me(account.tokens)).statusCode).toBe(200);
    expect((await me(other.tokens)).statusCode).toBe(401);
    await ctx.sink.waitFor((mail) => mail.to.includes(account.email) && /password was changed/.test(mail.subject));
  });
});

describe('credentials', () => {
  const me = (headers: Record<string, string>) =>
    ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers });

  it('refuses a request missing any one of the three headers', async () => {
    const account = await signUp(ctx, 'user');
    const headers = authHeaders(account.tokens);
    for (const name of Object.keys(headers)) {
      const partial = { ...headers };
      delete partial[name];
      const reply = await me(partial);
      expect(reply.statusCode).toBe(401);
      expect(errorOf(reply).code).toBe('UNAUTHORIZED');
    }
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('refuses an altered signature, token or hash token, and parts of two sessions mixed', async () => {
    const account = await signUp(ctx, 'user');
    const other = (
      await post('/api/v1/users/login', { email: account.email, password: account.password })
    ).json() as AuthResponse;
    const headers = authHeaders(account.tokens);
    // Both sessions were accepted once, so their credentials are remembered: the refusals below
    // must hold for remembered credentials too.
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(authHeaders(other.tokens))).statusCode).toBe(200);
    const flip = (value: string) => (value.endsWith('A') ? `${value.slice(0, -1)}B` : `${value.slice(0, -1)}A`);
    const cases = [
      { ...headers, 'x-control-signature': flip(account.tokens.controlSignature) },
      { ...headers, 'x-hash-token': flip(account.tokens.hashToken) },
      { ...headers, authorization: `Bearer ${flip(account.tokens.token)}` },
      { ...headers, 'x-hash-token': other.tokens.hashToken },
      { ...authHeaders(other.tokens), 'x-control-signature': account.tokens.controlSignature },
      { ...headers, authorization: account.tokens.token },
    ];
    for (const candidate of cases) expect((await me(candidate)).statusCode).toBe(401);
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('refuses an expired token and an alg:none token even with a matching control signature', async () => {
    const account = await signUp(ctx, 'user');
    const [session] = await ctx.sql<{ id: string }>('select id from sessions where account_id = $1', [account.user.id]);
    const jwtKey = new Uint8Array(Buffer.from(hmacSha256(testAuthSecret, 'jwt-signing-key'), 'base64url'));
    const controlKey = Buffer.from(hmacSha256(testAuthSecret, 'control-signature-key'), 'base64url');
    const withToken = (token: string) => ({
      authorization: `Bearer ${token}`,
      'x-hash-token': account.tokens.hashToken,
      'x-control-signature': hmacSha256(controlKey, `${token}.${account.tokens.hashToken}`),
    });
    const expired = await new SignJWT({ role: 'user', sid: session?.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(jwtKey);
    expect((await me(withToken(expired))).statusCode).toBe(401);

    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      role: 'user',
      sid: session?.id,
      sub: account.user.id,
      exp: Math.floor(Date.now() / 1000) + 3600,
    })}.`;
    expect((await me(withToken(unsigned))).statusCode).toBe(401);

    // The same construction with a proper signature passes: the refusals above are for the reasons named.
    const valid = await new SignJWT({ role: 'user', sid: session?.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setExpirationTime('1h')
      .sign(jwtKey);
    expect((await me(withToken(valid))).statusCode).toBe(200);
  });

  it('gives founder credentials 403 on investor routes and the reverse', async () => {
    const founder = await signUp(ctx, 'user');
    const investor = await signUp(ctx, 'investor');
    const founderOnInvestor = await ctx.app.fastify.inject({
      method: 'GET',
      url: '/api/v1/investors/me',
      headers: authHeaders(founder.tokens),
    });
    expect(founderOnInvestor.statusCode).toBe(403);
    expect(errorOf(founderOnInvestor).code).toBe('FORBIDDEN');
    const investorOnFounder = await ctx.app.fastify.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: authHeaders(investor.tokens),
    });
    expect(investorOnFounder.statusCode).toBe(403);
  });

  it('keeps a founder and an investor account under one email apart', async () => {
    const email = uniqueEmail('both');
    for (const role of ['user', 'investor'] as const) {
      expect((await register(role, email, `${role}-passphrase-2026`)).statusCode).toBe(202);
      const mail = await ctx.sink.waitFor(
        (m) =>
          m.to.includes(email) &&
          /verification code/.test(m.subject) &&
          m.body.includes(role === 'user' ? 'founder' : 'investor'),
      );
      expect((await post(`${authApiRoot[role]}/verify/code`, { email, code: codeOf(mail) })).statusCode).toBe(200);
    }
    const rows = await ctx.sql<{ id: string; role: string }>(
      'select id, role from accounts where email = $1 order by role',
      [email],
    );
    expect(rows.map((row) => row.role)).toEqual(['investor', 'user']);
    expect((await post('/api/v1/users/login', { email, password: 'investor-passphrase-2026' })).statusCode).toBe(401);
    expect((await post('/api/v1/investors/login', { email, password: 'investor-passphrase-2026' })).statusCode).toBe(
      200,
    );
  });
});

describe('answers that must not tell whether an account exists', () => {
  /**
   * Median times of `count` runs of each action, in milliseconds, the two interleaved so that
   * load from other test files falls on both alike. Each run starts once the work the previous
   * answer queued (lookups, mail) is done: the test measures an answer's own time.
   */
  async function medianPairMs(count: number, first: () => Promise<unknown>, second: () => Promise<unknown>) {
    const times: [number[], number[]] = [[], []];
    for (let index = 0; index < count; index++) {
      for (const [slot, action] of [first, second].entries()) {
        await ctx.app.background.drain();
        const start = performance.now();
        await action();
        times[slot as 0 | 1].push(performance.now() - start);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(count / 2)] ?? 0;
    return [median(times[0]), median(times[1])] as const;
  }

  it('refuses wrong reset and verification codes alike for known and unknown emails, try after try', async () => {
    const account = await signUp(ctx, 'user');
    const pendingEmail = uniqueEmail('pending');
    await register('user', pendingEmail);
    const [unknownForReset, unknownForVerify] = [uniqueEmail('nobody'), uniqueEmail('nobody')];
    for (const email of [account.email, unknownForReset]) await post('/api/v1/users/forgot-password', { email });
    const resetMail = await ctx.sink.waitFor((m) => m.to.includes(account.email) && /reset code/.test(m.subject));
    const wrongResetCode = otherThan(codeOf(resetMail));
    const wrongVerifyCode = otherThan(codeOf(await verificationMailFor(pendingEmail)));
    const password = 'brand-new-passphrase-5';

    // Past the fifth try the code is void; the sixth shows the answer stays alike after that too.
    for (let attempt = 1; attempt <= codeRules.maxAttempts + 1; attempt++) {
      const knownReset = await post('/api/v1/users/forgot-reset-password', {
        email: account.email,
        code: wrongResetCode,
        password,
      });
      const unknownReset = await post('/api/v1/users/forgot-reset-password', {
        email: unknownForReset,
        code: wrongResetCode,
        password,
      });
      expect(knownReset.statusCode).toBe(400);
      expect(answerOf(knownReset), `reset try ${attempt}`).toEqual(answerOf(unknownReset));

      const pending = await post('/api/v1/users/verify/code', { email: pendingEmail, code: wrongVerifyCode });
      const unknown = await post('/api/v1/users/verify/code', { email: unknownForVerify, code: wrongVerifyCode });
      expect(pending.statusCode).toBe(400);
      expect(answerOf(pending), `verification try ${attempt}`).toEqual(answerOf(unknown));
    }
  });

  it('limits verify/send per email whether or not an account has it, and answers alike', async () => {
    const pendingEmail = uniqueEmail('pending');
    await register('user', pendingEmail);
    const verified = await signUp(ctx, 'user');
    for (const email of [pendingEmail, verified.email]) await letTimePass('user', email, 61);
    const emails = { pending: pendingEmail, verified: verified.email, unknown: uniqueEmail('nobody') };

    for (const [round, expectedStatus] of [
      [1, 202],
      [2, 429],
    ] as const) {
      // One round asks for all three, so each email's two asks are about equally far apart.
      const answers: Record<string, ReturnType<typeof answerOf>> = {};
      for (const [kind, email] of Object.entries(emails)) {
        answers[kind] = answerOf(await post('/api/v1/users/verify/send?service=email', { email }));
      }
      expect(answers.unknown?.status, `round ${round}`).toBe(expectedStatus);
      expect(answers.pending, `round ${round}, pending`).toEqual(answers.unknown);
      expect(answers.verified, `round ${round}, verified`).toEqual(answers.unknown);
    }
  });

  it('answers verify/send alike right after a registration: pending, verified and unknown emails', async () => {
    const verified = await signUp(ctx, 'user');
    const pendingEmail = uniqueEmail('pending');
    expect((await register('user', pendingEmail)).statusCode).toBe(202);
    // The registrations' own work (their code mails) is done, as it would be for a prober.
    await settled();
    const emails = { pending: pendingEmail, verified: verified.email, unknown: uniqueEmail('nobody') };
    const mailsBefore = ctx.sink.messages.length;

    const sequences: Record<string, ReturnType<typeof answerOf>[]> = {};
    for (let round = 0; round < 2; round++) {
      for (const [kind, email] of Object.entries(emails)) {
        const answer = answerOf(await post('/api/v1/users/verify/send?service=email', { email }));
        sequences[kind] = [...(sequences[kind] ?? []), answer];
      }
    }
    expect(sequences.unknown?.map((answer) => answer.status)).toEqual([202, 429]);
    expect(sequences.pending, 'pending account').toEqual(sequences.unknown);
    expect(sequences.verified, 'verified account').toEqual(sequences.unknown);
    // The pending account had its code a moment ago: the resend inside the cool-down sent nothing.
    await settled();
    expect(ctx.sink.messages.length).toBe(mailsBefore);
  });

  it('login, register and forgot-password take similar time for known and unknown emails', async () => {
    const account = await signUp(ctx, 'user');
    const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'login',
        () => post('/api/v1/users/login', { email: account.email, password: 'wrong-password-xyz' }),
        () => post('/api/v1/users/login', { email: uniqueEmail('nobody'), password: 'wrong-password-xyz' }),
      ],
      ['register', () => register('user', account.email), () => register('user', uniqueEmail('newcomer'))],
      [
        'forgot-password',
        () => post('/api/v1/users/forgot-password', { email: account.email }),
        () => post('/api/v1/users/forgot-password', { email: uniqueEmail('nobody') }),
      ],
    ];
    for (const [name, known, unknown] of pairs) {
      const [knownMs, unknownMs] = await medianPairMs(9, known, unknown);
      // A floor of 5 ms: on a loaded machine a few ms of scheduling noise fall on either side,
      // while the leaks this guards against (an argon2 hash, a lookup and a write) cost tens.
      const ratio = Math.max(knownMs, unknownMs) / Math.max(5, Math.min(knownMs, unknownMs));
      expect(ratio, `${name}: known ${knownMs.toFixed(1)} ms vs unknown ${unknownMs.toFixed(1)} ms`).toBeLessThan(3);
    }
  });
});
