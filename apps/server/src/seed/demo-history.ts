import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { App } from '@/app';
import type { Database } from '@/db/client';
import { deckReaders, deckViews, pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';
import type { DemoPeople } from './demo';

/** A past viewing session: who read which demo deck (by title), how many days ago, for how long. */
type PastReading = { investor: 0 | 1; deck: string; daysAgo: number; hoursAgo: number; seconds: number };

// Spread over the last week (and one older), so both homes have something to show: each founder's
// 7-day bars and recent readers (Maya's most), the investors' interests in every status.
const pastReadings: PastReading[] = [
  { investor: 0, deck: 'Tidewater seed round', daysAgo: 6, hoursAgo: 3, seconds: 240 },
  { investor: 1, deck: 'Ledgerleaf pre-seed', daysAgo: 12, hoursAgo: 1, seconds: 100 },
  { investor: 0, deck: 'Ledgerleaf seed round', daysAgo: 5, hoursAgo: 6, seconds: 140 },
  { investor: 1, deck: 'Ledgerleaf seed round', daysAgo: 3, hoursAgo: 2, seconds: 210 },
  { investor: 0, deck: 'Quillwork Series A', daysAgo: 5, hoursAgo: 2, seconds: 90 },
  { investor: 1, deck: 'Tidewater seed round', daysAgo: 4, hoursAgo: 5, seconds: 300 },
  { investor: 0, deck: 'Tidewater seed round', daysAgo: 3, hoursAgo: 1, seconds: 120 },
  { investor: 1, deck: 'Ledgerleaf pre-seed', daysAgo: 2, hoursAgo: 4, seconds: 150 },
  { investor: 0, deck: 'Ledgerleaf pre-seed', daysAgo: 1, hoursAgo: 2, seconds: 180 },
  { investor: 1, deck: 'Mendwell seed', daysAgo: 0, hoursAgo: 1, seconds: 200 },
];

/**
 * Gives the demo a past: readings over the last days and interests in every status. Everything
 * goes through the services, as a real reading would; only the sessions' times are then moved
 * back, which no call can do (the product accepts no reading time that has not yet passed).
 */
export async function seedDemoHistory(app: App, db: Database, seeded: DemoPeople, logger: Logger): Promise<void> {
  const { pitchDecks, interests } = app.services;
  const [ravi, lena] = seeded.investors;
  if (!ravi || !lena) return;
  const founders = [...seeded.foundersByEmail.values()];
  const decks = (
    await Promise.all(
      founders.map(async (founder) =>
        (await pitchDecks.listMine(founder, { page: 1, limit: 20 })).data.map((deck) => ({ ...deck, founder })),
      ),
    )
  ).flat();
  const deckOf = (title: string) => decks.find((deck) => deck.title === title && deck.status === 'ready');
  const deckId = (title: string) => deckOf(title)?.id;

  for (const reading of pastReadings) {
    const id = deckId(reading.deck);
    const investor = reading.investor === 0 ? ravi : lena;
    if (!id) continue;
    const sessionId = crypto.randomUUID();
    // A new session reports at most a minute at first; the rest arrives once it is older.
    const first = Math.min(60, reading.seconds);
    await releaseClaims(db);
    await pitchDecks.recordView(investor, id, { sessionId, pages: spread(first) });
    if (reading.seconds > first) {
      await moveBack(db, sessionId, '11 minutes');
      await releaseClaims(db);
      await pitchDecks.recordView(investor, id, { sessionId, pages: spread(reading.seconds - first) });
    }
    await moveBack(db, sessionId, `${reading.daysAgo} days ${reading.hoursAgo} hours`);
  }

  // Maya's decks hold every status a founder decides on or sees: accepted, pending, withdrawn;
  // Lena is declined on Quillwork, by its founder.
  const tidewater = deckId('Tidewater seed round');
  const ledgerleaf = deckId('Ledgerleaf pre-seed');
  const nextRound = deckId('Ledgerleaf seed round');
  const quillwork = deckOf('Quillwork Series A');
  if (ledgerleaf) {
    const accepted = await interests.show(ravi, ledgerleaf, { note: 'Happy to help with bank partnerships.' });
    await interests.decide(seeded.founder, ledgerleaf, accepted.id, { status: 'accepted' });
    await interests.show(lena, ledgerleaf, { note: 'Restaurants are a good first market. Count me in for a call.' });
  }
  if (nextRound) {
    await interests.show(lena, nextRound, { note: 'How do you price the first customers?' });
    await interests.show(ravi, nextRound, { note: null });
    await interests.withdraw(ravi, nextRound);
  }
  if (quillwork) {
    await interests.show(ravi, quillwork.id, { note: null });
    await interests.withdraw(ravi, quillwork.id);
    const declined = await interests.show(lena, quillwork.id, { note: 'Series A is later than we invest.' });
    await interests.decide(quillwork.founder, quillwork.id, declined.id, { status: 'declined' });
  }
  if (tidewater) await interests.show(lena, tidewater, { note: 'Would love a call about the port pilots.' });
  await backdateDecks(
    db,
    founders.map((founder) => founder.accountId),
  );
  logger.info({ readings: pastReadings.length }, 'demo reading history seeded');
}

/** Seconds over the first three pages, as a reader leafing through would leave them. */
function spread(seconds: number): { page: number; seconds: number }[] {
  const share = Math.round((seconds / 3) * 10) / 10;
  return [
    { page: 1, seconds: share },
    { page: 2, seconds: share },
    { page: 3, seconds: Math.max(0, Math.round((seconds - 2 * share) * 10) / 10) },
  ];
}

/**
 * The demo's decks went live three weeks ago, before the oldest seeded reading: a deck read before
 * it was live would be a demo no real data can produce, and the company page's weekly chart
 * starts at the first deck's week.
 */
async function backdateDecks(db: Database, founderIds: string[]): Promise<void> {
  const past = sql`now() - interval '21 days'`;
  await db
    .update(pitchDecks)
    .set({ createdAt: past, readyAt: past, updatedAt: past })
    .where(inArray(pitchDecks.founderId, founderIds));
  await db
    .update(pitchDeckVersions)
    .set({ createdAt: past, readyAt: past })
    .where(
      inArray(
        pitchDeckVersions.pitchDeckId,
        db.select({ id: pitchDecks.id }).from(pitchDecks).where(inArray(pitchDecks.founderId, founderIds)),
      ),
    );
}

/** Moves a session back by `interval`. */
async function moveBack(db: Database, sessionId: string, interval: string): Promise<void> {
  await db
    .update(deckViews)
    .set({
      startedAt: sql`${deckViews.startedAt} - ${interval}::interval`,
      lastSeenAt: sql`${deckViews.lastSeenAt} - ${interval}::interval`,
    })
    .where(eq(deckViews.id, sessionId));
}

/**
 * Lets the next session claim its time: readers' claims are moved a quarter of an hour back, as
 * if the seeded readings had happened that long ago (a claim never runs ahead of the clock).
 */
async function releaseClaims(db: Database): Promise<void> {
  const past = sql`now() - interval '15 minutes'`;
  await db.update(deckReaders).set({ readUntil: past }).where(lt(past, deckReaders.readUntil));
}
