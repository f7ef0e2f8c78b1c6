import { describe, expect, it } from 'vitest';
import { KeptTies } from './kept-ties';

/** A tie source over a table the test edits, counting its reads; `hold` pauses the next read. */
function tieSource(initial: Record<string, string[]>) {
  const table = new Map(Object.entries(initial).map(([id, ties]) => [id, new Set(ties)]));
  const reads: string[][] = [];
  let held: Promise<void> | undefined;
  return {
    table,
    reads,
    hold(until: Promise<void>) {
      held = until;
    },
    async tiesOfEach(accountIds: string[]) {
      reads.push(accountIds);
      // The answer is what the table held when the read began, as a query's snapshot is.
      const answer = new Map(accountIds.map((id) => [id, new Set(table.get(id) ?? [])]));
      if (held) await held;
      held = undefined;
      return answer;
    },
  };
}

/** The bus's side: whether announcements arrive, and what to run when they arrive again. */
function changes() {
  let reliable = true;
  const restored: (() => void)[] = [];
  return {
    isReliable: () => reliable,
    onRestored: (handler: () => void) => restored.push(handler),
    lose: () => (reliable = false),
    restore: () => {
      reliable = true;
      for (const handler of restored) handler();
    },
  };
}

const tiesOf = (read: { ties: Map<string, Set<string>> }, id: string) => [...(read.ties.get(id) ?? [])];

describe('KeptTies', () => {
  it('reads each account once and answers from memory after, saying which it read', async () => {
    const source = tieSource({ f: ['i1', 'i2'], i1: ['f'] });
    const kept = new KeptTies(source, changes(), 60_000);
    const first = await kept.tiesOfEach(['f', 'i1']);
    const second = await kept.tiesOfEach(['f', 'i1', 'i2']);
    expect(source.reads).toEqual([['f', 'i1'], ['i2']]);
    expect(tiesOf(second, 'f')).toEqual(['i1', 'i2']);
    expect(tiesOf(second, 'i2')).toEqual([]);
    expect([...first.readNow]).toEqual(['f', 'i1']);
    expect([...second.readNow]).toEqual(['i2']);
  });

  it('reads again what a change forgot, and everything when asked fresh', async () => {
    const source = tieSource({ f: ['i1'], i1: ['f'] });
    const kept = new KeptTies(source, changes(), 60_000);
    await kept.tiesOfEach(['f', 'i1']);
    source.table.set('f', new Set());
    kept.forget(['f']);
    expect(tiesOf(await kept.tiesOfEach(['f', 'i1']), 'f')).toEqual([]);
    expect(source.reads.at(-1)).toEqual(['f']);
    await kept.tiesOfEach(['f', 'i1'], { fresh: true });
    expect(source.reads.at(-1)).toEqual(['f', 'i1']);
  });

  it('does not keep ties read across a change: they may predate it', async () => {
    const source = tieSource({ f: ['i1'] });
    const kept = new KeptTies(source, changes(), 60_000);
    let release = () => {};
    source.hold(new Promise<void>((resolve) => (release = resolve)));
    const reading = kept.tiesOfEach(['f']);
    // The tie ends and is announced while the read is on its way back.
    source.table.set('f', new Set());
    kept.forget(['f']);
    release();
    expect(tiesOf(await reading, 'f')).toEqual(['i1']);
    expect(tiesOf(await kept.tiesOfEach(['f']), 'f')).toEqual([]);
    expect(source.reads).toEqual([['f'], ['f']]);
  });

  it('keeps nothing while announcements may be missed, and forgets all once they are back', async () => {
    const source = tieSource({ f: ['i1'] });
    const bus = changes();
    const kept = new KeptTies(source, bus, 60_000);
    await kept.tiesOfEach(['f']);
    bus.lose();
    await kept.tiesOfEach(['f']);
    await kept.tiesOfEach(['f']);
    expect(source.reads).toEqual([['f'], ['f'], ['f']]);
    bus.restore();
    expect(kept.size).toBe(0);
    await kept.tiesOfEach(['f']);
    await kept.tiesOfEach(['f']);
    expect(source.reads).toHaveLength(4);
  });

  it('reads again after the TTL, and holds at most its number of accounts', async () => {
    let now = 0;
    const source = tieSource({});
    const kept = new KeptTies(source, changes(), 1_000, 2, () => now);
    await kept.tiesOfEach(['a']);
    now = 999;
    await kept.tiesOfEach(['a']);
    expect(source.reads).toEqual([['a']]);
    now = 2_001;
    await kept.tiesOfEach(['a', 'b', 'c']);
    expect(kept.size).toBe(2);
    await kept.tiesOfEach(['a']);
    expect(source.reads.at(-1)).toEqual(['a']);
  });
});
