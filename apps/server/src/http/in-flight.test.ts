import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { InFlightHandlers } from './in-flight';

describe('InFlightHandlers', () => {
  it('lets shutdown wait for a handler still running after the server closed', async () => {
    const app = Fastify();
    const inFlight = new InFlightHandlers();
    inFlight.attach(app);
    let finish: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      app.get('/slow', async () => {
        resolveStarted();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return { done: true };
      });
    });
    app.get('/fast', async () => ({ done: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/fast' })).json()).toEqual({ done: true });
    await inFlight.idle();

    const reply = app.inject({ method: 'GET', url: '/slow' });
    await started;
    await app.close();
    let isIdle = false;
    const idle = inFlight.idle().then(() => {
      isIdle = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isIdle).toBe(false);
    finish();
    await idle;
    expect(isIdle).toBe(true);
    expect((await reply).json()).toEqual({ done: true });
  });

  it('leaves a callback-style handler to send its answer when it is ready', async () => {
    const app = Fastify();
    new InFlightHandlers().attach(app);
    // As a file server's handler does: nothing returned, the answer sent a moment later.
    app.get('/later', (_request, reply) => {
      setTimeout(() => reply.type('text/css').send('body { color: black }'), 10);
    });
    await app.ready();
    const reply = await app.inject({ method: 'GET', url: '/later' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/css');
    expect(reply.body).toBe('body { color: black }');
    await app.close();
  });
});
