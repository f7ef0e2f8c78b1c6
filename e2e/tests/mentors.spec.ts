import { mkdirSync } from 'node:fs';
import { founderMentorPaths, mentorFounderPaths } from '@deckvalid/contract/mentors';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { notificationKindsByRole } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../apps/server/test/smtp-sink';
import { paths } from '../../apps/web/src/config/paths';
import { callApi, createAccount, e2ePassword, signIn, uniqueEmail } from '../support/accounts';
import { axeViolations, settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, screenshot, viewports } from '../support/browser';
import { samplePdf, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Mentors in the browser, in two contexts. A founder invites a mentor from /founder/mentors; the
 * mentor opens the mail's link signed out, creates a mentor account from the invitation, verifies
 * with the mailed code and comes back to the invitation, accepts it and finds the founder on
 * /mentor; the founder sees the mentor in their list. A second use of the link is refused with
 * the server's sentence, the founder opening it is told a mentor account accepts it, and the
 * mentor ends the mentorship. Apart, with a mentorship of its own: a mentor comments on page 3
 * of a deck with a dragged region and reviews it; the founder uploads version 2, finds the comment
 * moved with its slide to page 4, replies and resolves it; both read What changed. Every screen
 * passes axe and has no sideways scroll at 390 px. A third world: the founder shares a milestone
 * with their mentor from its page, and the mentor reads its board and talks a task over in a
 * thread with the mentors, which the founder's page marks as such.
 * Every screen
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
    // Who invites is read with the token alone, before the visitor has an account.
    await mentorPage
      .getByTestId('invitation-preview')
      .getByText(/invites you to mentor them/)
      .waitFor();
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

  it('says a used link is spent before anyone clicks, in the server sentence, and where to go instead', async () => {
    await mentorPage.goto(invitationPath);
    await mentorPage
      .getByTestId('invitation-closed')
      .getByText(/already accepted/)
      .waitFor();
    expect(await mentorPage.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await mentorPage.getByRole('link', { name: 'Go to your mentor home' }).waitFor();
    await checkScreen(mentorPage, 'invitation-refused');

    await founderPage.goto(invitationPath);
    await founderPage
      .getByTestId('invitation-closed')
      .getByText(/already accepted/)
      .waitFor();
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

/**
 * A founder and a mentor tied through the API (the invitation flow has its own test above): the
 * invitation is sent, its mail read and its token accepted.
 */
async function aMentorshipOverApi(founderName: string, mentorName: string) {
  const founder = await createAccount(server, 'user', founderName);
  const mentor = await createAccount(server, 'mentor', mentorName);
  await callApi(server, founder, 'POST', founderMentorPaths.invitations, { email: mentor.email });
  const mail = await server.sink.waitFor((m) => m.to.includes(mentor.email) && /mentor/.test(m.subject));
  const token = /invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  await callApi(server, mentor, 'POST', mentorFounderPaths.accept, { token: decodeURIComponent(token) });
  return { founder, mentor };
}

/** Slide lines of the feedback deck: version 2 puts a new slide 2 in, so the market slide moves from page 3 to 4. */
const kelpLines = {
  cover: 'Kelp feed that cuts methane from dairy herds by a third within one season',
  problem: 'Dairy farms emit most of their methane from feed and have no cheap fix today',
  market: 'Forty thousand dairy farms across Europe buy feed additives every single month of the year',
  team: 'Two marine biologists and a former feed mill operator with twenty years of sales',
  whyNow: 'New European methane rules start paying farmers for every tonne they avoid',
};
const versionOneLines = { 1: kelpLines.cover, 2: kelpLines.problem, 3: kelpLines.market, 4: kelpLines.team };
const versionTwoLines = {
  1: kelpLines.cover,
  2: kelpLines.whyNow,
  3: kelpLines.problem,
  4: kelpLines.market,
  5: kelpLines.team,
};

describe('mentor feedback on a deck', () => {
  let founderContext: BrowserContext;
  let founderPage: Page;
  let mentorContext: BrowserContext;
  let mentorPage: Page;
  let deckId = '';

  /**
   * Its own founder, mentor and deck, so this world does not hang on the invitation flow above
   * (which ends its mentorship): the invitation is sent and accepted through the API.
   */
  beforeAll(async () => {
    const { founder: kelpFounder, mentor: kelpMentor } = await aMentorshipOverApi('Iris Kelp', 'Omar Reviewer');
    deckId = await submitReadyDeck(server, kelpFounder, {
      company: 'Brightkelp',
      title: 'Brightkelp seed',
      slides: 4,
      lines: versionOneLines,
    });
    founderContext = await openContext();
    founderPage = await signIn(founderContext, kelpFounder, 'user');
    mentorContext = await openContext();
    mentorPage = await signIn(mentorContext, kelpMentor, 'mentor');
  }, 120_000);

  afterAll(async () => {
    await founderContext?.close();
    await mentorContext?.close();
  });

  const viewerReady = (page: Page) =>
    page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });

  it('the mentor comments on page 3 with a region dragged on it', async () => {
    await mentorPage.goto(paths.mentor.home);
    await mentorPage.getByRole('link', { name: 'Open the deck Brightkelp seed' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.mentor.deck(deckId));
    await viewerReady(mentorPage);
    await mentorPage.keyboard.press('ArrowRight');
    await mentorPage.keyboard.press('ArrowRight');
    await mentorPage.getByRole('textbox', { name: 'Comment on page 3' }).waitFor();

    await mentorPage.getByRole('button', { name: 'Mark a region' }).click();
    const surface = mentorPage.getByTestId('comment-region-surface');
    const box = await surface.boundingBox();
    if (!box) throw new Error('the page has no drawing surface');
    await mentorPage.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.55);
    await mentorPage.mouse.down();
    await mentorPage.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.7, { steps: 5 });
    await mentorPage.mouse.up();
    await mentorPage.getByTestId('draft-region').waitFor();

    await mentorPage
      .getByRole('textbox', { name: 'Comment on page 3' })
      .fill('Where does the forty thousand come from? Cite the source.');
    await mentorPage.getByRole('button', { name: 'Comment on this page' }).click();
    const page3 = mentorPage.getByRole('region', { name: 'Page 3' });
    await page3.getByText('Where does the forty thousand come from?', { exact: false }).waitFor();
    await mentorPage.getByTestId('comment-region').waitFor();
    await checkScreen(mentorPage, 'mentor-deck-comment');
  });

  it('the mentor saves a review of version 1', async () => {
    await mentorPage.getByRole('tab', { name: 'Review' }).click();
    const form = mentorPage.getByTestId('review-form');
    await form.waitFor();
    for (const section of await form.getByTestId('review-section').all()) {
      await section.getByRole('radio', { name: '3', exact: true }).check();
    }
    await form.getByRole('textbox', { name: 'Note on market size' }).fill('Cite the source of the farm count.');
    await form.getByRole('textbox', { name: /Summary/ }).fill('Promising; source the market before investors see it.');
    await form.getByRole('button', { name: 'Save review' }).click();
    const review = mentorPage.getByTestId('deck-review');
    await review.waitFor();
    expect(await review.getByTestId('review-verdict').textContent()).toBe('Needs work');
    await checkScreen(mentorPage, 'mentor-review');
  });

  it('the founder uploads version 2 and finds the comment moved to the market slide on page 4, replies and resolves it', async () => {
    await founderPage.goto(paths.founder.view(deckId));
    await founderPage.getByRole('button', { name: 'Upload new version' }).click();
    const dialog = founderPage.getByRole('dialog', { name: 'Upload version 2' });
    await dialog.waitFor();
    await dialog.getByLabel('Pitch deck PDF').setInputFiles({
      name: 'brightkelp-v2.pdf',
      mimeType: 'application/pdf',
      buffer: await samplePdf({ company: 'Brightkelp', slides: 5, body: '', lines: versionTwoLines }),
    });
    await expect.poll(() => dialog.getByText('Uploaded', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Submit version' }).click();
    await dialog.waitFor({ state: 'detached' });
    const versionRow = founderPage.locator('[data-testid="deck-version"][data-version="2"]');
    await expect.poll(() => versionRow.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => versionRow.getByTestId('live-badge').count(), { timeout: 10_000 }).toBe(1);

    await founderPage.getByRole('tab', { name: 'Mentors' }).click();
    const page4 = founderPage.getByRole('region', { name: 'Page 4' });
    const comment = page4.getByTestId('deck-comment');
    // Comments move once the new version is ready, just after it goes live: ask again until they have.
    await expect
      .poll(
        async () => {
          if ((await comment.count()) > 0) return true;
          await founderPage.reload();
          await founderPage.getByTestId('open-comment-count').waitFor();
          return (await comment.count()) > 0;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await comment.getByText('Where does the forty thousand come from?', { exact: false }).waitFor();
    expect(await founderPage.getByRole('region', { name: 'Page 3' }).count()).toBe(0);
    await founderPage.getByTestId('deck-review').getByText('Omar Reviewer on version 1').waitFor();

    await comment.getByRole('button', { name: 'Reply' }).click();
    await comment
      .getByRole('textbox', { name: 'Your reply' })
      .fill('From the 2025 EU farm census; cited on the slide now.');
    await comment.getByRole('button', { name: 'Send reply' }).click();
    await comment
      .getByTestId('comment-reply')
      .getByText(/EU farm census/)
      .waitFor();
    await comment.getByRole('button', { name: 'Resolve' }).click();
    await comment.getByTestId('comment-resolved').waitFor();
    await checkScreen(founderPage, 'founder-mentors-tab');

    // "Show on page 4" opens the deck at the market slide, its region marked.
    await comment.getByRole('button', { name: 'Show on page 4' }).click();
    await viewerReady(founderPage);
    await expect.poll(() => founderPage.getByTestId('deck-viewer').getAttribute('data-page')).toBe('4');
    await founderPage.locator('[data-testid="comment-region"][data-highlighted="true"]').waitFor();
  });

  it('both open What changed and read the new slide and the score in words', async () => {
    await founderPage.goto(paths.founder.view(deckId, { tab: 'changes' }));
    await founderPage
      .getByTestId('comparison-score')
      .getByText(/From version 1 to version 2/)
      .waitFor({ timeout: 30_000 });
    await founderPage.getByText('Page 2 is new.').waitFor();
    await checkScreen(founderPage, 'founder-what-changed');

    await mentorPage.goto(paths.mentor.deck(deckId, { tab: 'changes' }));
    await mentorPage
      .getByTestId('comparison-score')
      .getByText(/From version 1 to version 2/)
      .waitFor({ timeout: 30_000 });
    await mentorPage.getByText('Page 2 is new.').waitFor();
    await checkScreen(mentorPage, 'mentor-what-changed');

    // The mentor sees the founder's reply and the resolution on version 2.
    await mentorPage.goto(paths.mentor.deck(deckId));
    const comment = mentorPage.getByRole('region', { name: 'Page 4' }).getByTestId('deck-comment');
    await comment.getByTestId('comment-resolved').waitFor();
    await comment.getByText(/EU farm census/).waitFor();
  });
});

describe('a milestone shared with a mentor', () => {
  let founderPage: Page;
  let mentorPage: Page;
  let contexts: BrowserContext[] = [];
  let milestoneId = '';
  let mentorName = '';

  beforeAll(async () => {
    const { founder: ownFounder, mentor } = await aMentorshipOverApi('Noor Pilot', 'Mira Advisor');
    mentorName = mentor.name;
    const deckId = await submitReadyDeck(server, ownFounder, { company: 'Harbourline', title: 'Harbourline seed' });
    const { milestone } = await callApi<{ milestone: { id: string } }>(
      server,
      ownFounder,
      'POST',
      milestonePaths.milestones,
      { pitchDeckId: deckId, title: 'Pilot with two ports', dueDate: '2099-06-30' },
    );
    milestoneId = milestone.id;
    await callApi(server, ownFounder, 'POST', milestonePaths.tasks(milestoneId), { title: 'Berth schedule import' });
    contexts = [await openContext(), await openContext()];
    founderPage = await signIn(contexts[0] as BrowserContext, ownFounder, 'user');
    mentorPage = await signIn(contexts[1] as BrowserContext, mentor, 'mentor');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('the founder shares it from the milestone’s More menu', async () => {
    await founderPage.goto(paths.founder.milestone(milestoneId));
    await founderPage.getByRole('button', { name: 'More actions' }).click();
    await founderPage.getByRole('menuitem', { name: 'Share with mentors' }).click();
    const mentors = founderPage.getByRole('dialog', { name: 'Share with mentors' });
    await mentors.getByLabel(mentorName).check();
    await expect.poll(() => mentors.getByLabel(mentorName).isChecked()).toBe(true);
    await checkScreen(founderPage, 'founder-milestone-mentors', { within: '[role="dialog"]' });
    await mentors.getByRole('button', { name: 'Done' }).click();
  });

  it('the mentor finds it under Milestones, reads the board and starts a thread on a task', async () => {
    await mentorPage.goto(paths.mentor.home);
    await mentorPage.getByRole('link', { name: 'Milestones' }).click();
    await mentorPage.waitForURL((url) => url.pathname === paths.mentor.milestones);
    await checkScreen(mentorPage, 'mentor-milestones');
    await mentorPage
      .getByRole('link', { name: /Pilot with two ports/ })
      .first()
      .click();
    await mentorPage.waitForURL((url) => url.pathname === paths.mentor.milestone(milestoneId));
    expect(await mentorPage.getByRole('tab', { name: 'Meets' }).count()).toBe(0);
    await mentorPage.getByRole('tab', { name: 'Board' }).click();
    await mentorPage.getByRole('button', { name: 'Berth schedule import' }).click();
    await mentorPage.getByRole('textbox', { name: 'New thread title' }).fill('Which port goes first?');
    await mentorPage.getByRole('button', { name: 'Start' }).click();
    await mentorPage.getByRole('textbox', { name: 'Message' }).fill('Start with the port whose data is worst.');
    await mentorPage.getByRole('button', { name: 'Send' }).click();
    await mentorPage.getByText('Start with the port whose data is worst.').waitFor();
    await checkScreen(mentorPage, 'mentor-milestone-thread', { within: '[role="dialog"]' });
  });

  it('the founder reads the thread, marked as one with the mentors', async () => {
    await founderPage.goto(paths.founder.milestone(milestoneId));
    await founderPage.getByRole('tab', { name: 'Board' }).click();
    await founderPage.getByRole('button', { name: 'Berth schedule import' }).click();
    const row = founderPage.getByRole('listitem').filter({ hasText: 'Which port goes first?' });
    await row.getByText('Mentors', { exact: true }).waitFor();
    await founderPage.getByRole('radio', { name: 'With mentors' }).waitFor({ state: 'attached' });
  });
});
