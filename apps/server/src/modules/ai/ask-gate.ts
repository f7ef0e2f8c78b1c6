/** A first-come, first-served gate: at most `limit` holders at a time. */
export class AskGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<Result>(work: () => Promise<Result>): Promise<Result> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next waiter, so a newcomer never takes it first.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
