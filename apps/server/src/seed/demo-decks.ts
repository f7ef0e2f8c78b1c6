import type { Sector, Stage } from '@deckvalid/contract/accounts';
import type { Logger } from 'pino';
import type { App } from '@/app';
import { samplePdf } from '@/lib/sample-pdf';
import type { DemoEmail, DemoPeople } from './demo';

type DemoDeck = {
  /** Whose deck it is: one of the demo founders. */
  founder: DemoEmail;
  company: string;
  title: string;
  pitch: string;
  sector: Sector;
  stage: Stage;
  amountSought: number;
  location: string;
  slides: { heading: string; body: string[] }[];
};

const demoDecks: DemoDeck[] = [
  {
    founder: 'jonas@demo.pitchlane.local',
    company: 'Tidewater Labs',
    title: 'Tidewater seed round',
    pitch: 'Sensors that tell port operators when the tide will delay a ship.',
    sector: 'Climate',
    stage: 'Seed',
    amountSought: 1_500_000,
    location: 'Rotterdam',
    slides: [
      { heading: 'Tidewater Labs', body: ['Tide-aware berth planning for busy ports.'] },
      {
        heading: 'The problem',
        body: ['Ships wait hours for water deep enough to berth.', 'Each hour costs $25,000.'],
      },
      { heading: 'Our solution', body: ['Bathymetry sensors and a forecast model.', 'Berth windows 72 hours ahead.'] },
      { heading: 'Traction', body: ['3 pilot ports, 11% less waiting time.', '$240k annual recurring revenue.'] },
      { heading: 'Team', body: ['Ex-port authority engineers and ML researchers.'] },
      { heading: 'The ask', body: ['$1.5M seed to reach 10 ports by 2028.'] },
    ],
  },
  {
    founder: 'founder@demo.pitchlane.local',
    company: 'Ledgerleaf',
    title: 'Ledgerleaf pre-seed',
    pitch: 'Bookkeeping on autopilot for independent restaurants.',
    sector: 'Fintech',
    stage: 'Pre-seed',
    amountSought: 600_000,
    location: 'Lisbon',
    slides: [
      { heading: 'Ledgerleaf', body: ['Bookkeeping that reads your supplier invoices.'] },
      { heading: 'Why now', body: ['Restaurants run on 3-5% margins.', 'Invoices arrive as photos and PDFs.'] },
      { heading: 'Product', body: ['Snap an invoice; the ledger updates itself.', 'Daily food-cost percentage.'] },
      { heading: 'Market', body: ['1M independent restaurants in the EU.'] },
      { heading: 'Ask', body: ['$600k to launch in Portugal and Spain.'] },
    ],
  },
  {
    founder: 'founder@demo.pitchlane.local',
    company: 'Ledgerleaf',
    title: 'Ledgerleaf seed round',
    pitch: 'The next round: bank partnerships that bring restaurants to Ledgerleaf.',
    sector: 'Fintech',
    stage: 'Seed',
    amountSought: 2_500_000,
    location: 'Lisbon',
    slides: [
      { heading: 'Ledgerleaf', body: ['Bookkeeping on autopilot, sold through the banks restaurants already use.'] },
      { heading: 'Traction', body: ['120 paying restaurants in Lisbon.', '$180k annual recurring revenue.'] },
      {
        heading: 'Distribution',
        body: ['A bank-feed pilot with an SME lender.', 'Every new account offered Ledgerleaf.'],
      },
      { heading: 'Team', body: ['Former neobank product lead and two accountants.'] },
      { heading: 'Ask', body: ['$2.5M seed to reach 2,000 restaurants by 2028.'] },
    ],
  },
  {
    founder: 'aiko@demo.pitchlane.local',
    company: 'Quillwork',
    title: 'Quillwork Series A',
    pitch: 'Code review assistant that learns each team’s conventions.',
    sector: 'Developer Tools',
    stage: 'Series A',
    amountSought: 8_000_000,
    location: 'Berlin',
    slides: [
      { heading: 'Quillwork', body: ['Reviews that sound like your best reviewer.'] },
      { heading: 'Problem', body: ['Senior engineers spend 20% of their week reviewing.'] },
      {
        heading: 'How it works',
        body: ['Learns conventions from merged pull requests.', 'Comments only where it is sure.'],
      },
      { heading: 'Traction', body: ['140 paying teams, 9% monthly growth.', 'Net revenue retention 131%.'] },
      { heading: 'Competition', body: ['Generic linters do not know your codebase.'] },
      { heading: 'Financials', body: ['$2.1M ARR, 78% gross margin.'] },
      { heading: 'Ask', body: ['$8M Series A for enterprise features.'] },
    ],
  },
  {
    founder: 'priya@demo.pitchlane.local',
    company: 'Mendwell',
    title: 'Mendwell seed',
    pitch: 'Physiotherapy exercises checked by your phone camera.',
    sector: 'Health',
    stage: 'Seed',
    amountSought: 2_000_000,
    location: 'Manchester',
    slides: [
      { heading: 'Mendwell', body: ['Home physiotherapy that counts and corrects.'] },
      { heading: 'Problem', body: ['70% of patients stop their exercises within two weeks.'] },
      { heading: 'Solution', body: ['Pose estimation on the phone, no wearables.'] },
      { heading: 'Evidence', body: ['NHS pilot: adherence up from 31% to 64%.'] },
      { heading: 'Ask', body: ['$2M seed for clinical validation.'] },
    ],
  },
];

/**
 * Fills a freshly seeded demo with each founder's decks (made by the same path as an upload:
 * stored, created, processed in the background), one investor's interest and a little viewing.
 */
export async function seedDemoDecks(app: App, seeded: DemoPeople, logger: Logger): Promise<void> {
  const { uploads, pitchDecks, interests } = app.services;
  const ids: string[] = [];
  for (const demo of demoDecks) {
    const { slides, founder: email, ...details } = demo;
    const founder = seeded.foundersByEmail.get(email);
    if (!founder) throw new Error(`no demo founder ${email}`);
    const key = await uploads.storeServerFile(founder.accountId, 'deck', await samplePdf(slides), 'application/pdf');
    const deck = await pitchDecks.create(founder, { key, ...details, website: null });
    ids.push(deck.id);
  }
  await app.background.drain();
  const [ravi] = seeded.investors;
  const [first, second] = ids;
  if (ravi && first && second) {
    await interests.show(ravi, first, { note: 'The port pilots look strong. Could we see the cohort data?' });
    // One reading as long as a new session may report at once: the product accepts no more
    // reading time from one investor than has passed, and the demo has just begun.
    await pitchDecks.recordView(ravi, first, {
      sessionId: crypto.randomUUID(),
      pages: [
        { page: 1, seconds: 9 },
        { page: 2, seconds: 24 },
        { page: 3, seconds: 21 },
      ],
    });
    await pitchDecks.recordView(ravi, second, { sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 9 }] });
  }
  logger.info({ decks: ids.length }, 'demo decks seeded');
}
