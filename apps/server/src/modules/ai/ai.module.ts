import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { AiRepository } from './ai.repository';
import { aiRoutes } from './ai.routes';
import { AiService, type CopilotRooms, type InterestActions } from './ai.service';
import type { AiEngine } from './engine';
import { BuiltinEngine } from './engines/builtin';
import type { CopilotServices } from './tools/copilot-tools';

/**
 * The investor copilot: answers from the decks the investor may see, through the other modules'
 * services, in the investor's bot room (the chat module's). The built-in engine answers unless
 * another is given (the model engine, when AI_BASE_URL is set, is built by whoever wires it).
 */
export function createAiModule(
  context: ModuleContext,
  {
    auth,
    rooms,
    services,
    interests,
    engine = new BuiltinEngine(),
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
