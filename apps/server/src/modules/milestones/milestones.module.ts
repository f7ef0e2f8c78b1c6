import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { ApprovalsService } from './approvals.service';
import { DeliverablesService } from './deliverables.service';
import { DependenciesService } from './dependencies.service';
import { MeetInvitations, type MeetMail } from './meet-invitations';
import { MeetsService } from './meets.service';
import { MilestoneGate } from './milestone-gate';
import { MilestonesRepository } from './milestones.repository';
import { investorMilestonesRoutes, mentorMilestonesRoutes, milestonesRoutes } from './milestones.routes';
import { type DeckInvestors, MilestonesService, type OwnDecks } from './milestones.service';
import { MilestoneSockets } from './milestones.socket';
import { TaskReminders } from './task-reminders';
import { TasksService } from './tasks.service';
import { ThreadsRepository } from './threads.repository';
import { threadsRoutes } from './threads.routes';
import { type AttachmentStorage, ThreadsService } from './threads.service';

/**
 * Milestones, their task boards, dependency graphs, deliverables, approvals, meets and threads,
 * for founders, their accepted investors and the mentors they share milestones with.
 */
export function createMilestonesModule(
  context: ModuleContext,
  {
    auth,
    decks,
    investors,
    attachments,
    meetMail,
  }: {
    auth: Authenticator;
    decks: OwnDecks;
    investors: DeckInvestors;
    attachments: AttachmentStorage;
    /** Where meet invitations go (the notifications module's switches, template and outbox). */
    meetMail: MeetMail;
  },
) {
  const repo = new MilestonesRepository(context.db);
  const gate = new MilestoneGate(repo, context.events);
  const threads = new ThreadsService(new ThreadsRepository(context.db), gate, attachments);
  const milestones = new MilestonesService(repo, gate, decks, investors, threads.milestoneFiles, context.events);
  const tasks = new TasksService(repo, gate, investors);
  const dependencies = new DependenciesService(repo, gate);
  const deliverables = new DeliverablesService(repo, gate, attachments, context.clock);
  const approvals = new ApprovalsService(repo, gate);
  const meets = new MeetsService(repo, gate);
  const sockets = new MilestoneSockets(gate, context.logger);
  context.events.on('milestone.changed', (change) => sockets.changed(change));
  context.events.on('milestone.task-changed', (change) => sockets.changed(change));
  // Attendees are mailed each committed meet change with its .ics; a background task, so shutdown waits for it.
  const invitations = new MeetInvitations(repo, meetMail);
  context.events.on('milestone.changed', (change) => {
    if (change.action.startsWith('meet.')) {
      context.background.run('mail meet invitations', () => invitations.changed(change));
    }
  });
  // Access follows the accepted interest: withdrawn or declined, the investor's sockets leave at once.
  const accessEnded = async ({ pitchDeckId, investorId }: { pitchDeckId: string; investorId: string }) =>
    sockets.accessEnded(investorId, await repo.findIdsOfDeck(pitchDeckId));
  context.events.on('interest.withdrawn', accessEnded);
  context.events.on('interest.decided', (event) => (event.status === 'declined' ? accessEnded(event) : undefined));
  // And a mentor's follows the share and the mentorship (whose end deletes every share).
  context.events.on('milestone.unshared', ({ milestoneId, mentorId }) => sockets.accessEnded(mentorId, [milestoneId]));
  context.events.on('mentorship.ended', async ({ founderId, mentorId }) =>
    sockets.accessEnded(mentorId, await repo.findIdsOfFounder(founderId)),
  );
  const reminders = new TaskReminders(repo, context.events, context.clock);
  const module: AppModule = {
    name: 'milestones',
    jobs: [
      {
        // Every five minutes: a reminder goes out within minutes of its day starting (UTC), and
        // what a stopped process owed is sent soon after one starts; the claim stops a second send.
        name: 'remind of tasks due',
        firstAfterMs: 30_000,
        everyMs: 5 * 60_000,
        run: async () => {
          const sent = await reminders.run();
          if (sent > 0) context.logger.info({ reminders: sent }, 'sent due-date reminders');
        },
      },
    ],
    routes: async (app) => {
      await milestonesRoutes(app, { auth, milestones, tasks, dependencies, deliverables, approvals, meets });
      await investorMilestonesRoutes(app, { auth, milestones, tasks, deliverables, approvals, meets });
      await mentorMilestonesRoutes(app, { auth, milestones, tasks, deliverables, approvals });
      await threadsRoutes(app, { auth, threads });
    },
    realtime: (namespace) => sockets.attach(namespace),
  };
  // Each service, as App['services'].milestones exposes them: the demo seed works a milestone as its users would.
  const services = { milestones, tasks, dependencies, deliverables, approvals, meets, threads };
  return { module, milestones, tasks, dependencies, reminders, services };
}

/** The milestones module's services, one per use case. */
export type MilestoneServices = ReturnType<typeof createMilestonesModule>['services'];
