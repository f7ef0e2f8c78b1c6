import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findMentionedDecks, rememberMentions } from '../tools/deck-matching';
import { CopilotPool, CopilotPoolError, type CopilotPoolOptions } from './copilot-pool';
import { columnsOf, runCopilotTask } from './copilot-tasks';
import { forgetReadPages, rememberPageSentences, sentencesOfDeck, sentencesOfPage } from './sentences';

const logger = pino({ level: 'silent' });

let pools: CopilotPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
  forgetReadPages();
});

function poolWith(options: CopilotPoolOptions = {}): CopilotPool {
  const pool = new CopilotPool(logger, options);
  pools.push(pool);
  return pool;
}

const pages = [
  { number: 1, text: 'Harbor Lights\nHarbor Lights schedules port cranes so ships leave on time.\n1 / 4' },
  { number: 2, text: 'Traction\n$1.2M ARR, growing 120% year over year. Twelve ports run it every day.\n2 / 4' },
  { number: 3, text: 'Team\nAda Park, CEO, ran operations at the Port of Rotterdam.\n3 / 4' },
  { number: 4, text: 'The ask\nWe are raising $2M to reach 40 ports.\n4 / 4' },
];
const decks = [
  { id: 'dck-harbor', company: 'Harbor Lights', title: 'Harbor Lights seed round', readyAt: new Date('2026-01-02') },
  { id: 'dck-tide', company: 'Tidewater Labs', title: 'Tidewater pre-seed', readyAt: null },
  { id: 'dck-quiet', company: 'Quiet Harbor', title: 'Quiet Harbor seed', readyAt: new Date('2026-01-01') },
];
const faultsCounter = () => new SharedArrayBuffer(4);
const oneText = (text: string, listId = 1) => ({
  kind: 'mentions' as const,
  texts: [text],
  listId,
  decks: columnsOf(decks),
});

describe('CopilotPool', () => {
  it('answers what the same work answers in this thread', async () => {
    const pool = poolWith();
    const sentences = { kind: 'sentences' as const, pages };
    expect(await pool.run(sentences)).toEqual(runCopilotTask(sentences));
    const mentions = {
      kind: 'mentions' as const,
      texts: ['compare Tidewater and harbour lights', 'who is on the team?', 'Quiet Harbor seed deck'],
      listId: 1,
      decks: columnsOf(decks),
    };
    const answered = await pool.run(mentions);
    expect(answered).toEqual(runCopilotTask(mentions));
    expect(answered[0]?.map((mention) => decks[mention.at]?.id)).toEqual(['dck-tide', 'dck-harbor']);
  });

  it('sends a list of decks to a worker once, and a new list when it changes', async () => {
    const pool = poolWith({ size: 1 });
    expect(await pool.run(oneText('Harbor Lights', 1))).toEqual(runCopilotTask(oneText('Harbor Lights', 1)));
    // Same list: the worker matches against the one it holds.
    expect(await pool.run(oneText('Tidewater', 1))).toEqual(runCopilotTask(oneText('Tidewater', 1)));
    const shorter = { ...oneText('Tidewater', 2), decks: columnsOf(decks.slice(0, 1)) };
    expect(await pool.run(shorter)).toEqual([[]]);
  });

  it('serves the engines’ synchronous reads with what a worker read', async () => {
    const inThread = sentencesOfDeck(pages);
    const pool = poolWith();
    const read = await pool.run({ kind: 'sentences', pages });
    for (const [at, page] of pages.entries()) rememberPageSentences(page.number, page.text, read[at] ?? []);
    // The very objects the worker answered: no wink on this thread.
    expect(sentencesOfPage(2, pages[1]?.text ?? '')[0]).toBe(read[1]?.[0]);
    expect(sentencesOfDeck(pages)).toEqual(inThread);
  });

  it('retries a job whose worker crashed, on a fresh worker', async () => {
    const pool = poolWith({ faults: faultsCounter() });
    const answered = await pool.run(oneText('worker: crash once'));
    expect(answered).toEqual([[]]);
    expect(pool.workersStarted).toBe(2);
  });

  it('fails a job that crashes its worker twice with a clear error, and keeps serving', async () => {
    const pool = poolWith({ faults: faultsCounter() });
    await expect(pool.run(oneText('worker: crash'))).rejects.toThrow(CopilotPoolError);
    expect(pool.workersStarted).toBe(2);
    expect(await pool.run(oneText('summarise Harbor Lights'))).toEqual(
      runCopilotTask(oneText('summarise Harbor Lights')),
    );
  });

  it('ends a worker that stalls, fails the job after one retry, and keeps serving', async () => {
    const pool = poolWith({ faults: faultsCounter(), timeoutMs: 300 });
    const started = performance.now();
    await expect(pool.run(oneText('worker: hang'))).rejects.toThrow(/longer than 300 ms/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    expect(await pool.run(oneText('Tidewater'))).toEqual(runCopilotTask(oneText('Tidewater')));
  });

  it('runs jobs side by side on its workers, and lets idle workers go', async () => {
    const pool = poolWith({ size: 2, idleMs: 200 });
    const texts = Array.from({ length: 6 }, (_, index) => `compare Harbor Lights and Tidewater ${index}`);
    const answers = await Promise.all(texts.map((text) => pool.run(oneText(text))));
    for (const [index, answer] of answers.entries())
      expect(answer).toEqual(runCopilotTask(oneText(texts[index] ?? '')));
    expect(pool.workersStarted).toBe(2);
    // A worker still loading when the work ran out goes idleMs after it is ready.
    await vi.waitFor(() => expect(pool.workerCount).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('refuses work once closed, and fails what was waiting', async () => {
    const pool = poolWith();
    const waiting = expect(pool.run({ kind: 'sentences', pages })).rejects.toThrow(CopilotPoolError);
    await pool.close();
    await waiting;
    await expect(pool.run({ kind: 'sentences', pages })).rejects.toThrow(/closed/);
  });
});

describe('findMentionedDecks', () => {
  it('answers from what the pool found for the same list and text', async () => {
    const pool = poolWith();
    const list = [...decks];
    const [found = []] = await pool.run({
      kind: 'mentions',
      texts: ['summarise harbour lights'],
      listId: 1,
      decks: columnsOf(list),
    });
    // What the pool answered is what is used, even when it differs from this thread's matching.
    rememberMentions(list, 'summarise harbour lights', [...found, { at: 1, start: 0, end: 1, similarity: 1 }]);
    expect(findMentionedDecks('summarise harbour lights', list).map((mention) => mention.deck.id)).toEqual([
      'dck-harbor',
      'dck-tide',
    ]);
    // Another list (the next ask's read) is matched afresh.
    expect(findMentionedDecks('summarise harbour lights', [...decks]).map((mention) => mention.deck.id)).toEqual([
      'dck-harbor',
    ]);
  });
});
