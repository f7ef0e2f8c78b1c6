import { authApiRoot, authPaths, founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { AuthResponse } from '@deckvalid/contract/auth';
import { dataRoomPaths } from '@deckvalid/contract/datarooms';
import { deckLinkPaths } from '@deckvalid/contract/links';
import { founderMentorPaths, mentorFounderPaths } from '@deckvalid/contract/mentors';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../apps/server/src/seed/demo-accounts';
import { paths } from '../../apps/web/src/config/paths';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * Every screen of the route table with the demo's data, as a visitor, the demo founder (Maya Lind),
 * a demo investor (Ravi Mehta) and a mentor of the founder (registered here: the demo seeds no
 * mentor), at each width: axe finds nothing of moderate impact or worse. The per-test axe checks
 * look at screens in the states their tests leave; this one looks at them as people meet them,
 * full of real data. A screen added to the product joins the lists below.
 */
let server: RunningServer;
let browser: Browser;
const founderAccount = demoAccounts.find((account) => account.email === 'founder@demo.pitchlane.local');
const investorAccount = demoAccounts.find((account) => account.email === 'ravi@demo.pitchlane.local');
if (!founderAccount || !investorAccount) throw new Error('the demo has changed its people');

/** `enter` takes the steps a person takes to reach the screen's state (a gate passed). */
type Screen = { name: string; path: string; ready?: string; enter?: (page: Page) => Promise<void> };
let visitorScreens: Screen[] = [];
let founderScreens: Screen[] = [];
let investorScreens: Screen[] = [];
let mentorScreens: Screen[] = [];
/** A mentor of the demo founder: the demo seeds no mentor, so one registers and accepts here. */
let mentor: Awaited<ReturnType<typeof createAccount>>;

async function api<Answer>(path: string, init: RequestInit & { tokens?: AuthResponse['tokens'] } = {}) {
  const { tokens, ...rest } = init;
  const reply = await fetch(`${server.baseUrl}${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(tokens ? authHeaders(tokens) : {}) },
  });
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${await reply.text()}`);
  return (await reply.json()) as Answer;
}

const logIn = (account: { email: string; password: string }, role: 'user' | 'investor') =>
  api<AuthResponse>(`${authApiRoot[role]}${authPaths.login}`, {
    method: 'POST',
    body: JSON.stringify({ email: account.email, password: account.password }),
  });

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  browser = await launchBrowser();
  const [founder, investor] = await Promise.all([logIn(founderAccount, 'user'), logIn(investorAccount, 'investor')]);
  const decks = await api<{ data: { id: string; status: string }[] }>(
    `${founderDeckPaths.pitchDecks}?page=1&limit=100`,
    { tokens: founder.tokens },
  );
  const deckId = decks.data.find((deck) => deck.status === 'ready')?.id;
  if (!deckId) throw new Error('the demo founder has no ready deck');
  const milestones = await api<{ data: { id: string }[] }>(`${milestonePaths.milestones}?page=1&limit=20`, {
    tokens: founder.tokens,
  });
  const milestoneId = milestones.data[0]?.id;
  if (!milestoneId) throw new Error('the demo founder has no milestone');
  const { link } = await api<{ link: { slug: string } }>(deckLinkPaths.links(deckId), {
    method: 'POST',
    tokens: founder.tokens,
    body: JSON.stringify({ name: 'Northwind – Ravi', verifyEmail: true, passcode: 'harbor-42' }),
  });
  const rooms = await api<{ data: { id: string }[] }>(dataRoomPaths.rooms, { tokens: founder.tokens });
  const roomId = rooms.data[0]?.id;
  if (!roomId) throw new Error('the demo founder has no data room');
  const room = await api<{ room: { items: { id: string; name: string }[] } }>(dataRoomPaths.room(roomId), {
    tokens: founder.tokens,
  });
  const legalId = room.room.items.find((item) => item.name === 'Legal')?.id;
  const { link: openLink } = await api<{ link: { slug: string } }>(deckLinkPaths.links(deckId), {
    method: 'POST',
    tokens: founder.tokens,
    body: JSON.stringify({ name: 'Open to anyone', requireEmail: false, allowDownload: true }),
  });

  visitorScreens = [
    { name: 'landing', path: paths.landing },
    { name: 'founder sign-in', path: paths.login },
    { name: 'investor sign-in', path: paths.loginInvestor },
    { name: 'founder sign-up', path: paths.signup },
    { name: 'investor sign-up', path: paths.signupInvestor },
    { name: 'password reset', path: paths.forgotPassword },
    { name: 'investor password reset', path: paths.forgotPasswordInvestor },
    { name: 'email verification', path: paths.verification },
    { name: 'mentor sign-in', path: paths.loginMentor },
    { name: 'mentor sign-up', path: paths.signupMentor },
    { name: 'mentor password reset', path: paths.forgotPasswordMentor },
    { name: 'a mentor invitation, signed out', path: paths.mentor.invitation('not-a-real-token') },
    { name: 'share link gate', path: paths.shareLink(link.slug), ready: '[data-testid="link-gate"]' },
    {
      name: 'a shared deck, read',
      path: paths.shareLink(openLink.slug),
      enter: async (page) => {
        await page.getByTestId('link-gate').locator('button[type="submit"]').click();
        await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      },
    },
  ];
  founderScreens = [
    { name: 'founder home', path: paths.founder.home, ready: '[data-testid="founder-welcome"]' },
    { name: 'pitch decks', path: paths.founder.pitchdecks },
    { name: 'submit deck', path: paths.founder.submit },
    { name: 'my investors', path: paths.founder.myInvestors },
    { name: 'milestones', path: paths.founder.milestones },
    { name: 'a milestone', path: paths.founder.milestone(milestoneId) },
    { name: 'trends', path: paths.founder.trends, ready: '[data-testid="trends-period"]' },
    { name: 'founder inbox', path: paths.founder.inbox },
    { name: 'a deck', path: paths.founder.view(deckId) },
    { name: 'a deck’s report', path: paths.founder.view(deckId, { tab: 'report' }) },
    { name: 'a deck’s share links', path: paths.founder.view(deckId, { tab: 'share' }) },
    { name: 'a deck’s mentors', path: paths.founder.view(deckId, { tab: 'mentors' }) },
    { name: 'what changed in a deck', path: paths.founder.view(deckId, { tab: 'changes' }) },
    { name: 'data rooms', path: paths.founder.dataRooms },
    { name: 'a data room’s folder', path: paths.founder.dataRoom(roomId, { folder: legalId }) },
    { name: 'mentors', path: paths.founder.mentors },
  ];
  investorScreens = [
    { name: 'browse', path: paths.investor.home, ready: '[data-testid="investor-welcome"]' },
    { name: 'investor milestones', path: paths.investor.milestones },
    { name: 'investor milestone', path: paths.investor.milestone(milestoneId) },
    { name: 'investor info', path: paths.investor.profile },
    { name: 'investor inbox', path: paths.investor.inbox },
    { name: 'a company', path: paths.investor.company(founder.user.id) },
    { name: 'a deck, as an investor', path: paths.investor.pitchDeck(deckId) },
    { name: 'the validation report', path: paths.investor.analysis(deckId) },
    { name: 'an unknown investor page', path: `${paths.investor.home}/nothing-here` },
    { name: 'data rooms given to the investor', path: paths.investor.dataRooms },
    { name: 'a given room’s folder', path: paths.investor.dataRoom(roomId, { folder: legalId }) },
  ];
  expect(investor.user.role).toBe('investor');

  mentor = await createAccount(server, 'mentor', 'Noor Haddad');
  await api(founderMentorPaths.invitations, {
    method: 'POST',
    tokens: founder.tokens,
    body: JSON.stringify({ email: mentor.email, note: 'Would you read our seed deck?' }),
  });
  const invitationMail = await server.sink.waitFor((m) => m.to.includes(mentor.email) && /mentor/.test(m.subject));
  const token = /invitation\?token=([A-Za-z0-9_%-]+)/.exec(invitationMail.body)?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  await api(mentorFounderPaths.accept, {
    method: 'POST',
    tokens: mentor.tokens,
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  // The demo founder invites a second person, so the founder's page lists one invitation waiting.
  await api(founderMentorPaths.invitations, {
    method: 'POST',
    tokens: founder.tokens,
    body: JSON.stringify({ email: 'advisor@demo.pitchlane.local' }),
  });
  mentorScreens = [
    { name: 'founders you mentor', path: paths.mentor.home, ready: '[data-testid="mentorship-row"]' },
    { name: 'mentor inbox', path: paths.mentor.inbox },
    { name: 'a mentor invitation', path: paths.mentor.invitation(decodeURIComponent(token)) },
    {
      name: 'a deck with its comments, as a mentor',
      path: paths.mentor.deck(deckId),
      ready: '[data-testid="deck-viewer"][data-state="ready"]',
    },
    { name: 'a mentor’s review', path: paths.mentor.deck(deckId, { tab: 'review' }) },
    { name: 'what changed, as a mentor', path: paths.mentor.deck(deckId, { tab: 'changes' }) },
  ];
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the screen, waits for its data (no loader left), and answers axe's findings. */
async function findingsOn(page: Page, screen: Screen): Promise<string[]> {
  await page.goto(screen.path);
  if (screen.ready) await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
  await screen.enter?.(page);
  // The screen itself (every one has its h1), then its data: no section still busy or showing a
  // skeleton, as far as that goes (a thumbnail strip may keep a few skeletons below the fold).
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"]').count(), {
      timeout: 10_000,
    })
    .toBe(0)
    .catch(() => undefined);
  await page.waitForTimeout(500);
  return axeViolations(page);
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])(
  'every screen with data at %s width',
  (viewport) => {
    const contexts: BrowserContext[] = [];
    const open = async () => {
      // bypassCSP: the product's `script-src 'self'` refuses axe's inline script tag.
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: viewports[viewport],
        bypassCSP: true,
      });
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      return context;
    };

    afterAll(async () => {
      await Promise.all(contexts.map((context) => context.close()));
    });

    const sweep = async (page: Page, screens: Screen[]) => {
      let count = 0;
      for (const screen of screens) {
        const found = await findingsOn(page, screen);
        count += found.length;
        // Soft: one screen's findings must not hide the next screen's.
        expect.soft(found, `${screen.name} (${screen.path}) at ${viewports[viewport].width} px`).toEqual([]);
      }
      console.info(`[a11y] ${viewport}: ${screens.length} screens, ${count} findings`);
    };

    it('as a visitor', async () => {
      await sweep(await (await open()).newPage(), visitorScreens);
    }, 240_000);

    it('as the demo founder', async () => {
      await sweep(await signIn(await open(), founderAccount, 'user'), founderScreens);
    }, 240_000);

    it('as a demo investor', async () => {
      await sweep(await signIn(await open(), investorAccount, 'investor'), investorScreens);
    }, 240_000);

    it('as a mentor of the demo founder', async () => {
      await sweep(await signIn(await open(), mentor, 'mentor'), mentorScreens);
    }, 240_000);
  },
);
