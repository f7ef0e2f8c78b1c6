import type { Logger } from 'pino';

/**
 * Work that runs after a request has answered, so the answer's timing cannot reveal what the
 * work found (forgot-password must answer alike for known and unknown emails). Failures are
 * logged; `drain` waits for everything started so far (shutdown, tests).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const running = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
