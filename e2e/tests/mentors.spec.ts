import { mkdirSync } from 'node:fs';
import { notificationKindsByRole } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../apps/server/test/smtp-sink';
import { paths } from '../../apps/web/src/config/paths';
import { createAccount, e2ePassword, uniqueEmail } from '../support/accounts';
import { axeViolations, settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, screenshot, viewports } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * Mentors in the browser, in two contexts. A founder invites a mentor from /founder/mentors; the
 * mentor opens the mail's link signed out, creates a mentor account from the invitation, verifies
 * with the mailed code and comes back to the invitation, accepts it and finds the founder on
 * /mentor; the founder sees the mentor in their list. A second use of the link is refused with
 * the server's sentence, the founder opening it is told a mentor account accepts it, and the
 * mentor ends the mentorship. Every screen passes axe and has no sideways scroll at 390 px;
 * screenshots at 1280 and 390 px go to /tmp/mentor-shots and e2e/artifacts.
 */
const shotsDir = '/tmp/mentor-shots';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
const mentorEmail = uniqueEmail('mentor');
let invitationPath = '';

const hasSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * The screen at both widths (`within`: only that part of it): axe finds nothing, no sideways scroll at 390 px, and a screenshot
 * of each. The page is left at the width it had.
 */
async function checkScreen(page: Page, name: string, { within }: { within?: string } = {}) {
  mkdirSync(shotsDir, { recursive: true });
  const before = page.viewportSize() ?? viewports.desktop;
  for (const [label, size] of [
    ['1280', viewports.desktop],
    ['390', viewports.mobile],
  ] as const) {
    await page.setViewportSize(size);
    // The pointer off every control: a nav link it last clicked would be checked in its hover colours.
    await page.mouse.move(size.width / 2, 2);
    await page.waitForTimeout(300);
    await settleAnimations(page);
    await page.screenshot({ path: `${shotsDir}/${name}-${label}.png`, fullPage: true });
    await screenshot(page, `mentors-${name}`);
    expect(await axeViolations(page, { within }), `${name} at ${label} px`).toEqual([]);
    if (label === '390') expect(await hasSidewaysScroll(page), `${name} scrolls sideways at 390 px`).toBe(false);
  }
  await page.setViewportSize(before);
}

