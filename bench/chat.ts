// Real-time chat: 2,000 connected sockets in 200 rooms of 10 on one server process (a founder and
// nine investors tied by interests, in a group room), messages offered at rising rates. For each
// rate: messages delivered per second, and the delivery latency p50/p99 (sent → every member of
// the room received it). Beside it, a bare Socket.IO broadcast server (no auth, no database)
// measured in the same run, and the heap each idle connection costs on both. On the embedded
// database and on PostgreSQL (BENCH_DATABASES=pglite,postgres).
// Budget: p99 under 100 ms at 1,000 messages per second offered; a sustained rate at least 40 %
// of the bare server's; under 20 KB of heap per idle connection. Prints a table and a JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 3 rooms of 3 on PostgreSQL only, one
// second at 100 messages per second.
import { chatPaths } from '@deckvalid/contract/chat';
import { io as connect, type Socket } from 'socket.io-client';
import { SmtpSink } from '../apps/server/test/smtp-sink';
import { call, inBatches, onePagePdf, percentile, readyDeck, signUp, sleep } from './support/api';
import { heapUsed, type Proc, startBareChatServer, startProductServerOn } from './support/processes';
import { conclude, envNumber, sized } from './support/smoke';

const roomCount = envNumber('BENCH_ROOMS', 200, 3);
const membersPerRoom = sized(10, 3);
const rates = (process.env.BENCH_RATES ?? sized('250,500,1000,2000,4000', '100')).split(',').map(Number);
const stepSeconds = envNumber('BENCH_SECONDS', 5, 1);
/** A smoke run skips PGlite: its start alone costs 5–8 s, and `npm test` runs the product on it. */
const databases = (process.env.BENCH_DATABASES ?? sized('pglite,postgres', 'postgres')).split(',');
/** How long a send waits for the server's acknowledgement: a little longer than the web's 9 s. */
const ackTimeoutMs = 10_000;
/** The pause between rates, so the server drains before the next step. */
const drainMs = sized(1_000, 200);
const budget = { p99AtRate: 1_000, maxP99Ms: 100, minSustainedRatio: 0.4, maxHeapPerConnectionKb: 20 };

type Member = { socket: Socket; roomId: string };
type AckAnswer = { ok: true } | { ok: false; error: { code: string; retryAfterSeconds?: number } };
/**
 * One rate's figures. `refused`: sends the server turned away as overload with a retry hint
 * (the web sends those again after the wait); `failed`: sends answered with any other refusal,
 * INTERNAL above all, which past capacity must never happen. `lost`: neither delivered nor
 * refused, nor failed.
 */
type Step = {
  offered: number;
  delivered: number;
  p50: number;
  p99: number;
  lost: number;
  refused: number;
  failed: number;
  failures: Record<string, number>;
};
type Target = { name: string; steps: Step[]; sustained: number; heapPerConnectionKb: number };

