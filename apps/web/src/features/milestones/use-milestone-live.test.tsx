import { milestoneSocketEvents } from '@deckvalid/contract/milestones';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { api } from '@/shared/api/api';
import { publishSessionSocket } from '@/shared/lib/session-socket';
import { liveRefreshDelayMs, useMilestoneLive } from './use-milestone-live';

type Listener = (...args: unknown[]) => void;

/** The part of a socket.io client the hook uses, with a hand on its connection. */
class FakeSocket {
  connected = false;
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload });
    ack?.({ ok: true, milestoneId: (payload as { milestoneId: string }).milestoneId });
    return this;
  }

  /** What the server (or the connection) would deliver. */
  receive(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  connect() {
    this.connected = true;
    this.receive('connect');
  }

  drop() {
    this.connected = false;
    this.receive('disconnect', 'transport close');
  }

  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }

  joins() {
    return this.emitted.filter((sent) => sent.event === milestoneSocketEvents.join).length;
  }
}

function LivePage({ milestoneId }: { milestoneId: string }) {
  useMilestoneLive({ milestoneId, role: 'investor' });
  return <p>Milestone {milestoneId}</p>;
}

function renderLive(socket: FakeSocket) {
  const store = createAppStore();
  const dispatched = vi.spyOn(store, 'dispatch');
  publishSessionSocket(socket as unknown as Socket);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/investor/milestones/mst-1']}>
        <Routes>
          <Route path="/investor/milestones/:id" element={<LivePage milestoneId="mst-1" />} />
          <Route path="/investor/milestones" element={<p>Milestone list</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  /** The invalidations dispatched so far, as their tags. */
  const invalidations = () =>
    dispatched.mock.calls
      .map(([action]) => action)
      .filter((action) => api.util.invalidateTags.match(action))
      .map((action) => action.payload);
  return { view, invalidations };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  publishSessionSocket(null);
  vi.useRealTimers();
});

describe('useMilestoneLive', () => {
  it('joins once connected, again after every reconnect, and re-reads what it missed', () => {
    const socket = new FakeSocket();
    const { invalidations } = renderLive(socket);
    expect(socket.joins()).toBe(0);

    act(() => socket.connect());
    expect(socket.emitted.at(-1)).toEqual({ event: milestoneSocketEvents.join, payload: { milestoneId: 'mst-1' } });
    act(() => vi.advanceTimersByTime(liveRefreshDelayMs));
    // The first connect follows the page's own reads: nothing to catch up on.
    expect(invalidations()).toEqual([]);

    act(() => socket.drop());
    act(() => socket.connect());
    expect(socket.joins()).toBe(2);
    act(() => vi.advanceTimersByTime(liveRefreshDelayMs));
    expect(invalidations()).toEqual([[{ type: 'MilestoneData', id: 'mst-1' }, 'Milestone']]);
  });

  it('re-reads once per burst of changes to this milestone, and ignores other milestones', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const { invalidations } = renderLive(socket);
    expect(socket.joins()).toBe(1);
    const change = { taskId: 'tsk-1', action: 'task.moved', actorId: 'usr-1', activityId: 'act-1' };

    act(() => {
      socket.receive(milestoneSocketEvents.changed, { ...change, milestoneId: 'mst-1' });
      socket.receive(milestoneSocketEvents.changed, { ...change, milestoneId: 'mst-1' });
      socket.receive(milestoneSocketEvents.changed, { ...change, milestoneId: 'mst-2' });
      vi.advanceTimersByTime(liveRefreshDelayMs);
    });
    expect(invalidations()).toEqual([[{ type: 'MilestoneData', id: 'mst-1' }, 'Milestone']]);
  });

  it('leaves the room and its listeners when the page closes', () => {
    const socket = new FakeSocket();
    socket.connected = true;
    const { view } = renderLive(socket);
    const before = socket.listenerCount();
    expect(before).toBeGreaterThan(0);
    view.unmount();
    expect(socket.emitted.at(-1)).toEqual({ event: milestoneSocketEvents.leave, payload: { milestoneId: 'mst-1' } });
    expect(socket.listenerCount()).toBe(0);
  });

  it('tells an investor whose access ended, and goes to the milestone list', async () => {
    const socket = new FakeSocket();
    socket.connected = true;
    renderLive(socket);
    act(() => socket.receive(milestoneSocketEvents.accessEnded, { milestoneId: 'mst-9' }));
    expect(screen.getByText('Milestone mst-1')).toBeTruthy();
    act(() => socket.receive(milestoneSocketEvents.accessEnded, { milestoneId: 'mst-1' }));
    expect(await screen.findByText('Milestone list')).toBeTruthy();
    expect(await screen.findByText('You no longer have access to this milestone')).toBeTruthy();
  });
});
