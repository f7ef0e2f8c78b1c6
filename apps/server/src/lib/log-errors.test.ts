import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';

/** What a logger wrote, one parsed JSON line an entry. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

const secret = 'Our runway is 7 months, do not tell Ravi';

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await db.execute(
    sql`create table messages (id text primary key, body text not null constraint messages_body_short check (length(body) < 20))`,
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
});

/** A real failed query: drizzle's error carries the statement and its parameters, the database's as its cause. */
async function failedQuery(): Promise<unknown> {
  try {
    await db.execute(sql`insert into messages (id, body) values (${'msg-1'}, ${secret})`);
  } catch (error) {
    return error;
  }
  throw new Error('the insert was expected to fail');
}

describe('logging a failed database query', () => {
  it('logs the database’s reason and the statement, never a parameter', async () => {
    const error = await failedQuery();
    expect(String((error as Error).message)).toContain(secret);
    const { logger, lines } = capturingLogger();
    logger.error({ err: error, event: 'chat:message' }, 'a socket event failed');
    const [line] = lines;
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(JSON.stringify(line)).not.toContain('msg-1');
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('violates check constraint "messages_body_short"'),
      query: expect.stringContaining('insert into messages (id, body) values ($1, $2)'),
      cause: { code: '23514', constraint: 'messages_body_short', table: 'messages' },
    });
    expect((line?.err as { stack?: string } | undefined)?.stack).toMatch(/^DrizzleQueryError: a database query failed/);
  });

  it('finds the query error under an error that wraps it, and keeps other errors as they were', async () => {
    const wrapped = new Error('the group commit failed', { cause: await failedQuery() });
    const { logger, lines } = capturingLogger();
    logger.error({ err: wrapped }, 'a batch failed');
    logger.error({ err: new TypeError('plain') }, 'something else');
    expect(JSON.stringify(lines[0])).not.toContain(secret);
    expect(lines[0]?.err).toMatchObject({
      message: 'the group commit failed',
      cause: { type: 'DrizzleQueryError', cause: { code: '23514' } },
    });
    expect(lines[1]?.err).toMatchObject({ type: 'TypeError', message: 'plain' });
  });

  it('keeps a parameter out of a database message that quotes it', async () => {
    let error: unknown;
    try {
      await db.execute(sql`select ${secret}::int`);
    } catch (caught) {
      error = caught;
    }
    const { logger, lines } = capturingLogger();
    logger.error({ err: error }, 'a request failed');
    expect(JSON.stringify(lines[0])).not.toContain(secret);
    expect(lines[0]?.err).toMatchObject({ cause: { code: '22P02' } });
  });
});
