import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { taskKeyPrefixBase } from '@deckvalid/contract/milestones';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePglite } from './migrate';

const migrations = path.join(import.meta.dirname, 'migrations');

/** A copy of the migrations folder that stops after the migration tagged `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(-1);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const deck = (id: string, company: string, title: string, createdAt: string) => `
  insert into pitch_decks (id, founder_id, company, title, pitch, sector, stage, amount_sought, location, created_at)
    values ('${id}', 'usr-f', '${company}', '${title}', 'Pitch.', 'Fintech', 'Seed', 500000, 'Lisbon', '${createdAt}');`;

describe('0026_task_keys_labels_reminders', () => {
  // A fresh embedded database and 27 migrations: tens of seconds on a loaded machine.
  it('gives existing tasks keys: a prefix per deck as the contract derives it, numbered per deck in creation order', async () => {
    const client = await PGlite.create();
    const before = migrationsUpTo('0025_inbox_repeats');
    const after = migrationsUpTo('0026_task_keys_labels_reminders');
    folders.push(before, after);
    await migratePglite(client, before);

    await client.exec(`
      insert into accounts (id, role, email, name, password_hash) values ('usr-f', 'user', 'f@example.com', 'Fay', 'x');
      ${deck('dck-a', 'Ledgerleaf', 'Seed', '2026-01-01T00:00:00Z')}
      ${deck('dck-b', 'Ledger Leaf', 'Series A', '2026-02-01T00:00:00Z')}
      ${deck('dck-c', 'Ae', 'Tiny', '2026-03-01T00:00:00Z')}
      ${deck('dck-d', 'Quiet', 'No milestones', '2026-03-02T00:00:00Z')}
      insert into milestones (id, founder_id, pitch_deck_id, title, due_date) values
        ('mst-a1', 'usr-f', 'dck-a', 'Pilot', '2026-06-01'), ('mst-a2', 'usr-f', 'dck-a', 'Launch', '2026-07-01'),
        ('mst-b', 'usr-f', 'dck-b', 'Hire', '2026-06-01'), ('mst-c', 'usr-f', 'dck-c', 'Empty', '2026-06-01');
      insert into milestone_tasks (id, milestone_id, title, rank, created_at) values
        ('tsk-2', 'mst-a2', 'Second', 'a', '2026-01-02T00:00:00Z'),
        ('tsk-1', 'mst-a1', 'First', 'a', '2026-01-01T00:00:00Z'),
        ('tsk-3', 'mst-a1', 'Third', 'b', '2026-01-03T00:00:00Z'),
        ('tsk-b', 'mst-b', 'Only', 'a', '2026-02-02T00:00:00Z');
    `);
    await migratePglite(client, after);

    const prefixes = await client.query(
      'select pitch_deck_id, prefix, last_number from milestone_task_prefixes order by pitch_deck_id',
    );
    expect(prefixes.rows).toEqual([
      { pitch_deck_id: 'dck-a', prefix: 'LDG', last_number: 3 },
      { pitch_deck_id: 'dck-b', prefix: 'LDG2', last_number: 1 },
      { pitch_deck_id: 'dck-c', prefix: 'AE', last_number: 0 },
    ]);
    // The SQL and the contract's derivation agree, so a deck's next prefix reads like its first.
    expect(['Ledgerleaf', 'Ledger Leaf', 'Ae'].map(taskKeyPrefixBase)).toEqual(['LDG', 'LDG', 'AE']);
    const tasks = await client.query('select id, key, labels from milestone_tasks order by id');
    expect(tasks.rows).toEqual([
      { id: 'tsk-1', key: 'LDG-1', labels: [] },
      { id: 'tsk-2', key: 'LDG-2', labels: [] },
      { id: 'tsk-3', key: 'LDG-3', labels: [] },
      { id: 'tsk-b', key: 'LDG2-1', labels: [] },
    ]);
    await client.close();
  }, 120_000);
});
