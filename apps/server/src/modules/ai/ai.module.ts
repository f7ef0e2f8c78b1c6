import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { AiRepository } from './ai.repository';
import { aiRoutes } from './ai.routes';
import { AiService, type CopilotRooms, type InterestActions } from './ai.service';
import type { AiEngine } from './engine';
import { BuiltinEngine } from './engines/builtin';
import { ModelEngine } from './engines/model';
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
  const ai = new AiService({
    repo: new AiRepository(context.db),
    engine,
    rooms,
    services,
    interests,
    limits: context.limits,
    logger: context.logger,
  });
  const module: AppModule = { name: 'ai', routes: (app) => aiRoutes(app, { auth, ai }) };
  return { module, ai };
}