/** axe's inline script needs the product's CSP bypassed. */
async function openContext() {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports.desktop, bypassCSP: true });
  context.setDefaultTimeout(20_000);
  return context;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  founder = await createAccount(server, 'user', 'Lena Founder');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('mentors', () => {
  let founderContext: BrowserContext;
  let founderPage: Page;
  let mentorContext: BrowserContext;
  let mentorPage: Page;

  beforeAll(async () => {
    founderContext = await openContext();
    founderPage = await founderContext.newPage();
    await founderPage.goto(paths.login);
    await founderPage.getByLabel('Email').fill(founder.email);
    await founderPage.getByLabel('Password').fill(founder.password);
    await founderPage.getByRole('button', { name: 'Sign in' }).click();
    await founderPage.waitForURL((url) => url.pathname === paths.founder.home, { timeout: 30_000 });
    mentorContext = await openContext();
    mentorPage = await mentorContext.newPage();
  }, 60_000);

  afterAll(async () => {
    await founderContext?.close();
    await mentorContext?.close();
  });

  it('lets the founder invite a mentor by email from the Mentors page', async () => {
    await founderPage.getByRole('link', { name: 'Mentors' }).first().click();
    await founderPage.getByRole('heading', { level: 1, name: 'Mentors' }).waitFor();
    await founderPage.getByTestId('mentors-empty').waitFor();
    await checkScreen(founderPage, 'founder-mentors-empty');

    // The contract's schema refuses a bad address before anything is sent.
    await founderPage.getByLabel(/Mentor's email/).fill('not-an-address');
    await founderPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => founderPage.getByLabel(/Mentor's email/).getAttribute('aria-invalid')).toBe('true');

    await founderPage.getByLabel(/Mentor's email/).fill(mentorEmail);
    await founderPage.getByLabel(/^Note/).fill('Could you look at our seed deck before we send it out?');
    await founderPage.keyboard.press('Tab');
    await founderPage.keyboard.press('Enter');
    const waiting = founderPage.getByRole('list', { name: 'Invitations waiting' });
    await waiting.getByText(mentorEmail).waitFor();
    await checkScreen(founderPage, 'founder-mentors-invited');

    const mail = await server.sink.waitFor(
      (m) => m.to.includes(mentorEmail) && /invites you to mentor/.test(m.subject),
    );
    const link = /https?:\/\/\S+?(\/mentor\/invitation\?token=[A-Za-z0-9_%-]+)/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();
    invitationPath = link ?? '';
  });

  it('shows the mentor sign-in, sign-up and reset pages', async () => {
    for (const [path, name] of [
      [paths.loginMentor, 'mentor-sign-in'],
      [paths.signupMentor, 'mentor-sign-up'],
      [paths.forgotPasswordMentor, 'mentor-password-reset'],
    ] as const) {
      await mentorPage.goto(path);
      await mentorPage.locator('h1').waitFor();
      await checkScreen(mentorPage, name);
    }
    await mentorPage.goto(paths.landing);
    await mentorPage.getByRole('link', { name: 'Mentor sign in' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.loginMentor);
  });

  it('takes the invited mentor from the mail link through sign-up and verification back to the invitation', async () => {
    await mentorPage.goto(invitationPath);
    await mentorPage.getByTestId('invitation-signed-out').waitFor();
    await checkScreen(mentorPage, 'invitation-signed-out');

    await mentorPage.getByRole('link', { name: 'Create a mentor account' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.signupMentor);
    await mentorPage.getByLabel('Name').fill('Noor Mentor');
    await mentorPage.getByLabel('Email').fill(mentorEmail);
    await mentorPage.getByLabel('Password').fill(e2ePassword);
    await mentorPage.getByRole('button', { name: 'Create account' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.verification);
    await mentorPage.getByRole('heading', { level: 1, name: 'Verify your mentor email' }).waitFor();
    await checkScreen(mentorPage, 'mentor-verification');

    const mail = await server.sink.waitFor((m) => m.to.includes(mentorEmail) && /verification code/.test(m.subject));
    await mentorPage.getByLabel('Digit 1 of 6').click();
    await mentorPage.keyboard.type(codeOf(mail));
    // The code may submit itself when complete; press Verify if it is still there.
    const verify = mentorPage.getByRole('button', { name: 'Verify' });
    if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => undefined);

    await mentorPage.waitForURL((url) => url.pathname === paths.mentor.invitationPage, { timeout: 30_000 });
    await mentorPage.getByRole('button', { name: 'Accept invitation' }).waitFor();
    await checkScreen(mentorPage, 'invitation-ready');
  });

  it('accepts, names the founder, and lists them on the mentor home', async () => {
    await mentorPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect
      .poll(() => mentorPage.getByTestId('invitation-accepted').textContent())
      .toBe('You now mentor Lena Founder.');
    await checkScreen(mentorPage, 'invitation-accepted');

    await mentorPage.getByRole('link', { name: 'Go to your mentor home' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.mentor.home);
    const founders = mentorPage.getByRole('list', { name: 'Founders you mentor' });
    await founders.getByText('Lena Founder').waitFor();
    await founders.getByText(founder.email).waitFor();
    await checkScreen(mentorPage, 'mentor-home');
  });

  it('shows the founder their new mentor, and no invitation waiting', async () => {
    await founderPage.reload();
    const mentors = founderPage.getByRole('list', { name: 'Your mentors' });
    await mentors.getByText('Noor Mentor').waitFor();
    await founderPage.getByTestId('invitations-empty').waitFor();
    await checkScreen(founderPage, 'founder-mentors-accepted');
  });

  it('refuses a second use of the link with the server sentence, and tells a founder who opens it what to do', async () => {
    await mentorPage.goto(invitationPath);
    await mentorPage.getByRole('button', { name: 'Accept invitation' }).click();
    await mentorPage
      .getByTestId('form-error')
      .getByText(/already accepted/)
      .waitFor();
    await mentorPage.getByRole('link', { name: 'Go to your mentor home' }).waitFor();
    await checkScreen(mentorPage, 'invitation-refused');

    await founderPage.goto(invitationPath);
    await founderPage.getByTestId('invitation-other-role').waitFor();
    await checkScreen(founderPage, 'invitation-as-founder');
    await founderPage.getByRole('link', { name: 'Back to your founder home' }).click();
    await founderPage.waitForURL((url) => url.pathname === paths.founder.home);
  });

  it("opens the mentor's account settings with the mentor's mails", async () => {
    await mentorPage.goto(paths.mentor.home);
    await mentorPage.getByRole('button', { name: /Account menu for/ }).click();
    await mentorPage.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = mentorPage.getByRole('dialog', { name: 'Account settings' });
    await dialog.getByTestId('notification-settings').getByRole('switch').first().waitFor();
    expect(await dialog.getByTestId('notification-settings').getByRole('switch').count()).toBe(
      notificationKindsByRole.mentor.length,
    );
    // The dialog alone: Mantine's modal header is a second banner landmark beside the page's.
    await checkScreen(mentorPage, 'mentor-settings', { within: '[role="dialog"]' });
    await mentorPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lets the mentor end the mentorship after a confirmation', async () => {
    const founders = mentorPage.getByRole('list', { name: 'Founders you mentor' });
    await founders.getByRole('button', { name: 'End mentorship with Lena Founder' }).click();
    const dialog = mentorPage.getByRole('dialog', { name: 'End mentorship' });
    await dialog.waitFor();
    await checkScreen(mentorPage, 'mentor-end-confirm');
    await dialog.getByRole('button', { name: 'End mentorship' }).click();
    await mentorPage
      .getByTestId('empty-state')
      .getByText(/Founders invite their mentors by email/)
      .waitFor();
    await checkScreen(mentorPage, 'mentor-home-empty');

    await founderPage.goto(paths.founder.mentors);
    await founderPage.getByTestId('mentors-empty').waitFor();
  });
});
