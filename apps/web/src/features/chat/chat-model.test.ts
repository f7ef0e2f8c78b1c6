import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import { describe, expect, it, vi } from 'vitest';
import {
  applyMessageToRooms,
  applyReadToRooms,
  automaticResendDelayMs,
  contiguousSeq,
  createClientId,
  createMarkReadScheduler,
  filterRooms,
  firstLine,
  isNearBottom,
  isSeenByOthers,
  maxAutomaticResends,
  mergeBySeq,
  type PendingMessage,
  type SchedulerClock,
  settlePending,
  totalUnread,
  typingLabel,
  unreadBadgeLabel,
} from './chat-model';

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `msg-${seq}`,
    chatRoomId: 'room-1',
    seq,
    senderId: 'usr-1',
    senderRole: 'user',
    content: `message ${seq}`,
    type: 'text',
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, seq)).toISOString(),
    clientId: null,
    readBy: [],
    sender: { id: 'usr-1', name: 'Maya', role: 'user' },
    rev: 0,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
    ...overrides,
  };
}

const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);

describe('mergeBySeq', () => {
  it('keeps messages in ascending seq whatever order pages arrive in', () => {
    const newestPage = [message(5), message(4), message(3)]; // GET messages answers newest first
    const older = [message(2), message(1)];
    expect(seqs(mergeBySeq(mergeBySeq([], newestPage), older))).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds each seq once when a catch-up overlaps a live event', () => {
    const held = mergeBySeq([], [message(1), message(2)]);
    const live = mergeBySeq(held, [message(3)]);
    const caughtUp = mergeBySeq(live, [message(2), message(3), message(4)]);
    expect(seqs(caughtUp)).toEqual([1, 2, 3, 4]);
  });

  it('answers the same array when nothing is new, so React skips the render', () => {
    const held = mergeBySeq([], [message(1), message(2)]);
    expect(mergeBySeq(held, [message(2)])).toBe(held);
    expect(mergeBySeq(held, [])).toBe(held);
  });

  it('unites read receipts of two copies of one seq, the later readAt winning', () => {
    const early = { userId: 'inv-1', readAt: '2026-01-01T10:00:00.000Z' };
    const late = { userId: 'inv-1', readAt: '2026-01-01T11:00:00.000Z' };
    const other = { userId: 'inv-2', readAt: '2026-01-01T10:30:00.000Z' };
    const held = [message(1, { readBy: [early] })];
    const merged = mergeBySeq(held, [message(1, { readBy: [late, other] })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.readBy).toEqual([late, other]);
  });
});

describe('contiguousSeq', () => {
  it('answers the last seq before the first hole, so a catch-up refills what was missed', () => {
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([{ seq: 26 }, { seq: 27 }, { seq: 28 }])).toBe(28);
    expect(contiguousSeq([{ seq: 26 }, { seq: 27 }, { seq: 30 }, { seq: 31 }])).toBe(27);
  });
});

describe('optimistic messages', () => {
  const pending = (clientId: string): PendingMessage => ({
    clientId,
    chatRoomId: 'room-1',
    content: 'hello',
    createdAt: '2026-01-01T10:00:00.000Z',
    status: 'sending',
    error: null,
  });

  it('are replaced by the stored message carrying their clientId, and only that one', () => {
    const waiting = [pending('tmp-a'), pending('tmp-b')];
    expect(settlePending(waiting, [message(7, { clientId: 'tmp-a' })]).map((p) => p.clientId)).toEqual(['tmp-b']);
    expect(settlePending(waiting, [message(8, { clientId: null })])).toBe(waiting);
  });

  it('get a tmp- id the server accepts as a clientId', () => {
    const id = createClientId();
    expect(id).toMatch(/^tmp-[\w-]+$/);
    expect(id.length).toBeLessThanOrEqual(64);
    expect(createClientId()).not.toBe(id);
  });
});

describe('unread badge', () => {
  it('shows nothing at zero, the count up to 99, then 99+', () => {
    expect(unreadBadgeLabel(0)).toBeNull();
    expect(unreadBadgeLabel(1)).toBe('1');
    expect(unreadBadgeLabel(99)).toBe('99');
    expect(unreadBadgeLabel(100)).toBe('99+');
    expect(unreadBadgeLabel(4_000)).toBe('99+');
  });

  it('totals every room', () => {
    expect(totalUnread([{ unreadCount: 3 }, { unreadCount: 0 }, { unreadCount: 98 }])).toBe(101);
    expect(unreadBadgeLabel(totalUnread([{ unreadCount: 3 }, { unreadCount: 98 }]))).toBe('99+');
  });
});

