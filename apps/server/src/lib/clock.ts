/**
 * What time it is, for rules that depend on it (due-date reminders, the deliverable undo window):
 * injected, so tests move it instead of waiting. The database's own `now()` still stamps rows;
 * a rule that compares times takes both from this clock.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that runs with the system's, shifted by an offset tests set: the server tests build
 * apps with one, and a server started with TEST_CLOCK=1 (never in production: config.ts refuses
 * it) lets the browser tests move it through a test-only route.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** From now on, the clock reads `at` (and runs on from there). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