function open(base: string, auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(`${base}/chats`, { auth, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Offers messages at each rate for `stepSeconds`, from a random member of a random room, and
 * times each until every member of its room has it. A step waits for its last messages as long
 * as a send may wait for its acknowledgement (and a little more): a message late past that, whose
 * sender was told neither yes nor no, counts as lost.
 */
async function measureRates(members: Member[][]): Promise<Step[]> {
  const pending = new Map<string, { sentAt: number; remaining: number }>();
  let completed: number[] = [];
  for (const room of members) {
    for (const member of room) {
      member.socket.on('chat:new_message', (message: { content: string }) => {
        const entry = pending.get(message.content);
        if (!entry) return;
        entry.remaining -= 1;
        if (entry.remaining === 0) {
          completed.push(performance.now() - entry.sentAt);
          pending.delete(message.content);
        }
      });
    }
  }
  const steps: Step[] = [];
  let counter = 0;
  for (const rate of rates) {
    completed = [];
    pending.clear();
    let refused = 0;
    const failures: Record<string, number> = {};
    const acknowledge = (content: string) => (error: Error | null, answer?: AckAnswer) => {
      if (error || !answer || answer.ok) return;
      pending.delete(content);
      if (answer.error.code === 'UNAVAILABLE' && typeof answer.error.retryAfterSeconds === 'number') refused += 1;
      else failures[answer.error.code] = (failures[answer.error.code] ?? 0) + 1;
    };
    // Every 10 ms, send what the rate owes for the time elapsed so far (not per wake-up, which a
    // busy client would make late and bunched).
    const tickMs = 10;
    const started = performance.now();
    let sent = 0;
    for (let elapsed = 0; elapsed < stepSeconds * 1000; elapsed = performance.now() - started) {
      const owed = Math.floor((Math.min(elapsed, stepSeconds * 1000) / 1000) * rate);
      for (; sent < owed; sent++) {
        const room = members[Math.floor(Math.random() * members.length)] as Member[];
        const member = room[Math.floor(Math.random() * room.length)] as Member;
        const content = `bench ${counter++}`;
        pending.set(content, { sentAt: performance.now(), remaining: room.length });
        member.socket
          .timeout(ackTimeoutMs)
          .emit('chat:message', { chatRoomId: member.roomId, content, type: 'text' }, acknowledge(content));
      }
      await sleep(tickMs);
    }
    for (
      const deadline = performance.now() + ackTimeoutMs + 2_000;
      pending.size > 0 && performance.now() < deadline;
    ) {
      await sleep(20);
    }
    const sorted = [...completed].sort((a, b) => a - b);
    const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
    steps.push({
      offered: rate,
      delivered: Math.round(completed.length / stepSeconds),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      lost: sent - completed.length - refused - failed,
      refused,
      failed,
      failures,
    });
    // Let the server drain before the next step.
    await sleep(drainMs);
  }
  return steps;
}

async function finish(name: string, proc: Proc, members: Member[][], idleHeapBefore: number): Promise<Target> {
  const idleHeapAfter = await heapUsed(proc);
  const connections = members.flat().length;
  const heapPerConnectionKb = Math.round(((idleHeapAfter - idleHeapBefore) / connections / 1024) * 10) / 10;
  const steps = await measureRates(members);
  for (const member of members.flat()) member.socket.disconnect();
  // A rate is sustained when every send of it was delivered: none lost, none turned away.
  const sustained = Math.max(
    ...steps.filter((step) => step.lost + step.refused + step.failed === 0).map((step) => step.delivered),
    0,
  );
  return { name, steps, sustained, heapPerConnectionKb };
}

async function benchBare(): Promise<Target> {
  const server = await startBareChatServer();
  try {
    const before = await heapUsed(server);
    const members = await inBatches(
      Array.from({ length: roomCount }, (_, index) => `room-${index}`),
      20,
      async (roomId) =>
        Promise.all(
          Array.from({ length: membersPerRoom }, async () => {
            const socket = await open(server.base);
            await socket.timeout(10_000).emitWithAck('join', roomId);
            return { socket, roomId };
          }),
        ),
    );
    return await finish('bare Socket.IO', server, members, before);
  } finally {
    await server.stop();
  }
}

/** A founder with a ready deck, nine investors interested in it, and their group room. */
async function seedRoom(base: string, sink: SmtpSink, deckPdf: Uint8Array) {
  const founder = await signUp(base, sink, 'users');
  const pitchDeckId = await readyDeck(base, founder, deckPdf);
  const investors = await Promise.all(
    Array.from({ length: membersPerRoom - 1 }, async () => {
      const investor = await signUp(base, sink, 'investors');
      await call(base, investor.tokens, 'POST', `/api/v1/investors/pitchdecks/${pitchDeckId}/interests`, {
        note: null,
      });
      return investor;
    }),
  );
  const { room } = await call<{ room: { id: string } }>(base, founder.tokens, 'POST', chatPaths.groupRoom, {
    name: 'Bench room',
    participantIds: investors.map((investor) => investor.id),
  });
  return { roomId: room.id, accounts: [founder, ...investors] };
}

async function benchProduct(database: 'pglite' | 'postgres', deckPdf: Uint8Array): Promise<Target> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const server = await startProductServerOn(database, { SMTP_URL: smtpUrl, REDIS_URL: '' }, { heapProbe: true });
  try {
    const seedStarted = performance.now();
    const rooms = await inBatches(
      Array.from({ length: roomCount }, (_, index) => index),
      8,
      () => seedRoom(server.base, sink, deckPdf),
    );
    console.log(`${database}: seeded ${roomCount} rooms in ${Math.round((performance.now() - seedStarted) / 1000)} s`);
    const before = await heapUsed(server);
    const members = await inBatches(rooms, 20, (room) =>
      Promise.all(
        room.accounts.map(async (account) => ({
          socket: await open(server.base, {
            authorization: `Bearer ${account.tokens.token}`,
            controlSignature: account.tokens.controlSignature,
            hashToken: account.tokens.hashToken,
            // As the web client opens its socket: each message once (contract `chatEventModes`).
            events: 'compact',
          }),
          roomId: room.roomId,
        })),
      ),
    );
    return await finish(`Pitchlane on ${database}`, server, members, before);
  } finally {
    await server.stop();
    await sink.stop();
  }
}

const deckPdf = await onePagePdf('Bench chat deck');

const bare = await benchBare();
const targets = [bare];
for (const database of databases) targets.push(await benchProduct(database as 'pglite' | 'postgres', deckPdf));

const rows = targets.flatMap((target) =>
  target.steps.map((step) => ({
    target: target.name,
    'offered /s': step.offered,
    'delivered /s': step.delivered,
    'p50 ms': step.p50,
    'p99 ms': step.p99,
    lost: step.lost,
    'refused, retry hint': step.refused,
    failed: step.failed,
  })),
);
console.table(rows);
console.table(
  targets.map((target) => ({
    target: target.name,
    'sustained /s': target.sustained,
    'ratio to bare': Math.round((target.sustained / bare.sustained) * 100) / 100,
    'heap KB / idle connection': target.heapPerConnectionKb,
  })),
);
const withinBudget = targets.slice(1).every((target) => {
  const atRate = target.steps.find((step) => step.offered === budget.p99AtRate);
  return (
    atRate !== undefined &&
    atRate.p99 < budget.maxP99Ms &&
    atRate.lost === 0 &&
    target.sustained >= budget.minSustainedRatio * bare.sustained &&
    target.heapPerConnectionKb < budget.maxHeapPerConnectionKb
  );
});
// Delivery times are the figures: a target that delivered nothing (or whose heap could not be
// read) measured nothing. Lost messages are a budget matter, which a loaded machine can cause.
// A send answered with anything but success or overload (INTERNAL above all) is a fault, loaded
// machine or not: past capacity the server sheds load, it does not fail.
const problems = targets.flatMap((target) => [
  ...(target.steps.some((step) => step.delivered > 0) ? [] : [`${target.name}: no message was delivered`]),
  ...target.steps
    .filter((step) => step.failed > 0)
    .map((step) => `${target.name} at ${step.offered}/s: sends refused with ${JSON.stringify(step.failures)}`),
  ...(Number.isFinite(target.heapPerConnectionKb) ? [] : [`${target.name}: no heap figure`]),
]);
conclude({
  bench: 'chat',
  rooms: roomCount,
  membersPerRoom,
  stepSeconds,
  results: targets,
  budget,
  withinBudget,
  problems,
});