describe('typingLabel', () => {
  it('names one or two people, then says several', () => {
    expect(typingLabel([])).toBeNull();
    expect(typingLabel(['Ravi'])).toBe('Ravi is typing…');
    expect(typingLabel(['Ravi', 'Maya'])).toBe('Ravi & Maya are typing…');
    expect(typingLabel(['Ravi', 'Maya', 'Ines'])).toBe('Several people are typing…');
  });
});

describe('filterRooms', () => {
  const rooms = [
    {
      id: 'a',
      name: 'Ravi Rao',
      lastMessage: { content: 'See the PILOT numbers', seq: 1, senderId: null, createdAt: '' },
    },
    { id: 'b', name: 'Northwind group', lastMessage: null },
  ];

  it('matches the title or the last message, ignoring case and outer spaces', () => {
    expect(filterRooms(rooms, 'ravi').map((room) => room.id)).toEqual(['a']);
    expect(filterRooms(rooms, '  pilot ').map((room) => room.id)).toEqual(['a']);
    expect(filterRooms(rooms, 'NORTH').map((room) => room.id)).toEqual(['b']);
    expect(filterRooms(rooms, 'nothing')).toEqual([]);
  });

  it('answers every room for an empty query', () => {
    expect(filterRooms(rooms, '   ')).toHaveLength(2);
  });
});

describe('receipts and text', () => {
  it("is 'Seen' only when someone other than me read it", () => {
    expect(isSeenByOthers({ readBy: [] }, 'usr-1')).toBe(false);
    expect(isSeenByOthers({ readBy: [{ userId: 'usr-1', readAt: '' }] }, 'usr-1')).toBe(false);
    expect(isSeenByOthers({ readBy: [{ userId: 'inv-1', readAt: '' }] }, 'usr-1')).toBe(true);
  });

  it('cuts a toast to the first line', () => {
    expect(firstLine('  Hello there\nsecond line')).toBe('Hello there');
    expect(firstLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('counts 80 px from the bottom as the bottom', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 520 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 519 })).toBe(false);
  });
});

describe('createMarkReadScheduler', () => {
  /** A clock the test moves by hand. */
  function fakeClock() {
    let now = 0;
    let timers: { at: number; run: () => void; id: number }[] = [];
    let nextId = 1;
    const clock: SchedulerClock = {
      now: () => now,
      setTimeout: (run, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, run, id });
        return id;
      },
      clearTimeout: (id) => {
        timers = timers.filter((timer) => timer.id !== id);
      },
    };
    const advance = (ms: number) => {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
      }
      now = until;
    };
    return { clock, advance };
  }

  it('waits 200 ms and sends the highest seq asked for meanwhile, once', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const scheduler = createMarkReadScheduler(send, { clock });
    scheduler.request(3);
    scheduler.request(5);
    scheduler.request(4);
    advance(199);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    expect(send.mock.calls).toEqual([[5]]);
  });

  it('sends at most once per 2000 ms, and never a seq already sent', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const scheduler = createMarkReadScheduler(send, { clock });
    scheduler.request(1);
    advance(200); // sent at t=200
    scheduler.request(1);
    advance(5_000);
    expect(send.mock.calls).toEqual([[1]]);

    scheduler.request(2); // t=5200: the interval has passed, only the delay applies
    advance(200);
    scheduler.request(3); // t=5400: must wait until 5400 + ... the next allowed time, 7400
    advance(1_999);
    expect(send.mock.calls).toEqual([[1], [2]]);
    advance(1);
    expect(send.mock.calls).toEqual([[1], [2], [3]]);
  });

  it('forgets a waiting call when cancelled', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const scheduler = createMarkReadScheduler(send, { clock });
    scheduler.request(9);
    scheduler.cancel();
    advance(10_000);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('changes to messages held', () => {
  it('keeps the copy with the higher rev, whichever arrives first, with both copies receipts', () => {
    const original = message(1, { readBy: [{ userId: 'inv-1', readAt: '2026-01-01T10:05:00.000Z' }] });
    const edited = message(1, { content: 'edited', rev: 3, editedAt: '2026-01-01T10:06:00.000Z' });
    const stale = message(1, { content: 'first edit', rev: 2 });
    const merged = mergeBySeq(mergeBySeq([original], [edited]), [stale]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ content: 'edited', rev: 3 });
    expect(merged[0]?.readBy).toEqual(original.readBy);
  });
});

