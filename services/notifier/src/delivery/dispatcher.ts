import type { Cache } from '@gw/cache';
import { SpanKind, traceContextOf, TRACEPARENT, withSpan, type Clock } from '@gw/platform';
import type { Logger } from 'pino';
import type { PostResult, WebhookPost } from '../http/webhook-client';
import type { DeliveryLog } from '../log/delivery-log';
import type { Delivery } from './delivery';
import { DueHeap } from './due-heap';
import { afterAttempt, logEventOf, whenPending, type DeliveryStep } from './process-manager';
import type { RetryPolicy } from './retry-policy';

export interface DispatcherLimits {
  /** Attempts in flight across every destination. */
  maxInFlight: number;
  /** Attempts in flight to one host:port, so one slow merchant cannot take every slot. */
  maxInFlightPerHost: number;
  /** Longest real-time sleep between looks at the clock (bounds lateness under a manual clock). */
  maxSleepMs: number;
  /** How often pending deliveries are re-read from the log (deliveries recorded by other replicas). */
  syncIntervalMs: number;
}

export interface DispatcherDeps {
  log: DeliveryLog;
  post: (request: WebhookPost) => Promise<PostResult>;
  clock: Clock;
  cache: Cache;
  logger: Logger;
  policy: RetryPolicy;
  random: () => number;
  limits: DispatcherLimits;
  instanceId: string;
  /** Called after every HTTP attempt with the step it led to (metrics). */
  onAttempt?: (delivery: Delivery, result: PostResult, step: DeliveryStep) => void;
  /** Called once a delivery is delivered or dead (metrics, tests). */
  onSettled?: (delivery: Delivery) => void;
}

export const DISPATCH_LEASE = 'notifier-dispatch';
const RETRY_AFTER_LOG_FAILURE_MS = 5_000;

/**
 * Carries out the delivery process manager's steps. One queue per payment, in status-change order:
 * only its head may be in flight or waiting for a retry, so a later status never overtakes an earlier
 * one. Heads that are due wait in a FIFO per destination host, and hosts are served round-robin
 * within per-host and global limits, so a slow or dead merchant delays nobody else. Timers are due
 * times on the injected clock; the pending set is rebuilt from the durable log whenever this instance
 * takes the dispatch lease (start-up, restart, fail-over), which is how retries survive restarts.
 */
export class Dispatcher {
  private readonly queues = new Map<number, Delivery[]>();
  private readonly known = new Set<string>();
  private readonly sending = new Map<string, Promise<void>>();
  private readonly sendingPayments = new Set<number>();
  private readonly hostInFlight = new Map<string, number>();
  private readonly ready = new Map<string, number[]>();
  private readonly readySet = new Set<number>();
  private readonly waiting = new DueHeap<number>();
  private readonly waitingAt = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private lastSync = -Infinity;
  private holdsLease = false;
  private stopped = true;

