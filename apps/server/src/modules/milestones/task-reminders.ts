import type { EventBus } from '@/core/events';
import type { Clock } from '@/lib/clock';
import { todayUtc } from './milestones.dto';
import type { MilestonesRepository } from './milestones.repository';

const dayMs = 24 * 60 * 60_000;

/** Overdue tasks are reminded of when they became overdue up to this many days ago (catch-up after downtime). */
export const overdueCatchUpDays = 3;

/** Reminders claimed per run by default; the next run (minutes later) takes the rest. */
const remindersPerRun = 500;

/**
 * Due-date reminders, run by a module job (and by the test clock's route): each open task is
 * reminded of once a day before it is due (or on the day, for one made due today) and once when
 * it becomes overdue. Each reminder is recorded as sent in the statement that claims it, before
 * any news goes out, so restarts and several processes never send one twice; the inbox and the
 * mail (by the notifications module, under the recipient's `taskDueReminders` switch) follow
 * the `milestone.task-due` event. Reminders go to the assignee if they are a member of the
 * milestone now, and to its founder otherwise: never to someone outside it.
 */
export class TaskReminders {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly perRun = remindersPerRun,
  ) {}

  /** Claims and announces what is owed now; answers how many reminders went out. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const today = todayUtc(now);
    const claimed = await this.repo.claimDueReminders({
      today,
      tomorrow: todayUtc(new Date(now.getTime() + dayMs)),
      overdueSince: todayUtc(new Date(now.getTime() - overdueCatchUpDays * dayMs)),
      limit: this.perRun,
    });
    for (const reminder of claimed) {
      const recipient = reminder.assigneeId && reminder.assigneeIsMember ? reminder.assigneeId : reminder.founderId;
      this.events.emit('milestone.task-due', {
        kind: reminder.kind,
        taskId: reminder.taskId,
        taskKey: reminder.taskKey,
        taskTitle: reminder.taskTitle,
        dueDate: reminder.dueDate,
        today,
        milestoneId: reminder.milestoneId,
        milestoneTitle: reminder.milestoneTitle,
        pitchDeckId: reminder.pitchDeckId,
        founderId: reminder.founderId,
        recipientIds: [recipient],
      });
    }
    return claimed.length;
  }
}
