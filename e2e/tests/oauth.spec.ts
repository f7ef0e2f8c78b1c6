import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../apps/server/test/oidc-provider';
import { uniqueEmail } from '../support/accounts';
import { type Browser, launchBrowser, newContext, type Page, screenshot } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * The whole redirect round trip of a sign-in through an identity provider, in a browser: the
 * sign-in page's button → the provider (a real oidc-provider on 127.0.0.1, approving at once) →
 * /oauth/callback → the role's home, signed in, tokens stored; and a refusal back on sign-in.
 * Google, LinkedIn and GitHub are enabled with made-up clients so their buttons show; only the
 * local issuer is ever contacted.
 */
let server: RunningServer;
let browser: Browser;
let oidc: TestOidcProvider;
const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

beforeAll(async () => {
  let redirectUrl = '';
  oidc = await startOidcProvider({ redirectUrl: () => redirectUrl });
  server = await startServer({
    OAUTH_GOOGLE_CLIENT_ID: 'e2e-google',
    OAUTH_GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    OAUTH_LINKEDIN_CLIENT_ID: 'e2e-linkedin',
    OAUTH_LINKEDIN_CLIENT_SECRET: 'e2e-linkedin-secret',
    OAUTH_GITHUB_CLIENT_ID: 'e2e-github',
    OAUTH_GITHUB_CLIENT_SECRET: 'e2e-github-secret',
    OAUTH_ACMESSO_ISSUER: oidc.issuer,
    OAUTH_ACMESSO_NAME: 'Acme SSO',
    OAUTH_ACMESSO_CLIENT_ID: oidc.clientId,
    OAUTH_ACMESSO_CLIENT_SECRET: oidc.clientSecret,
  });
  redirectUrl = `${server.baseUrl}/oauth/callback`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.close();
});

async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
}

describe.each([
  { role: 'user' as const, label: 'founder', login: '/login', home: '/founder', key: 'user_tokens' },
  { role: 'investor' as const, label: 'investor', login: '/login/investor', home: '/investor', key: 'investor_tokens' },
])('$label sign-in through an OpenID Connect provider', ({ label, login, home, key }) => {
  it(`leaves for the provider, comes back through /oauth/callback and lands on ${home} signed in`, async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const email = uniqueEmail(`oauth-${label}`);
    oidc.signInAs({ sub: `e2e-${label}-${Date.now()}`, email, emailVerified: true, name: `Sam ${label}` });
    await page.goto(login);
    for (const name of ['Google', 'LinkedIn', 'GitHub', 'Acme SSO']) {
      await expect.poll(() => page.getByRole('button', { name: `Continue with ${name}` }).count()).toBe(1);
    }
    const callbacks: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/oauth/callback')) callbacks.push(frame.url());
    });
    await page.getByRole('button', { name: 'Continue with Acme SSO' }).click();
    await waitForPath(page, home);
    // The provider really was visited and sent the browser back with a code and the state.
    // (Same-document navigations report the one URL again, so distinct URLs are counted.)
    expect(new Set(callbacks).size).toBe(1);
    const back = new URL(callbacks[0] ?? '');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBeTruthy();
    const stored = await page.evaluate((storageKey) => localStorage.getItem(storageKey), key);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ token: expect.any(String), hashToken: expect.any(String) });
    // A reload keeps the session, as after a password sign-in.
    await page.reload();
    await waitForPath(page, home);
    await context.close();
  });
});

describe('a refused sign-in', () => {
  it('comes back to the sign-in page with the reason in words, signed out', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    oidc.denyNext();
    await page.goto('/login/investor');
    await page.getByRole('button', { name: 'Continue with Acme SSO' }).click();
    await waitForPath(page, '/login/investor');
    await expect
      .poll(() => page.getByTestId('form-error').textContent())
      .toContain('The sign-in with Acme SSO was cancelled');
    expect(await page.evaluate(() => localStorage.getItem('investor_tokens'))).toBeNull();
    await context.close();
  });
});

describe('screenshots', () => {
  it('of the sign-in page with providers at 1280 and 390 px', async () => {
    mkdirSync(screenshotsDir, { recursive: true });
    for (const [viewport, width] of [
      ['desktop', 1280],
      ['mobile', 390],
    ] as const) {
      const context = await newContext(browser, server.baseUrl, viewport);
      const page = await context.newPage();
      await page.goto('/login');
      await expect.poll(() => page.getByRole('button', { name: 'Continue with Acme SSO' }).count()).toBe(1);
      copyFileSync(
        await screenshot(page, 'login-providers'),
        path.join(screenshotsDir, `login-providers-${width}.png`),
      );
      await context.close();
    }
  });
});