describe('the room list follows messages and reads', () => {
  const room = (id: string, lastSeq: number, at: string): ChatRoom => ({
    id,
    name: id,
    type: 'private',
    createdBy: null,
    participants: [],
    lastMessageAt: at,
    lastMessage: null,
    lastSeq,
    lastRev: 0,
    unreadCount: 0,
    readSeq: lastSeq,
    readOnly: false,
    muted: false,
    leftAt: null,
    leftReason: null,
    createdAt: at,
    updatedAt: at,
  });
  const list = () => [room('a', 4, '2026-01-02T00:00:00.000Z'), room('b', 2, '2026-01-01T00:00:00.000Z')];
  const incoming = (seq: number, senderId = 'inv-1') =>
    message(seq, { chatRoomId: 'b', senderId, createdAt: '2026-01-03T00:00:00.000Z' });

  it("counts someone else's message once, moves its room to the top and shows it as the last message", () => {
    const rooms = list();
    expect(applyMessageToRooms(rooms, incoming(3), { myId: 'usr-1', isViewing: false })).toBe(true);
    // The same message again (acknowledgement, duplicate event, catch-up) changes nothing.
    applyMessageToRooms(rooms, incoming(3), { myId: 'usr-1', isViewing: false });
    expect(rooms.map((r) => [r.id, r.unreadCount, r.lastSeq])).toEqual([
      ['b', 1, 3],
      ['a', 0, 4],
    ]);
    expect(rooms[0]?.lastMessage?.content).toBe('message 3');
  });

  it('counts nothing unread in a muted room, yet moves it and its last message', () => {
    const rooms = list().map((r) => (r.id === 'b' ? { ...r, muted: true } : r));
    applyMessageToRooms(rooms, incoming(3), { myId: 'usr-1', isViewing: false });
    expect(rooms.map((r) => [r.id, r.unreadCount, r.lastSeq])).toEqual([
      ['b', 0, 3],
      ['a', 0, 4],
    ]);
    // Another tab's read derives no count for it either.
    applyReadToRooms(rooms, { chatRoomId: 'b', readSeq: 1 });
    expect(rooms.find((r) => r.id === 'b')?.unreadCount).toBe(0);
  });

  it('does not count a message in the room being looked at, nor one of my own', () => {
    const rooms = list();
    applyMessageToRooms(rooms, incoming(3), { myId: 'usr-1', isViewing: true });
    applyMessageToRooms(rooms, incoming(4, 'usr-1'), { myId: 'usr-1', isViewing: false });
    const b = rooms.find((r) => r.id === 'b');
    expect(b).toMatchObject({ unreadCount: 0, lastSeq: 4, readSeq: 4 });
  });

  it('answers false for a room it does not hold', () => {
    expect(applyMessageToRooms(list(), message(1, { chatRoomId: 'zz' }), { myId: 'usr-1', isViewing: false })).toBe(
      false,
    );
  });

  it("resets the count from a read acknowledgement, and derives it from another tab's watermark", () => {
    const rooms = list();
    applyMessageToRooms(rooms, incoming(3), { myId: 'usr-1', isViewing: false });
    applyMessageToRooms(rooms, incoming(4), { myId: 'usr-1', isViewing: false });
    applyReadToRooms(rooms, { chatRoomId: 'b', readSeq: 3 });
    expect(rooms[0]).toMatchObject({ readSeq: 3, unreadCount: 1 });
    applyReadToRooms(rooms, { chatRoomId: 'b', readSeq: 4, unreadCount: 0 });
    applyReadToRooms(rooms, { chatRoomId: 'b', readSeq: 1 }); // never back
    expect(rooms[0]).toMatchObject({ readSeq: 4, unreadCount: 0 });
  });
});

describe('sends refused by a busy server', () => {
  it('go again after the named wait, a few times, and only when the refusal was overload', () => {
    const busy = { code: 'UNAVAILABLE', message: 'Chat is very busy right now.', retryAfterSeconds: 2 };
    expect(automaticResendDelayMs(busy, 0)).toBe(2_000);
    expect(automaticResendDelayMs({ code: 'UNAVAILABLE', message: 'Busy.' }, 1)).toBe(1_000);
    expect(automaticResendDelayMs(busy, maxAutomaticResends)).toBeNull();
    expect(automaticResendDelayMs({ code: 'FORBIDDEN', message: 'This conversation is closed.' }, 0)).toBeNull();
    expect(automaticResendDelayMs({ code: 'RATE_LIMITED', message: 'Slow down.', retryAfterSeconds: 3 }, 0)).toBeNull();
  });
});
