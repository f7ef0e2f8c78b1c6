import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let deckId = '';

/**
 * A ready deck of the founder's with the investor's interest, so My investors has a row to check;
 * the screens only need one ready deck to show.
 */
async function submitReadyDeckWithInterest(): Promise<string> {
  const id = await submitReadyDeck(server, founder, { company: 'Lumenfield', title: 'Lumenfield seed round' });
  await showInterest(server, investor, id, 'Can we see the pilot numbers?');
  return id;
}

/** Runs axe-core on the page as it stands and fails on any violation of moderate impact or worse. */
async function expectNoViolations(page: Page, screen: string) {
  const found = await axeViolations(page);
  // Soft: one screen's violations should not hide the next screen's.
  expect.soft(found, `${screen} at ${page.viewportSize()?.width}px`).toEqual([]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Ines Founder'),
    createAccount(server, 'investor', 'Ravi Investor'),
  ]);
  deckId = await submitReadyDeckWithInterest();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])('accessibility at %s width', (viewport) => {
  let visitorContext: BrowserContext;
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let visitorPage: Page;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    // bypassCSP: the product's `script-src 'self'` (rightly) refuses axe's inline script tag.
    const open = () => browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport], bypassCSP: true });
    [visitorContext, founderContext, investorContext] = await Promise.all([open(), open(), open()]);
    visitorPage = await visitorContext.newPage();
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await visitorContext?.close();
    await founderContext?.close();
    await investorContext?.close();
  });

  it('landing, sign-in and investor sign-up', async () => {
    await visitorPage.goto('/');
    await visitorPage.getByRole('heading', { level: 1 }).waitFor();
    await expectNoViolations(visitorPage, '/');

    await visitorPage.goto('/login');
    await visitorPage.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoViolations(visitorPage, '/login');

    await visitorPage.goto('/signup/investor');
    await visitorPage.getByLabel('Email').waitFor();
    await expectNoViolations(visitorPage, '/signup/investor');
  });

  it('founder home and submit', async () => {
    const page = founderPage;
    await page.goto('/founder');
    await page.getByTestId('founder-welcome').waitFor();
    await expectNoViolations(page, '/founder');

    await page.goto('/founder/submit');
    await page.getByTestId('deck-dropzone').waitFor();
    await expectNoViolations(page, '/founder/submit');
  });

  it('founder deck list, deck view and my investors', async () => {
    const page = founderPage;
    await page.goto('/founder/pitchdecks');
    await page.locator(`[data-testid="deck-card"][data-status="ready"]`).waitFor();
    await expectNoViolations(page, '/founder/pitchdecks');

    await page.goto(`/founder/view/${deckId}`);
    await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('deck-analytics').waitFor();
    await page.getByTestId('deck-interests').waitFor();
    await expectNoViolations(page, '/founder/view/{id}');

    await page.goto('/founder/my-investors');
    await page.getByTestId('interest-row').waitFor();
    await expectNoViolations(page, '/founder/my-investors');
  });

  it('investor browse and deck', async () => {
    const page = investorPage;
    await page.goto('/investor');
    await page.getByTestId('deck-card').first().waitFor();
    await expectNoViolations(page, '/investor');

    await page.goto(`/investor/pitchdecks/${deckId}`);
    await page.locator('[data-testid="deck-viewer"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('my-interest-status').waitFor();
    await expectNoViolations(page, '/investor/pitchdecks/{id}');
  });
});
