import { founderDeckPaths, investorDeckPaths, notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, signIn } from '../support/accounts';
import { type Browser, launchBrowser, newContext } from '../support/browser';
import { samplePdf } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let founder: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  founder = await createAccount(server, 'user', 'Nora Founder');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A ready deck of the founder, made through the API as the submit form makes it. */
async function readyDeck(title: string): Promise<string> {
  const headers = authHeaders(founder.tokens);
  const bytes = new Uint8Array(await samplePdf({ company: 'Brightwater', slides: 2, body: 'Water meters that talk.' }));
  const ticket = (await (
    await fetch(
      `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${bytes.byteLength}`,
      {
        headers,
      },
    )
  ).json()) as UploadTicket;
  const put = await fetch(new URL(ticket.uploadUrl, server.baseUrl), {
    method: ticket.method,
    headers: ticket.headers,
    body: bytes,
  });
  expect(put.ok).toBe(true);
  const created = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDecks}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      key: ticket.key,
      company: 'Brightwater',
      title,
      pitch: 'Water meters that report leaks the hour they start.',
      sector: 'Climate',
      stage: 'Seed',
      amountSought: 700_000,
      location: 'Porto',
    }),
  });
  expect(created.status).toBe(201);
  const { pitchDeck } = (await created.json()) as { pitchDeck: { id: string } };
  await expect
    .poll(
      async () => {
        const reply = await fetch(`${server.baseUrl}${founderDeckPaths.pitchDeck(pitchDeck.id)}`, { headers });
        return ((await reply.json()) as { pitchDeck: { status: string } }).pitchDeck.status;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe('ready');
  return pitchDeck.id;
}

async function showInterest(name: string, deckId: string): Promise<void> {
  const investor = await createAccount(server, 'investor', name);
  const reply = await fetch(`${server.baseUrl}${investorDeckPaths.interests(deckId)}`, {
    method: 'POST',
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    body: JSON.stringify({ note: `${name} would like a call.` }),
  });
  expect(reply.status).toBe(201);
}

const founderSetting = async () => {
  const reply = await fetch(`${server.baseUrl}${notificationSettingsPaths.user}`, {
    headers: authHeaders(founder.tokens),
  });
  return ((await reply.json()) as { notifications: { interestShown: boolean } }).notifications.interestShown;
};

describe('email notifications', () => {
  it('a founder turns interest mails off and on again from the settings, by keyboard, and the mail links to the deck', async () => {
    const deckId = await readyDeck('Brightwater seed');
    const context = await newContext(browser, server.baseUrl);
    const page = await signIn(context, founder, 'user');
    await page.getByRole('button', { name: /Nora Founder/ }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByRole('tab', { name: 'Email notifications' }).click();
    const toggle = page.getByRole('switch', { name: 'When an investor shows interest' });
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);

    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Saved: no more of these mails.').waitFor({ timeout: 10_000 });
    expect(await founderSetting()).toBe(false);
    await showInterest('Muted Investor', deckId);

    await page.keyboard.press('Space');
    await page.getByText('Saved: we will mail you.').waitFor({ timeout: 10_000 });
    expect(await founderSetting()).toBe(true);
    await showInterest('Heard Investor', deckId);

    const mail = await server.sink.waitFor(
      (m) => m.to.includes(founder.email) && m.subject.includes('Heard Investor is interested'),
      20_000,
    );
    // Nothing about the interest shown while the mails were off, before or after.
    expect(server.sink.messagesTo(founder.email).filter((m) => m.subject.includes('Muted Investor'))).toEqual([]);
    const link = /https?:\/\/\S+\/founder\/view\/[\w-]+/.exec(mail.body)?.[0];
    expect(link).toBe(`${server.baseUrl}/founder/view/${deckId}`);
    await page.goto(link ?? '');
    await page.getByText('Brightwater seed').first().waitFor({ timeout: 15_000 });
    await context.close();
  }, 120_000);
});
