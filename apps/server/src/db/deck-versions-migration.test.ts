import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

describe('0007_deck_versions', () => {
  it('makes every existing deck its version 1, with its file, pages, views and interests', async () => {
    const client = await PGlite.create();
    const before = migrationsUpTo('0006_processing_heartbeat');
    const after = migrationsUpTo('0007_deck_versions');
    folders.push(before, after);
    await migratePglite(client, before);

    await client.exec(`
      insert into accounts (id, role, email, name, password_hash) values
        ('usr-f', 'user', 'f@example.com', 'Fay', 'x'), ('inv-i', 'investor', 'i@example.com', 'Ivo', 'x');
      insert into pitch_decks (id, founder_id, file_key, file_size, company, title, pitch, sector, stage,
          amount_sought, location, status, page_count, min_font_size, max_font_size, ready_at,
          search_vector, rank_vector)
        values ('dck-ready', 'usr-f', 'decks/usr-f/upl-a.pdf', 1234, 'Acme', 'Anvils', 'Anvils, delivered.',
          'Hardware', 'Seed', 500000, 'Tucson', 'ready', 2, 10, 30, now(),
          to_tsvector('english', 'Anvils'), to_tsvector('english', 'Anvils'));
      insert into pitch_decks (id, founder_id, file_key, file_size, company, title, pitch, sector, stage,
          amount_sought, location, status, failure_reason)
        values ('dck-failed', 'usr-f', 'decks/usr-f/upl-b.pdf', 99, 'Acme', 'Broken', 'Nothing.',
          'Hardware', 'Seed', 500000, 'Tucson', 'failed', 'This file is not a PDF we can read.');
      insert into pitch_deck_pages (pitch_deck_id, page_number, text) values
        ('dck-ready', 1, 'Slide one'), ('dck-ready', 2, 'Slide two');
      insert into deck_views (id, pitch_deck_id, investor_id, visit_id, total_seconds, furthest_page)
        values ('view-1', 'dck-ready', 'inv-i', 'view-1', 42, 2);
      insert into deck_page_views (view_id, page_number, seconds) values ('view-1', 1, 30), ('view-1', 2, 12);
      insert into interests (id, pitch_deck_id, investor_id, status) values ('int-1', 'dck-ready', 'inv-i', 'pending');
    `);
    await migratePglite(client, after);

    const versions = await client.query(
      `select id, pitch_deck_id, number, file_key, file_size::int, status, failure_reason, page_count, min_font_size
       from pitch_deck_versions order by pitch_deck_id`,
    );
    expect(versions.rows).toEqual([
      {
        id: 'ver-failed',
        pitch_deck_id: 'dck-failed',
        number: 1,
        file_key: 'decks/usr-f/upl-b.pdf',
        file_size: 99,
        status: 'failed',
        failure_reason: 'This file is not a PDF we can read.',
        page_count: null,
        min_font_size: null,
      },
      {
        id: 'ver-ready',
        pitch_deck_id: 'dck-ready',
        number: 1,
        file_key: 'decks/usr-f/upl-a.pdf',
        file_size: 1234,
        status: 'ready',
        failure_reason: null,
        page_count: 2,
        min_font_size: 10,
      },
    ]);
    const decks = await client.query(
      `select id, live_version_id, search_vector is not null as searchable from pitch_decks order by id`,
    );
    expect(decks.rows).toEqual([
      { id: 'dck-failed', live_version_id: null, searchable: false },
      { id: 'dck-ready', live_version_id: 'ver-ready', searchable: true },
    ]);
    const pages = await client.query(`select version_id, page_number, text from pitch_deck_pages order by 2`);
    expect(pages.rows).toEqual([
      { version_id: 'ver-ready', page_number: 1, text: 'Slide one' },
      { version_id: 'ver-ready', page_number: 2, text: 'Slide two' },
    ]);
    const views = await client.query(`select id, pitch_deck_id, version_id, total_seconds from deck_views`);
    expect(views.rows).toEqual([
      { id: 'view-1', pitch_deck_id: 'dck-ready', version_id: 'ver-ready', total_seconds: 42 },
    ]);
    const pageViews = await client.query(`select count(*)::int as count from deck_page_views`);
    expect(pageViews.rows).toEqual([{ count: 2 }]);
    const interests = await client.query(`select id, pitch_deck_id from interests`);
    expect(interests.rows).toEqual([{ id: 'int-1', pitch_deck_id: 'dck-ready' }]);

    // A deck's live version must be one of its own.
    await expect(
      client.query(`update pitch_decks set live_version_id = 'ver-ready' where id = 'dck-failed'`),
    ).rejects.toThrow(/foreign key/);
    // Deleting a deck takes its versions, pages and views along.
    await client.query(`delete from pitch_decks where id = 'dck-ready'`);
    const left = await client.query<{ count: number }>(
      `select (select count(*)::int from pitch_deck_versions) + (select count(*)::int from pitch_deck_pages)
        + (select count(*)::int from deck_views) as count`,
    );
    expect(left.rows).toEqual([{ count: 1 }]);
    await client.close();
  }, 120_000);
});
