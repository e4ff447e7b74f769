import type { MessageBus } from '@gw/bus';
import type { Cache } from '@gw/cache';
import type { Clock, GatewayConfig, RateLimitRefusals, SecretBox } from '@gw/platform';
import type { OutboxQuarantine, ReadModelStore } from '@gw/store';
import type { StreamHistory } from '@gw/views';
import type { Logger } from 'pino';
import type { CommandClient } from './command-client';
import type { PayAddressSource } from './pay-addresses';
import type { RatesSource } from './rates-source';

/**
 * What a service is built from. In the all-in-one process every service shares one context; a
 * service running alone builds its own from the same configuration. It holds no event store: services
 * read the read models, and only payments (the writer) and the projector are handed the store, by the
 * composition root (apps/gateway).
 */
export interface ServiceContext {
  config: GatewayConfig;
  logger: Logger;
  clock: Clock;
  bus: MessageBus;
  readModels: ReadModelStore;
  /** The events of payment and invoice streams, for what a document alone cannot say (StreamHistory). */
  history: StreamHistory;
  /** The outbox's quarantine, for the operator's outbox pages: commits set aside and their release. */
  outbox: OutboxQuarantine;
  cache: Cache;
  /** Where Idempotency-Key answers are kept; they outlive restarts and crashes for their 24 hours. */
  idempotencyRecords: Cache;
  secrets: SecretBox;
  commands: CommandClient;
  rates: RatesSource;
  /** What every family's rate limiter in the process refused (metrics). */
  rateLimitRefusals: RateLimitRefusals;
  /** Every new payment's pay address: the merchant's wallet, or the sandbox's while it is on. */
  addresses: PayAddressSource;
}
