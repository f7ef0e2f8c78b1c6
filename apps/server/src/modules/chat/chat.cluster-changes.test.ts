import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import { type ChatMessage, chatPaths, chatSocketEvents } from '@deckvalid/contract/chat';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  readyDeckOverHttp,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  stopServerProcess,
} from '../../../test/processes';
import { SmtpSink } from '../../../test/smtp-sink';

/**
 * Edits, deletions and reactions across two server processes sharing PostgreSQL and Redis
 * (docs/chat.md, "Changes are numbered, and caught up like messages"): made on one process,
 * heard live by a client on the other, and caught up by a client that was away, which then holds
 * what history holds. CI's second pass runs it (DATABASE_URL and REDIS_URL).
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

type Page = { messages: ChatMessage[]; meta: { hasMore: boolean; lastRev: number } };

describe.runIf(databaseUrl && redisUrl)('chat changes across two server processes', () => {
  const sink = new SmtpSink();
  let nodes: ServerProcess[] = [];
  let dropDatabase: () => Promise<void> = async () => undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const database = await createDatabase(databaseUrl as string, 'pitchlane_cluster_changes');
    dropDatabase = database.drop;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      SMTP_URL: await sink.start(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-cluster-changes-')),
      AUTH_SECRET: 'cluster-test-secret-that-is-long-enough-for-hmac-0123456789',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SEED_DEMO: '',
    };
    nodes = [await startServerProcess(env)];
    nodes.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const node of nodes) await stopServerProcess(node);
    await sink.stop();
    await dropDatabase();
  }, 60_000);

  const open = async (base: string, tokens: { token: string; controlSignature: string; hashToken: string }) => {
    const socket = connect(`${base}/chats`, {
      auth: { authorization: `Bearer ${tokens.token}`, ...tokens, events: 'compact' },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('tells a client on the other process live, and a client that was away catches up to what history holds', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const founder = await signUpOverHttp(a.base, sink, 'user', 'Cluster Founder');
    const investor = await signUpOverHttp(b.base, sink, 'investor', 'Cluster Investor');
    const pitchDeck = await readyDeckOverHttp(a.base, founder.tokens, 'Cluster Co');
    await call(b.base, investor.tokens, 'POST', investorDeckPaths.interests(pitchDeck.id), { note: 'Hello' });
    const { room } = await call<{ room: { id: string } }>(b.base, investor.tokens, 'POST', chatPaths.privateRoom, {
      participantId: founder.user.id,
    });
    const talker = await open(a.base, founder.tokens);
    const send = async (content: string) =>
      ((await talker.emitWithAck('chat:message', { chatRoomId: room.id, content })) as { message: ChatMessage })
        .message;
    const first = await send('Term sheet v1 attached');
    const second = await send('Valuation: 12M');

    // The investor listens on B while the founder changes things through A.
    const listener = await open(b.base, investor.tokens);
    const heard: ChatMessage[] = [];
    listener.on(chatSocketEvents.messageUpdated, (message: ChatMessage) => heard.push(message));
    const start = await call<Page>(b.base, investor.tokens, 'GET', chatPaths.messages(room.id));
    await call(a.base, founder.tokens, 'PATCH', chatPaths.message(room.id, first.id), { content: 'Term sheet v2' });
    await call(a.base, founder.tokens, 'PUT', chatPaths.reactions(room.id, second.id), { emoji: '👀', reacted: true });
    await expect
      .poll(() => heard.map((message) => message.rev), { timeout: 15_000 })
      .toEqual([start.meta.lastRev + 1, start.meta.lastRev + 2]);
    expect(heard[0]).toMatchObject({ id: first.id, content: 'Term sheet v2' });

    // The listener drops; more changes happen on A; it reconnects to B and catches up on changes.
    listener.disconnect();
    const heldRev = start.meta.lastRev + 2;
    // A body, as the helper sends JSON's content type with every call.
    await call(a.base, founder.tokens, 'DELETE', chatPaths.message(room.id, second.id), {});
    await call(a.base, founder.tokens, 'PATCH', chatPaths.message(room.id, first.id), { content: 'Term sheet v3' });
    await open(b.base, investor.tokens);
    const changes = await call<Page>(
      b.base,
      investor.tokens,
      'GET',
      `${chatPaths.messages(room.id)}?changedAfterRev=${heldRev}`,
    );
    expect(changes.messages.map((message) => [message.id, message.content, message.deletedAt !== null])).toEqual([
      [second.id, '', true],
      [first.id, 'Term sheet v3', false],
    ]);
    const history = await call<Page>(a.base, investor.tokens, 'GET', chatPaths.messages(room.id));
    for (const changed of changes.messages) {
      expect(history.messages.find((message) => message.id === changed.id)).toEqual(changed);
    }
    expect(history.meta.lastRev).toBe(heldRev + 2);
  }, 120_000);
});
