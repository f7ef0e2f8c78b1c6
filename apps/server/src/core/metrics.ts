import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric's name starts with this, beside Node's own `process_` and `nodejs_` ones. */
export const metricPrefix = 'pitchlane_';

/** Buckets in seconds for work a person waits on: 5 ms to 10 s. */
export const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Buckets in seconds for slow background work (a deck's processing, a copilot answer): 0.1 s to 2 min. */
export const slowWorkBuckets = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120];

/**
 * One process's metrics, in Prometheus' text format (docs/operations.md lists them). Each app
 * has its own registry, so the many apps a test process builds never collide; modules define
 * their metrics on it through these helpers, named with the product's prefix. Counting costs a
 * few hundred nanoseconds and nothing is collected for `/metrics` unless it is served.
 */
export class Metrics {
  readonly registry = new Registry();

  counter<Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) {
    return new Counter<Label>({ name: `${metricPrefix}${name}`, help, labelNames, registers: [this.registry] });
  }

  histogram<Label extends string = never>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly Label[] = [],
  ) {
    return new Histogram<Label>({
      name: `${metricPrefix}${name}`,
      help,
      buckets,
      labelNames,
      registers: [this.registry],
    });
  }

  /** A value read when metrics are collected (a queue's length, a pool's use). */
  gauge(name: string, help: string, read: () => number | Promise<number>) {
    return new Gauge({
      name: `${metricPrefix}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** A gauge with labels, each set when collected. */
  labelledGauge<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    read: () => { labels: Record<Label, string>; value: number }[],
  ) {
    return new Gauge<Label>({
      name: `${metricPrefix}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        for (const { labels, value } of read()) this.set(labels, value);
      },
    });
  }

  /** Node's own: CPU, RSS, heap by space, event-loop lag, handles, garbage collection. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  /** The text a Prometheus scrape reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
