import type { Clock } from '@gw/platform';
import type { StoredEvent } from '@gw/store';
import { Histogram, Registry } from 'prom-client';

/** How far the read models trail the event store: time from an event's append to the projector applying it. */
export class ProjectionMetrics {
  readonly registry = new Registry();
  private readonly lag = new Histogram({
    name: 'projection_lag_seconds',
    help: 'Time from an event being appended to the projector applying it to the read models',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  constructor(private readonly clock: Clock) {}

  onApplied(event: StoredEvent): void {
    const seconds = (this.clock.now().getTime() - Date.parse(event.occurredAt)) / 1000;
    this.lag.observe(Math.max(0, seconds));
  }
}
