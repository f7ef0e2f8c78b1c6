import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { connectRedis, redisEventTransport } from '@/infra/redis';
import { type DomainEvents, EventBus } from './events';

const quiet = pino({ level: 'silent' });
const shown: DomainEvents['interest.shown'] = {
  interestId: 'int-1',
  pitchDeckId: 'dck-1',
  founderId: 'usr-1',
  investorId: 'inv-1',
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('EventBus', () => {
  it('delivers after the emitter moved on, to each subscriber of that event only, until it unsubscribes', async () => {
    const bus = new EventBus(quiet);
    const heard: string[] = [];
    const stop = bus.on('interest.shown', (payload) => {
      heard.push(`shown ${payload.interestId}`);
    });
    bus.on('interest.withdrawn', () => {
      heard.push('withdrawn');
    });
    bus.emit('interest.shown', shown);
    expect(heard).toEqual([]);
    await settle();
    expect(heard).toEqual(['shown int-1']);
    stop();
    bus.emit('interest.shown', shown);
    await settle();
    expect(heard).toEqual(['shown int-1']);
  });

  it('logs a failing handler without reaching the emitter or the other handlers', async () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const bus = new EventBus(logger);
    const heard: string[] = [];
    bus.on('interest.shown', () => {
      throw new Error('mail server down');
    });
    bus.on('interest.shown', async () => {
      heard.push('second');
    });
    expect(() => bus.emit('interest.shown', shown)).not.toThrow();
    await settle();
    expect(heard).toEqual(['second']);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'interest.shown' }),
      'a domain event handler failed',
    );
  });

  // Crossing processes needs Redis; CI's second pass sets REDIS_URL.
  it.runIf(process.env.REDIS_URL)(
    'reaches onEverywhere subscribers of other processes over Redis, on once',
    async () => {
      const url = process.env.REDIS_URL ?? '';
      const [first, second] = [connectRedis(url, quiet), connectRedis(url, quiet)];
      try {
        const sender = new EventBus(quiet, redisEventTransport(first, quiet));
        const receiver = new EventBus(quiet, redisEventTransport(second, quiet));
        await new Promise((resolve) => setTimeout(resolve, 200)); // subscriptions settle
        const everywhere: string[] = [];
        const localOnly: string[] = [];
        sender.onEverywhere('interest.shown', (payload) => {
          everywhere.push(`sender ${payload.interestId}`);
        });
        receiver.onEverywhere('interest.shown', (payload) => {
          everywhere.push(`receiver ${payload.interestId}`);
        });
        receiver.on('interest.shown', () => {
          localOnly.push('receiver');
        });
        sender.emit('interest.shown', shown);
        await vi.waitFor(() => expect(everywhere.sort()).toEqual(['receiver int-1', 'sender int-1']));
        await new Promise((resolve) => setTimeout(resolve, 100));
        // The sender heard its own event once (no echo), and local subscribers elsewhere not at all.
        expect(everywhere).toHaveLength(2);
        expect(localOnly).toEqual([]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
  );
});
