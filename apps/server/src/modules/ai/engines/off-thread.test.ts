import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { principal } from '../../../../test/principals';
import type { CopilotServices, LiveDeckName } from '../tools/copilot-tools';
import { findMentionedDecks, hasMentions } from '../tools/deck-matching';
import { CopilotPool, CopilotPoolError } from './copilot-pool';
import { OffThreadWork } from './off-thread';
import { forgetReadPages, readPageSentences, sentencesOfDeck } from './sentences';

const logger = pino({ level: 'silent' });
const investor = principal('inv-keen', 'investor');
const founder = principal('usr-owner', 'user');

const names = [
  { id: 'dck-harbor', company: 'Harbor Lights', title: 'Harbor Lights seed round', readyAt: new Date('2026-01-02') },
  { id: 'dck-tide', company: 'Tidewater Labs', title: 'Tidewater pre-seed', readyAt: null },
] as LiveDeckName[];
const pages = [
  { number: 1, text: 'Harbor Lights\nHarbor Lights schedules port cranes so ships leave on time.' },
  { number: 2, text: 'Traction\n$1.2M ARR, growing 120% year over year. Twelve ports run it every day.' },
];

/** The services an ask reads through, counting the reads of the names. */
function fakeServices() {
  const reads = { names: 0 };
  const decks = {
    listVisibleNames: async () => {
      reads.names += 1;
      return names.map((name) => ({ ...name }));
    },
    readLivePages: async () => ({ deck: {}, version: {}, pages }),
  } as unknown as CopilotServices['decks'];
  return { reads, services: { decks } as CopilotServices };
}

let pools: CopilotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
  forgetReadPages();
});

function offThread(clock = { now: 0 }, options: ConstructorParameters<typeof CopilotPool>[1] = {}) {
  const pool = new CopilotPool(logger, options);
  pools.push(pool);
  return new OffThreadWork(pool, () => clock.now);
}

describe('OffThreadWork', () => {
  it('has the names matched and the pages read by the pool, for the engines to find', async () => {
    const work = offThread();
    const { services } = fakeServices();
    const ask = work.servicesFor(services, ['compare Tidewater and Harbor Lights', '']);
    const list = await ask.decks.listVisibleNames(investor);
    expect(hasMentions(list, 'compare Tidewater and Harbor Lights')).toBe(true);
    expect(findMentionedDecks('compare Tidewater and Harbor Lights', list).map((mention) => mention.deck.id)).toEqual([
      'dck-tide',
      'dck-harbor',
    ]);
    const inThread = sentencesOfDeck(pages);
    expect(readPageSentences(2, pages[1]?.text ?? '')).toBeUndefined();
    await ask.decks.readLivePages(investor, 'dck-harbor');
    expect(readPageSentences(2, pages[1]?.text ?? '')).toEqual(inThread.filter((sentence) => sentence.page === 2));
    expect(sentencesOfDeck(pages)).toEqual(inThread);
  });

  it('reads the names once a second for every investor, and again once a deck went live or away', async () => {
    const clock = { now: 0 };
    const work = offThread(clock);
    const { reads, services } = fakeServices();
    const first = await work.servicesFor(services, ['Harbor Lights']).decks.listVisibleNames(investor);
    const second = await work
      .servicesFor(services, ['Tidewater'])
      .decks.listVisibleNames(principal('inv-b', 'investor'));
    expect(second).toBe(first);
    expect(reads.names).toBe(1);
    clock.now = 1_500;
    await work.servicesFor(services, ['Harbor Lights']).decks.listVisibleNames(investor);
    expect(reads.names).toBe(2);
    work.forgetNames();
    await work.servicesFor(services, ['Harbor Lights']).decks.listVisibleNames(investor);
    expect(reads.names).toBe(3);
    // Anyone but an investor reads through, never from or into what investors share.
    await work.servicesFor(services, ['Harbor Lights']).decks.listVisibleNames(founder);
    await work.servicesFor(services, ['Harbor Lights']).decks.listVisibleNames(founder);
    expect(reads.names).toBe(5);
  });

  it('fails the read when the pool cannot do its work, instead of doing it on the loop', async () => {
    const work = offThread({ now: 0 }, { faults: new SharedArrayBuffer(4) });
    const { services } = fakeServices();
    await expect(work.servicesFor(services, ['worker: crash']).decks.listVisibleNames(investor)).rejects.toThrow(
      CopilotPoolError,
    );
  });
});
