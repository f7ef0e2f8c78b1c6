import { textSchema } from '@deckvalid/contract/text';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppModule } from '@/core/module';
import type { MovableClock } from '@/lib/clock';
import { AppError } from '@/lib/errors';

/** Where the browser tests move the server's clock; registered only under TEST_CLOCK (never in production). */
export const testClockPath = '/api/test/clock';

const moveClockBodySchema = z
  .object({
    /** The instant the clock reads from now on (ISO-8601). */
    at: textSchema({ max: 40, trim: false })
      .pipe(z.iso.datetime({ offset: true }))
      .optional(),
    /** Or: move it on by this much. */
    advanceMs: z.number().int().min(0).optional(),
  })
  .strict();

const movedClockResponseSchema = z.object({ now: z.string(), reminders: z.number() });

/**
 * A test-only module: POST moves the clock, then runs the jobs that read it (due-date reminders)
 * and waits for what they set off (inbox rows, queued mail), so the browser test that moved it
 * sees the result on its next read. app.ts adds it only when config.testClock is set, which
 * config.ts refuses with NODE_ENV=production; the route checks the flag again itself.
 */
export function testClockModule(
  clock: MovableClock,
  deps: { isEnabled: () => boolean; runClockedJobs: () => Promise<number> },
): AppModule {
  return {
    name: 'test-clock',
    routes: async (app: FastifyInstance) => {
      app
        .withTypeProvider<ZodTypeProvider>()
        .post(
          testClockPath,
          { schema: { body: moveClockBodySchema, response: { 200: movedClockResponseSchema }, hide: true } },
          async (request) => {
            if (!deps.isEnabled()) throw new AppError('NOT_FOUND', 'There is no such page.');
            if (request.body.at) clock.set(new Date(request.body.at));
            if (request.body.advanceMs) clock.advance(request.body.advanceMs);
            const reminders = await deps.runClockedJobs();
            return { now: clock.now().toISOString(), reminders };
          },
        );
    },
  };
}
