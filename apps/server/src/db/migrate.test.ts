import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('migrations', () => {
  it('migrates an empty database, is idempotent, and refuses a schema newer than the code', async () => {
    const client = await PGlite.create();
    const database = await openDatabase({ kind: 'pglite', client });
    await database.migrate();
    await database.migrate();
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'accounts',
      'ai_actions',
      'ai_replies',
      'chat_messages',
      'chat_participants',
      'chat_rooms',
      'deck_analyses',
      'deck_page_views',
      'deck_readers',
      'deck_views',
      'inbox_notifications',
      'interests',
      'investor_infos',
      'login_failures',
      'mail_outbox',
      'milestone_activities',
      'milestone_deliverables',
      'milestone_meet_attendees',
      'milestone_meets',
      'milestone_message_attachments',
      'milestone_subtasks',
      'milestone_task_approvals',
      'milestone_task_dependencies',
      'milestone_tasks',
      'milestone_thread_messages',
      'milestone_threads',
      'milestones',
      'notification_preferences',
      'oauth_exchange_codes',
      'oauth_identities',
      'oauth_states',
      'one_time_codes',
      'pitch_deck_pages',
      'pitch_deck_versions',
      'pitch_decks',
      'sessions',
      'uploads',
      'verification_sends',
    ]);
    const future = Date.now() + 365 * 24 * 3600 * 1000;
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', $1)`, [future]);
    await expect(database.migrate()).rejects.toThrow(/schema is newer than this version/);
    await database.close();
  }, 60_000);
});