  constructor(private readonly deps: DispatcherDeps) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.sending.values());
    if (this.holdsLease)
      await this.deps.cache.releaseLease(DISPATCH_LEASE, this.deps.instanceId).catch(() => undefined);
    this.holdsLease = false;
  }

  /** Takes a newly scheduled (or redelivered) pending delivery; one already queued is ignored. */
  enqueue(delivery: Delivery): void {
    if (
      this.stopped ||
      !this.holdsLease ||
      delivery.state !== 'pending' ||
      this.known.has(delivery.deliveryId)
    )
      return;
    this.known.add(delivery.deliveryId);
    const queue = this.queues.get(delivery.paymentId) ?? [];
    const at = queue.findIndex((queued) => queued.eventVersion > delivery.eventVersion);
    queue.splice(at === -1 ? queue.length : at, 0, delivery);
    this.queues.set(delivery.paymentId, queue);
    this.consider(delivery.paymentId);
    this.pump();
  }

  /** Deliveries queued or in flight, for tests and metrics. */
  get backlog(): number {
    return this.known.size;
  }

  private consider(paymentId: number): void {
    const head = this.queues.get(paymentId)?.[0];
    if (!head) {
      this.queues.delete(paymentId);
      return;
    }
    if (this.sendingPayments.has(paymentId) || this.readySet.has(paymentId)) return;
    const step = whenPending(head, this.deps.clock.now());
    if (step.kind === 'Send') {
      this.waitingAt.delete(paymentId);
      const host = hostOf(head.url);
      const fifo = this.ready.get(host) ?? [];
      fifo.push(paymentId);
      this.ready.set(host, fifo);
      this.readySet.add(paymentId);
    } else if (step.kind === 'Schedule') {
      const at = Date.parse(step.at);
      if (this.waitingAt.get(paymentId) === at) return;
      this.waitingAt.set(paymentId, at);
      this.waiting.push(at, paymentId);
      this.arm(at);
    }
  }

  /** Starts as many due heads as the limits allow, one host after another. */
  private pump(): void {
    const { maxInFlight, maxInFlightPerHost } = this.deps.limits;
    let progressed = true;
    while (progressed && !this.stopped && this.sending.size < maxInFlight) {
      progressed = false;
      for (const [host, fifo] of this.ready) {
        if (this.sending.size >= maxInFlight) break;
        if ((this.hostInFlight.get(host) ?? 0) >= maxInFlightPerHost) continue;
        const paymentId = fifo.shift();
        if (fifo.length === 0) this.ready.delete(host);
        else {
          // Round-robin: the host just served goes to the back of the line.
          this.ready.delete(host);
          this.ready.set(host, fifo);
        }
        if (paymentId === undefined) continue;
        this.readySet.delete(paymentId);
        const head = this.queues.get(paymentId)?.[0];
        if (!head || this.sendingPayments.has(paymentId)) continue;
        this.send(head, host);
        progressed = true;
      }
    }
  }

  private send(delivery: Delivery, host: string): void {
    this.hostInFlight.set(host, (this.hostInFlight.get(host) ?? 0) + 1);
    this.sendingPayments.add(delivery.paymentId);
    let hostReleased = false;
    // The host's slot is free once its HTTP exchange is over; recording the outcome needs no connection.
    const releaseHost = () => {
      if (hostReleased) return;
      hostReleased = true;
      const left = (this.hostInFlight.get(host) ?? 1) - 1;
      if (left > 0) this.hostInFlight.set(host, left);
      else this.hostInFlight.delete(host);
      this.pump();
    };
    const work = this.attempt(delivery, releaseHost).finally(() => {
      releaseHost();
      this.sending.delete(delivery.deliveryId);
      this.sendingPayments.delete(delivery.paymentId);
      this.consider(delivery.paymentId);
      this.pump();
    });
    this.sending.set(delivery.deliveryId, work);
  }

  private async attempt(delivery: Delivery, httpDone: () => void): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const result = await withSpan(
      `webhook ${delivery.family}`,
      {
        kind: SpanKind.CLIENT,
        parent: traceContextOf({ [TRACEPARENT]: delivery.traceparent }),
        attributes: { 'webhook.delivery_id': delivery.deliveryId, 'webhook.status': delivery.webhookStatus },
      },
      async (span) => {
        const posted = await this.deps.post({
          url: delivery.url,
          body: delivery.body,
          headers: delivery.headers,
        });
        if (posted.statusCode !== null) span.setAttribute('http.response.status_code', posted.statusCode);
        return posted;
      },
    );
    httpDone();
    const step = afterAttempt(delivery, { ...result, at }, this.deps.policy, this.deps.random);
    this.deps.onAttempt?.(delivery, result, step);
    const event = logEventOf(step);
    if (!event) return;
    // Located by id: a redelivered earlier status may have been queued in front while this one was out.
    const replace = (next: Delivery | null) => {
      const queue = this.queues.get(delivery.paymentId) ?? [];
      const index = queue.findIndex((queued) => queued.deliveryId === delivery.deliveryId);
      if (index === -1) return;
      if (next) queue[index] = next;
      else queue.splice(index, 1);
    };
    try {
      const updated = await this.deps.log.append(event);
      if (updated.state === 'pending') {
        replace(updated);
        return;
      }
      replace(null);
      this.known.delete(updated.deliveryId);
      if (updated.state === 'dead') {
        this.deps.logger.warn(
          { deliveryId: updated.deliveryId, reason: updated.deadReason },
          'webhook dead-lettered',
        );
      }
      this.deps.onSettled?.(updated);
    } catch (error) {
      // The attempt's outcome is not durable: try again later; a restart would redo it from the log anyway.
      this.deps.logger.error(
        { err: error, deliveryId: delivery.deliveryId },
        'could not record a webhook attempt',
      );
      replace({
        ...delivery,
        nextAttemptAt: new Date(this.deps.clock.now().getTime() + RETRY_AFTER_LOG_FAILURE_MS).toISOString(),
      });
    }
  }

  private arm(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    const delay = Math.min(Math.max(0, at - this.deps.clock.now().getTime()), this.deps.limits.maxSleepMs);
    this.setTimer(delay);
  }

  private setTimer(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = this.deps.clock.now().getTime() + delayMs;
    this.timer = setTimeout(() => {
      this.timerAt = Infinity;
      this.tick().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'webhook dispatcher tick failed'),
      );
    }, delayMs);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const now = this.deps.clock.now().getTime();
    if (Date.now() - this.lastSync >= this.deps.limits.syncIntervalMs) {
      this.lastSync = Date.now();
      await this.sync();
    }
    while (this.waiting.size > 0 && this.waiting.peek()!.at <= now) {
      const { at, key } = this.waiting.pop()!;
      if (this.waitingAt.get(key) !== at) continue;
      this.waitingAt.delete(key);
      this.consider(key);
    }
    this.pump();
    if (this.stopped) return;
    const next = this.waiting.peek()?.at;
    const delay =
      next === undefined
        ? this.deps.limits.maxSleepMs
        : Math.min(Math.max(0, next - now), this.deps.limits.maxSleepMs);
    this.setTimer(delay);
  }

  /** Holds (or takes) the dispatch lease and merges the log's pending deliveries; drops everything on losing it. */
  private async sync(): Promise<void> {
    const ttl = 3 * this.deps.limits.syncIntervalMs;
    const held = await this.deps.cache
      .acquireLease(DISPATCH_LEASE, this.deps.instanceId, ttl)
      .catch(() => false);
    if (!held) {
      if (this.holdsLease) this.forgetQueued();
      this.holdsLease = false;
      return;
    }
    this.holdsLease = true;
    for (const delivery of await this.deps.log.pending()) this.enqueue(delivery);
  }

  private forgetQueued(): void {
    for (const [paymentId, queue] of this.queues) {
      const inFlight = queue.filter((queued) => this.sending.has(queued.deliveryId));
      for (const dropped of queue) if (!inFlight.includes(dropped)) this.known.delete(dropped.deliveryId);
      if (inFlight.length > 0) this.queues.set(paymentId, inFlight);
      else this.queues.delete(paymentId);
    }
    this.ready.clear();
    this.readySet.clear();
    this.waiting.clear();
    this.waitingAt.clear();
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return 'invalid-url';
  }
}
