import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import { type ChatMessage, chatPaths } from '@deckvalid/contract/chat';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { build, callAs, type TestContext } from '../../test/build';
import { ChatClients, listen, openPrivateRoom, request } from '../../test/chat';
import { deckPdf, readyDeck } from '../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../test/milestones';
import { BackupRefusal, restoreBackup } from './backup';
import { serveOperations } from './operations-socket';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The command an operator runs (`npm run backup -- FILE`, `npm run restore -- FILE`), as a
 * process of its own. The embedded database's commands run without DATABASE_URL, which the
 * PostgreSQL pass of the tests sets.
 */
async function command(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', name, file], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: '', STORAGE_DRIVER: '', ...env },
      timeout: 60_000,
    });
    return { ok: true, output: stdout.trim() };
  } catch (error) {
    const failed = error as { stderr?: string; code?: number };
    return { ok: false, output: (failed.stderr ?? '').trim() };
  }
}

const contexts: TestContext[] = [];
const clients = new ChatClients(() => baseUrl);
let baseUrl = '';

afterAll(async () => {
  clients.closeAll();
  for (const ctx of contexts) await ctx.close();
});

describe('backup and restore of the embedded product', () => {
  it('backs up a running product; a second product on the restored folder has its decks, files, messages and tasks', async () => {
    const first = await build({}, { embeddedOnDisk: true });
    contexts.push(first);
    const dump = first.database.dump;
    if (!dump) throw new Error('the embedded database dumps itself');
    const operations = await serveOperations({ dataDir: first.config.dataDir, dump, logger: first.app.fastify.log });

    const pdf = await deckPdf(3, { 1: 'Ledgerleaf seed round' });
    const founder = await signUp(first, 'user', 'Maya Backup');
    const deck = await readyDeck(first, founder, { pdf, details: { title: 'Ledgerleaf seed' } });
    const investor = await acceptedInvestor(first, founder, deck.id, 'Ravi Backup');
    const milestone = await createMilestone(first, founder, deck.id, { title: 'Bank-feed pilot' });
    const task = await createTask(first, founder, milestone.id, { title: 'Sign the pilot bank' });
    const room = await openPrivateRoom(first, investor, founder.user.id);
    baseUrl = await listen(first);
    const socket = await clients.open(founder.tokens);
    const sent = await request(socket, 'chat:message', { chatRoomId: room.id, content: 'The pilot starts Monday.' });
    expect(sent).toMatchObject({ ok: true });

    // While the command runs, the product keeps answering.
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'pitchlane-backups-')), 'nightly.tar.gz');
    const backingUp = command('backup', archive, { DATA_DIR: first.config.dataDir });
    const meanwhile = await callAs(first, founder, 'GET', founderDeckPaths.pitchDeck(deck.id));
    expect(meanwhile.statusCode).toBe(200);
    const backup = await backingUp;
    expect(backup, backup.output).toMatchObject({ ok: true });
    expect(backup.output).toMatch(
      /^The running server wrote .*nightly\.tar\.gz: [\d,]+ KB, the database and \d+ files\.$/,
    );
    await operations.close();

    const restoredDir = mkdtempSync(path.join(tmpdir(), 'pitchlane-restored-'));
    const restore = await command('restore', archive, { DATA_DIR: restoredDir });
    expect(restore, restore.output).toMatchObject({ ok: true });
    const second = await build({ dataDir: restoredDir }, { embeddedOnDisk: true });
    contexts.push(second);

    const restoredDeck = (await callAs(second, founder, 'GET', founderDeckPaths.pitchDeck(deck.id))).json().pitchDeck;
    expect(restoredDeck).toMatchObject({ id: deck.id, title: 'Ledgerleaf seed', status: 'ready', pageCount: 3 });
    const file = await second.app.fastify.inject({ method: 'GET', url: restoredDeck.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(pdf))).toBe(true);
    const messages = (await callAs(second, investor, 'GET', chatPaths.messages(room.id))).json()
      .messages as ChatMessage[];
    expect(messages.map((message) => message.content)).toEqual(['The pilot starts Monday.']);
    const tasks = (await callAs(second, founder, 'GET', milestonePaths.tasks(milestone.id))).json().data as {
      id: string;
      title: string;
    }[];
    expect(tasks).toContainEqual(expect.objectContaining({ id: task.id, title: 'Sign the pilot bank' }));
  });

  it('backs up a folder no server runs on, and refuses what it cannot do with a sentence', async () => {
    const idle = await build({}, { embeddedOnDisk: true });
    const dataDir = idle.config.dataDir;
    await idle.close();
    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'pitchlane-backups-')), 'idle.tar.gz');
    const backup = await command('backup', archive, { DATA_DIR: dataDir });
    expect(backup.output).toMatch(/^Wrote .*idle\.tar\.gz: [\d,]+ KB, the database and 0 files\.$/);
    expect(existsSync(archive)).toBe(true);

    // Never over a database: the folder just backed up holds one.
    const over = await command('restore', archive, { DATA_DIR: dataDir });
    expect(over).toEqual({
      ok: false,
      output: expect.stringMatching(/already holds a database\. Restore into an empty folder/),
    });
    const postgres = await command('backup', archive, { DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1/x' });
    expect(postgres).toEqual({ ok: false, output: expect.stringMatching(/^This server uses PostgreSQL .*pg_dump/) });
    // A server that noted itself but does not answer (no socket): its database is never opened beside it.
    await writeFile(path.join(dataDir, 'server.pid'), String(process.pid));
    const beside = await command('backup', archive, { DATA_DIR: dataDir });
    expect(beside).toEqual({
      ok: false,
      output: expect.stringMatching(/^A server runs on .* \(pid \d+\) but does not answer/),
    });
    const empty = await command('backup', archive, { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-none-')) });
    expect(empty).toEqual({ ok: false, output: expect.stringMatching(/^There is no database in /) });

    const notAnArchive = path.join(path.dirname(archive), 'notes.tar.gz');
    await writeFile(notAnArchive, 'not a tar file');
    await expect(restoreBackup(notAnArchive, mkdtempSync(path.join(tmpdir(), 'pitchlane-x-')))).rejects.toThrow();
    await expect(restoreBackup(`${archive}.missing`, mkdtempSync(path.join(tmpdir(), 'pitchlane-x-')))).rejects.toThrow(
      BackupRefusal,
    );
  });
});
