import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { Tokens } from '@deckvalid/contract/auth';
import { type ChatMessage, chatPaths, chatRateLimits } from '@deckvalid/contract/chat';
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
 * Two server processes sharing PostgreSQL and Redis, as production runs: messages cross between
 * them, and when one is killed mid-conversation its clients reconnect to the other and, after
 * catching up, hold every acknowledged message exactly once, in seq order. CI's second pass runs
 * it (DATABASE_URL and REDIS_URL); the embedded database has no second process to share with.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * A client as docs/chat.md asks: holds messages by seq; catches up after every (re)connect and
 * whenever a message arrives past a hole (a message whose broadcast died with its process),
 * always from the highest seq it holds without a gap.
 */
class Client {
  readonly held = new Map<number, ChatMessage>();
  socket: Socket | undefined;
  duplicates = 0;
  /** The catch-up a hole started, if any. */
  filling: Promise<void> = Promise.resolve();
  private base: string | undefined;

  constructor(
    private readonly tokens: Tokens,
    private readonly roomId: string,
  ) {}

  async connectTo(base: string): Promise<void> {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    const socket = connect(`${base}/chats`, {
      auth: {
        authorization: `Bearer ${this.tokens.token}`,
        controlSignature: this.tokens.controlSignature,
        hashToken: this.tokens.hashToken,
      },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket = socket;
    // Subscribe first, then fetch: what arrives meanwhile and what the fetch answers overlap,
    // never leave a gap.
    socket.on('chat:new_message', (message: ChatMessage) => this.hold(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await this.catchUp(base);
  }

  /** The highest seq up to which every message is held. */
  contiguous(): number {
    let seq = 0;
    while (this.held.has(seq + 1)) seq += 1;
    return seq;
  }

  async catchUp(base: string): Promise<void> {
    this.base = base;
    for (let hasMore = true; hasMore; ) {
      const after = this.contiguous();
      const page = await call<{ messages: ChatMessage[]; meta: { hasMore: boolean } }>(
        base,
        this.tokens,
        'GET',
        `${chatPaths.messages(this.roomId)}?afterSeq=${after}&limit=100`,
      );
      for (const message of page.messages) this.hold(message);
      hasMore = page.meta.hasMore;
    }
  }

  private hold(message: ChatMessage): void {
    const earlier = this.held.get(message.seq);
    if (earlier && earlier.id !== message.id) throw new Error(`seq ${message.seq} held two messages`);
    if (earlier) this.duplicates += 1;
    const hole = message.seq > this.contiguous() + 1;
    this.held.set(message.seq, message);
    if (hole && this.base) this.filling = this.catchUp(this.base);
  }
}

describe.runIf(databaseUrl && redisUrl)('chat across two server processes (PostgreSQL and Redis)', () => {
  const sink = new SmtpSink();
  let nodes: ServerProcess[] = [];
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await createDatabase(databaseUrl as string, 'pitchlane_cluster');
    dropDatabase = database.drop;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      SMTP_URL: await sink.start(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-cluster-')),
      AUTH_SECRET: 'cluster-test-secret-that-is-long-enough-for-hmac-0123456789',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SEED_DEMO: '',
    };
    // One at a time: the first runs the migrations the second then finds done.
    nodes = [await startServerProcess(env)];
    nodes.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await stopServerProcess(node);
    await sink.stop();
    await dropDatabase();
  }, 60_000);

  it('delivers across processes and loses or repeats nothing when one is killed mid-conversation', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const founder = await signUpOverHttp(a.base, sink, 'user', 'Cluster Founder');
    const investor = await signUpOverHttp(b.base, sink, 'investor', 'Cluster Investor');
    const pitchDeck = await readyDeckOverHttp(a.base, founder.tokens, 'Cluster Co');
    await call(b.base, investor.tokens, 'POST', investorDeckPaths.interests(pitchDeck.id), { note: 'Hello' });
    const { room } = await call<{ room: { id: string } }>(b.base, investor.tokens, 'POST', chatPaths.privateRoom, {
      participantId: founder.user.id,
    });

    // The founder listens on B; the investor talks on A, the node that will die.
    const listener = new Client(founder.tokens, room.id);
    const talker = new Client(investor.tokens, room.id);
    await listener.connectTo(b.base);
    await talker.connectTo(a.base);

    const acknowledged = new Map<string, ChatMessage>();
    const unacknowledged = new Set<string>();
    const send = async (clientId: string) => {
      unacknowledged.add(clientId);
      const socket = talker.socket as Socket;
      try {
        const ack = (await socket
          .timeout(2_000)
          .emitWithAck('chat:message', { chatRoomId: room.id, content: `steady ${clientId}`, clientId })) as {
          ok: boolean;
          message: ChatMessage;
        };
        if (ack.ok) {
          acknowledged.set(clientId, ack.message);
          unacknowledged.delete(clientId);
        }
      } catch {
        // No answer (the node died): retried with the same client id after reconnecting.
      }
    };

    let counter = 0;
    const sendSome = async (count: number) => {
      for (let index = 0; index < count; index++) {
        void send(`tmp-${counter++}`);
        // Steady, within one account's send rate (chatRateLimits: 20 a second).
        await new Promise((resolve) => setTimeout(resolve, 1_000 / (chatRateLimits.sendsPerSecond - 2)));
      }
    };
    await sendSome(40);
    // Cross-process delivery: the listener on B hears what was sent on A.
    await expect.poll(() => listener.held.size, { timeout: 15_000 }).toBeGreaterThanOrEqual(30);

    // Mid-conversation, steady sending still under way: A dies without a word.
    const sending = sendSome(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    a.process.kill('SIGKILL');
    await a.exited;
    await sending;

    // The talker reconnects to B, catches up, and retries what was never acknowledged.
    await talker.connectTo(b.base);
    for (const clientId of [...unacknowledged]) await send(clientId);
    expect(unacknowledged.size).toBe(0);
    await sendSome(20);
    await expect.poll(() => acknowledged.size, { timeout: 15_000 }).toBe(counter);

    // After catching up, both hold every acknowledged message exactly once, in seq order.
    await Promise.all([talker.filling, listener.filling]);
    await talker.catchUp(b.base);
    await listener.catchUp(b.base);
    const expected = [...acknowledged.values()].sort((x, y) => x.seq - y.seq);
    for (const client of [talker, listener]) {
      const held = [...client.held.values()].sort((x, y) => x.seq - y.seq);
      expect(held.map((message) => message.id)).toEqual(expected.map((message) => message.id));
      expect(held.map((message) => message.seq)).toEqual(expected.map((_, index) => index + 1));
    }
    expect(new Set(expected.map((message) => message.content)).size).toBe(counter);
    talker.socket?.disconnect();
    listener.socket?.disconnect();
  }, 120_000);
});
