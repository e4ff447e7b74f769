import { Gauge, Registry } from 'prom-client';

/** One singleton loop as a replica sees it (a LeasedLoop's status, or a watcher's). */
export interface LeasedWork<Label extends string> {
  labels: Partial<Record<Label, string>>;
  status(): { holding: boolean; lastSuccessAt: number | null };
}

/**
 * Two gauges per kind of leased loop: `<prefix>_lease_held` (1 on the replica whose last look found
 * it holding the lease, 0 on standbys) and `<prefix>_last_<pass>_timestamp_seconds` (when this
 * replica last completed a pass; absent until it has). Across replicas, `max` of the timestamp is
 * the last time any of them did the work, and `max` of the lease is whether anyone holds it: what the
 * alert "nobody has done it for N seconds" reads, while every replica stays Ready.
 */
export interface LeaseGaugeOptions<Label extends string> {
  prefix: string;
  /** The pass in the metric name: `poll`, `pass`, `refresh`. */
  pass: string;
  what: string;
  labelNames: readonly Label[];
  works: () => readonly LeasedWork<Label>[];
}

export function registerLeaseGauges<Label extends string>(
  registry: Registry,
  options: LeaseGaugeOptions<Label>,
): void {
  const { prefix, pass, what, labelNames, works } = options;
  new Gauge({
    name: `${prefix}_lease_held`,
    help: `1 when this replica holds the lease of ${what}, 0 on a standby`,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const work of works()) this.set(work.labels, work.status().holding ? 1 : 0);
    },
  });
  new Gauge({
    name: `${prefix}_last_${pass}_timestamp_seconds`,
    help: `Unix time this replica last completed a ${pass} of ${what}; max over replicas is the last one anywhere`,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const work of works()) {
        const at = work.status().lastSuccessAt;
        if (at !== null) this.set(work.labels, at / 1000);
      }
    },
  });
}

/** A service's registry holding only its leased loop's gauges. */
export function leaseMetrics<Label extends string>(options: LeaseGaugeOptions<Label>): Registry {
  const registry = new Registry();
  registerLeaseGauges(registry, options);
  return registry;
}
