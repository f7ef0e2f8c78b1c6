import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { AiRepository } from './ai.repository';
import { aiRoutes } from './ai.routes';
import { AiService, builtinAsksAtOnce, type CopilotRooms, type InterestActions } from './ai.service';
import type { AiEngine } from './engine';
import { BuiltinEngine } from './engines/builtin';
import { CopilotPool } from './engines/copilot-pool';
import { ModelEngine } from './engines/model';
import { OffThreadWork } from './engines/off-thread';
import type { CopilotServices } from './tools/copilot-tools';

/**
 * The investor copilot: answers from the decks the investor may see, through the other modules'
 * services, in the investor's bot room (the chat module's). The model engine answers when the
 * operator configured a model server (AI_BASE_URL), else the built-in one; a test may give its own.
 */
export function createAiModule(
  context: ModuleContext,
  {
    auth,
    rooms,
    services,
    interests,
    engine = context.config.ai ? new ModelEngine(context.config.ai) : new BuiltinEngine(),
  }: {
    auth: Authenticator;
    rooms: CopilotRooms;
    services: CopilotServices;
    interests: InterestActions;
    engine?: AiEngine;
  },
) {
  // Only the built-in engine reads pages into sentences and matches names itself; a model engine
  // waits on its model server, and starting workers for it would cost memory for nothing.
  const pool = engine instanceof BuiltinEngine ? new CopilotPool(context.logger) : undefined;
  const offThread = pool && new OffThreadWork(pool);
  if (offThread) {
    // The names the copilot matches questions against are kept for a second (off-thread.ts); a
    // deck that goes live or away changes them at once.
    context.events.on('deck.ready', () => offThread.forgetNames());
    context.events.on('deck.deleted', () => offThread.forgetNames());
  }
  const ai = new AiService({
    repo: new AiRepository(context.db),
    engine,
    rooms,
    services,
    interests,
    limits: context.limits,
    logger: context.logger,
    metrics: context.metrics,
    ...(offThread ? { offThread, asksAtOnce: builtinAsksAtOnce } : {}),
  });
  const module: AppModule = {
    name: 'ai',
    routes: (app) => aiRoutes(app, { auth, ai }),
    ...(pool ? { close: () => pool.close() } : {}),
  };
  return { module, ai };
}
