import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { Mailer } from '@/modules/mail/mail.service';
import { MentorsRepository } from './mentors.repository';
import { mentorsRoutes } from './mentors.routes';
import { MentorsService } from './mentors.service';

/** Mentors: founders invite them by email; either side ends the mentorship. */
export function createMentorsModule(context: ModuleContext, { auth, mailer }: { auth: Authenticator; mailer: Mailer }) {
  const { db, clock, config, events } = context;
  const mentors = new MentorsService({
    repo: new MentorsRepository(db),
    clock,
    mail: { productName: config.productName, publicUrl: config.publicUrl },
    mailer,
    events,
  });
  const module: AppModule = {
    name: 'mentors',
    routes: async (app) => {
      await mentorsRoutes(app, { auth, mentors, publicRateLimit: config.authRateLimitPerMinute });
    },
  };
  return { module, mentors };
}
