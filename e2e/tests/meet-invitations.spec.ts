import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { milestonePaths } from '@deckvalid/contract/milestones';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../apps/server/test/smtp-sink';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { settleAnimations } from '../support/axe';
import { type Browser, type BrowserContext, launchBrowser, type Page, viewports } from '../support/browser';
import { acceptInterest, samplePdf, showInterest, submitReadyDeck } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/**
 * Meet invitations and file deliverables (issue 18), founder and investor in two browsers: the
 * founder schedules a meet inviting the investor, the invitation mail leaves through the outbox
 * with an .ics that ical.js reads (ORGANIZER the founder, an ATTENDEE per attendee); the founder
 * submits a deliverable as a file, the investor downloads it and sends it back. Screens of the meet
 * and deliverable forms at 1280 and 390 px go to docs/screenshots.
 */
const screenshotsDir = path.resolve(import.meta.dirname, '../../docs/screenshots');

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;
let investor: Awaited<ReturnType<typeof createAccount>>;
let milestoneId = '';

async function shot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

async function openContext(viewport: keyof typeof viewports) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: viewports[viewport] });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The calendar part of a received MIME mail, decoded (base64 or quoted-printable, as nodemailer chose). */
function calendarPartOf(mail: ReceivedMail): string {
  const parts = mail.raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((candidate) => /^Content-Type: text\/calendar/im.test(candidate));
  if (!part) throw new Error(`no text/calendar part in “${mail.subject}”`);
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]*--\s*$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return body;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [founder, investor] = await Promise.all([
    createAccount(server, 'user', 'Maya Founder'),
    createAccount(server, 'investor', 'Omar Investor'),
  ]);
  const deckId = await submitReadyDeck(server, founder, { company: 'Clinicpay', title: 'Clinicpay seed', slides: 2 });
  const interestId = await showInterest(server, investor, deckId, 'Happy to follow the pilot.');
  await acceptInterest(server, founder, deckId, interestId);
  const created = await fetch(`${server.baseUrl}${milestonePaths.milestones}`, {
    method: 'POST',
    headers: { ...authHeaders(founder.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ pitchDeckId: deckId, title: 'Pilot with three clinics', dueDate: '2027-03-01' }),
  });
  expect(created.status).toBe(201);
  milestoneId = ((await created.json()) as { milestone: { id: string } }).milestone.id;
  const task = await fetch(`${server.baseUrl}${milestonePaths.tasks(milestoneId)}`, {
    method: 'POST',
    headers: { ...authHeaders(founder.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Sign the contract' }),
  });
  expect(task.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('meet invitations and file deliverables', () => {
  let founderContext: BrowserContext;
  let investorContext: BrowserContext;
  let founderPage: Page;
  let investorPage: Page;

  beforeAll(async () => {
    [founderContext, investorContext] = await Promise.all([openContext('desktop'), openContext('desktop')]);
    founderPage = await signIn(founderContext, founder, 'user');
    investorPage = await signIn(investorContext, investor, 'investor');
  });

  afterAll(async () => {
    await founderContext?.close();
    await investorContext?.close();
  });

  it('the founder schedules a meet with the investor; the invitation mail’s .ics names the founder and both attendees', async () => {
    const page = founderPage;
    await page.goto(`/founder/milestones/${milestoneId}?tab=meets`);
    await page.getByRole('button', { name: 'Schedule meet' }).first().click();
    const form = page.getByRole('dialog', { name: 'Schedule a meet' });
    await form.getByLabel('Title').fill('Pilot review');
    await form.getByLabel('Starts').fill('2027-01-12T09:30');
    // The founder comes chosen; the investor is picked from the milestone's members.
    const attendees = form.getByLabel('Attendees', { exact: true }).and(form.locator('input'));
    await form.getByText('Maya Founder (founder)').waitFor();
    await attendees.click();
    await page.getByRole('option', { name: 'Omar Investor' }).click();
    await form.getByText('Omar Investor').first().waitFor();
    await page.keyboard.press('Escape');
    await form.getByLabel('Title').click();
    await shot(page, 'meet-dialog-attendees-1280');
    await form.getByRole('button', { name: 'Schedule meet' }).click();
    await form.waitFor({ state: 'hidden' });

    // The card names who is invited.
    const meetCard = page.getByTestId('meet-card').filter({ hasText: 'Pilot review' });
    const invited = meetCard.getByRole('list', { name: 'Attendees' });
    await invited.getByText('Maya Founder (organiser)').waitFor();
    await invited.getByText('Omar Investor').waitFor();

    // The investor's invitation leaves through the outbox to the mail server.
    const mail = await server.sink.waitFor(
      (received) =>
        received.to.some((to) => to.includes(investor.email)) && /Invitation: Pilot review/.test(received.subject),
      20_000,
    );
    const calendar = new ICAL.Component(ICAL.parse(calendarPartOf(mail)));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = calendar.getFirstSubcomponent('vevent');
    const organizer = event?.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('Maya Founder');
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe(`mailto:${founder.email.toLowerCase()}`);
    const people = (event?.getAllProperties('attendee') ?? []).map((attendee) => ({
      cn: attendee.getParameter('cn'),
      address: String(attendee.getFirstValue()).toLowerCase(),
    }));
    expect(people).toEqual([
      { cn: 'Maya Founder', address: `mailto:${founder.email.toLowerCase()}` },
      { cn: 'Omar Investor', address: `mailto:${investor.email.toLowerCase()}` },
    ]);
    expect(event?.getFirstPropertyValue('summary')).toBe('Pilot review');

    // The investor sees the same attendees on their side.
    await investorPage.goto(`/investor/milestones/${milestoneId}?tab=meets`);
    await investorPage
      .getByTestId('meet-card')
      .filter({ hasText: 'Pilot review' })
      .getByRole('list', { name: 'Attendees' })
      .getByText('Omar Investor')
      .waitFor();
  });

  it('the founder submits a deliverable as a file; the investor downloads it and sends it back', async () => {
    const page = founderPage;
    await page.goto(`/founder/milestones/${milestoneId}?tab=board`);
    await page.getByRole('button', { name: 'Sign the contract', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Sign the contract' });
    await drawer.getByRole('button', { name: 'Add deliverable' }).click();
    await drawer.getByLabel('Deliverable title').fill('Signed contract');
    await drawer.getByRole('button', { name: 'Add deliverable' }).click();
    const item = drawer.getByRole('listitem', { name: 'Signed contract' });
    await item.getByText('File', { exact: true }).click();
    const pdf = await samplePdf({ company: 'Clinicpay', slides: 1, body: 'Signed by both parties.' });
    await item
      .getByLabel('Deliverable file')
      .setInputFiles({ name: 'signed-contract.pdf', mimeType: 'application/pdf', buffer: pdf });
    const submit = item.getByRole('button', { name: 'Submit file' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await item.getByTestId('deliverable-dropzone').scrollIntoViewIfNeeded();
    await shot(page, 'deliverable-file-1280');
    await submit.click();
    await item.getByTestId('deliverable-status').filter({ hasText: 'Submitted' }).waitFor();
    await item.getByTestId('deliverable-file').getByRole('link', { name: 'signed-contract.pdf' }).waitFor();

    // The investor sees the file with its size and downloads it through its signed link.
    await investorPage.goto(`/investor/milestones/${milestoneId}?tab=board`);
    await investorPage.getByRole('button', { name: 'Sign the contract', exact: true }).click();
    const investorItem = investorPage
      .getByRole('dialog', { name: 'Sign the contract' })
      .getByRole('listitem', { name: 'Signed contract' });
    const file = investorItem.getByTestId('deliverable-file');
    await file.getByText(/KB|bytes|B$/).waitFor();
    const href = await file.getByRole('link', { name: 'signed-contract.pdf' }).getAttribute('href');
    const downloaded = await investorPage.evaluate(async (url) => {
      const response = await fetch(url ?? '');
      return { status: response.status, size: (await response.arrayBuffer()).byteLength };
    }, href);
    expect(downloaded).toEqual({ status: 200, size: pdf.length });

    await investorItem.getByRole('button', { name: 'Request changes' }).click();
    await investorItem.getByLabel('What should change?').fill('Both signatures, please.');
    await investorItem.getByRole('button', { name: 'Send back' }).click();
    await investorItem.getByTestId('deliverable-status').filter({ hasText: 'Changes requested' }).waitFor();
    // The founder sees why, live, with the file still named.
    await item.getByText('Both signatures, please.').waitFor({ timeout: 10_000 });
    await item.getByRole('button', { name: 'Submit file again' }).waitFor();
  });

  it('the meet and deliverable forms fit a phone', async () => {
    const phone = await openContext('mobile');
    try {
      const page = await signIn(phone, founder, 'user');
      await page.goto(`/founder/milestones/${milestoneId}?tab=meets`);
      await page.getByRole('button', { name: 'Schedule meet' }).first().click();
      const form = page.getByRole('dialog', { name: 'Schedule a meet' });
      await form.getByText('Maya Founder (founder)').waitFor();
      await form.getByLabel('Attendees', { exact: true }).and(form.locator('input')).scrollIntoViewIfNeeded();
      await shot(page, 'meet-dialog-attendees-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.keyboard.press('Escape');

      await page.goto(`/founder/milestones/${milestoneId}?tab=board`);
      await page.getByRole('button', { name: 'Sign the contract', exact: true }).click();
      const item = page
        .getByRole('dialog', { name: 'Sign the contract' })
        .getByRole('listitem', { name: 'Signed contract' });
      await item.getByTestId('deliverable-dropzone').scrollIntoViewIfNeeded();
      await shot(page, 'deliverable-file-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
