import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../apps/server/test/smtp-sink';
import { createAccount, e2ePassword, uniqueEmail } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page, screenshot } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    user: localStorage.getItem('user_tokens'),
    investor: localStorage.getItem('investor_tokens'),
    mentor: localStorage.getItem('mentor_tokens'),
  }));
}

async function signInThroughForm(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.each([
  { role: 'user' as const, label: 'founder', signup: '/signup', home: '/founder', login: '/login' },
  {
    role: 'investor' as const,
    label: 'investor',
    signup: '/signup/investor',
    home: '/investor',
    login: '/login/investor',
  },
])('$label sign-up', ({ role, label, signup, home, login }) => {
  it(`signs up, verifies with the mailed code and lands on ${home}`, async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await context.newPage();
      const email = uniqueEmail(`${label}-${viewport}`);
      await page.goto(signup);
      await screenshot(page, `${label}-signup`);
      // Inline validation first: nothing is sent for an invalid form.
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => page.getByText('Enter your name.').count()).toBeGreaterThan(0);

      await page.getByLabel('Name').fill(`Casey ${label}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(e2ePassword);
      await page.getByRole('button', { name: 'Create account' }).click();
      await waitForPath(page, '/verification');
      await page.getByText(email).first().waitFor();
      await screenshot(page, `${label}-verification`);

      const mail = await server.sink.waitFor((m) => m.to.includes(email) && /verification code/.test(m.subject));
      await page.getByLabel('Digit 1 of 6').click();
      await page.keyboard.type(codeOf(mail));
      // The code may submit itself when complete; press Verify if it is still there.
      const verify = page.getByRole('button', { name: 'Verify' });
      if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => undefined);
      await waitForPath(page, home);
      await page.getByTestId(role === 'user' ? 'founder-welcome' : 'investor-welcome').waitFor();
      await screenshot(page, `${label}-home`);
      const tokens = await storedTokens(page);
      expect(JSON.parse(tokens[role] ?? 'null')).toMatchObject({
        token: expect.any(String),
        controlSignature: expect.any(String),
        hashToken: expect.any(String),
      });
      await context.close();
    }
  });

  it(`signs in, signs out to ${login} and clears the stored tokens`, async () => {
    const account = await createAccount(server, role, `Robin ${label}`);
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signInThroughForm(page, login, account.email, 'not-the-password');
    await page.getByText('Email or password is incorrect.').waitFor();
    await screenshot(page, `${label}-login-error`);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, home);
    expect((await storedTokens(page))[role]).not.toBeNull();

    await page.getByLabel(`Account menu for Robin ${label}`).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    // Each role signs out to its own sign-in page (docs/decisions.md, Screens).
    await waitForPath(page, login);
    await expect.poll(async () => (await storedTokens(page))[role]).toBeNull();
    await context.close();
  });

  it('sends the browser to its login page and clears storage when the server answers 401', async () => {
    const account = await createAccount(server, role, `Sam ${label}`);
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signInThroughForm(page, login, account.email, account.password);
    await waitForPath(page, home);
    // End every session of the account from outside the browser.
    const stored = JSON.parse((await storedTokens(page))[role] ?? '{}') as Record<string, string>;
    const apiRoot = role === 'investor' ? '/api/v1/investors' : '/api/v1/users';
    const loggedOut = await fetch(`${server.baseUrl}${apiRoot}/logout?type=all`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stored.token}`,
        'x-control-signature': stored.controlSignature ?? '',
        'x-hash-token': stored.hashToken ?? '',
      },
    });
    expect(loggedOut.status).toBe(200);
    await page.reload();
    await waitForPath(page, login);
    await expect.poll(async () => (await storedTokens(page))[role]).toBeNull();
    await context.close();
  });
});

describe('the landing page', () => {
  it('shows the landing page, and the Authentication Detected chooser when both roles have tokens', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await context.newPage();
      await page.goto('/');
      await page
        .getByRole('link', { name: /founder/i })
        .first()
        .waitFor();
      // What the product does, shown, and a way in from the header at every width.
      await page.getByRole('link', { name: 'Get started' }).waitFor({ state: 'visible' });
      const shot = page.getByRole('img', { name: /validation report/ });
      await shot.scrollIntoViewIfNeeded();
      await expect.poll(() => shot.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      for (const feature of ['A validation report for every version', 'A copilot for investors', 'Chat in real time']) {
        await page.getByRole('heading', { name: feature }).waitFor();
      }
      await screenshot(page, 'landing');
      await context.close();
    }

    const founder = await createAccount(server, 'user', 'Chooser Founder');
    const investor = await createAccount(server, 'investor', 'Chooser Investor');
    const context = await newContext(browser, server.baseUrl);
    await context.addInitScript(
      ({ user, inv }) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('user_tokens', user);
          localStorage.setItem('investor_tokens', inv);
          sessionStorage.setItem('seeded', '1');
        }
      },
      { user: JSON.stringify(founder.tokens), inv: JSON.stringify(investor.tokens) },
    );
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Authentication Detected').waitFor();
    await screenshot(page, 'chooser');
    await page.getByRole('button', { name: 'Continue as Investor' }).click();
    await waitForPath(page, '/investor');
    await page.goto('/');
    await page.getByText('Authentication Detected').waitFor();
    await page.getByRole('button', { name: 'Continue as Founder' }).click();
    await waitForPath(page, '/founder');
    await context.close();
  });
});
