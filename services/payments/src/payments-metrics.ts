import type { Clock } from '@gw/platform';
import type { Commit, EventStore, StoredEvent } from '@gw/store';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { paymentTransitions } from './payment-transitions';

const secondsBetween = (from: string, to: Date) => Math.max(0, (to.getTime() - Date.parse(from)) / 1000);

/**
 * The write side's metrics: payments created and the statuses they enter, by family and network, counted
 * once per append; how long commits wait in the outbox before the relay publishes them; commits set
 * aside (quarantined); and, read at scrape time, the age of the oldest commit still waiting and how
 * many commits are quarantined.
 */
export class PaymentsMetrics {
  readonly registry = new Registry();
  private readonly created = new Counter({
    name: 'payments_created_total',
    help: 'Payments created, by family and pay network',
    labelNames: ['family', 'network'] as const,
    registers: [this.registry],
  });
  private readonly statusChanges = new Counter({
    name: 'payment_status_changes_total',
    help: 'Payments that entered a status, by family, pay network and the status entered',
    labelNames: ['family', 'network', 'status'] as const,
    registers: [this.registry],
  });
  private readonly publishDelay = new Histogram({
    name: 'outbox_publish_delay_seconds',
    help: 'Time from an event being appended to the outbox relay publishing it on payments.events',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  private readonly quarantines = new Counter({
    name: 'outbox_quarantines_total',
    help: 'Times the outbox relay set a commit aside because payments.events would refuse it',
    registers: [this.registry],
  });

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {
    const { store: outbox, clock: now } = this;
    new Gauge({
      name: 'outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest commit the outbox relay has not published yet; 0 when the outbox is empty',
      registers: [this.registry],
      async collect() {
        const [oldest] = await outbox.unpublishedCommits(1);
        const appendedAt = oldest?.events[0]?.occurredAt;
        this.set(appendedAt ? secondsBetween(appendedAt, now.now()) : 0);
      },
    });
    new Gauge({
      name: 'outbox_quarantined_commits',
      help: 'Commits set aside because they cannot be published; each holds back the later commits of its stream',
      registers: [this.registry],
      async collect() {
        this.set((await outbox.quarantinedCommits()).length);
      },
    });
  }

  onQuarantined(): void {
    this.quarantines.inc();
  }

  onAppended(history: readonly StoredEvent[], appended: readonly StoredEvent[]): void {
    const transitions = paymentTransitions(history, appended);
    if (!transitions) return;
    const { family, network } = transitions;
    if (transitions.created) this.created.inc({ family, network });
    for (const status of transitions.entered) this.statusChanges.inc({ family, network, status });
  }

  onPublished(commits: readonly Commit[]): void {
    const now = this.clock.now();
    for (const commit of commits) {
      const appendedAt = commit.events[0]?.occurredAt;
      if (appendedAt) this.publishDelay.observe(secondsBetween(appendedAt, now));
    }
  }
}
