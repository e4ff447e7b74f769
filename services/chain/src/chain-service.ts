import { eventMessageOf, eventTypeAmong, TOPICS } from '@gw/contracts';
import type { Subscription } from '@gw/bus';
import type { Amount } from '@gw/domain';
import { MerchantDirectory, type Service, type ServiceContext } from '@gw/application';
import type { Router } from 'express';
import { CASE_WALKER_EVENT_TYPES, CaseWalker } from './cases/case-walker';
import { PayoutSettlement } from './payouts/payout-settlement';
import { SETTLEMENT_EVENT_TYPES } from './payouts/settlement';
import { SandboxPayoutSender, type PayoutSender } from './payouts/payout-sender';
import { SandboxLedger } from './sandbox/ledger';
import { SandboxChain } from './sandbox/sandbox-chain';
import { createSandboxRouter } from './sandbox/sandbox-router';
import { ChainWatchers } from './watchers/chain-watchers';

export interface ChainServiceOptions {
  /** Pause between the steps of a sandbox `case` walk. Default 1 s; tests pass 0. */
  caseStepDelayMs?: number;
  /** Where payouts are broadcast. Default: the sandbox wallet, which only invents a hash. */
  payoutSender?: PayoutSender;
  serviceFeePercent?: Amount;
}

export interface ChainService extends Service {
  /** The sandbox `case` walker, when the sandbox is enabled. */
  readonly caseWalker: CaseWalker | undefined;
  /** One watcher per network whose node is configured. */
  readonly chainWatchers: ChainWatchers;
}

export const PAYOUTS_GROUP = 'chain.payouts';
export const SANDBOX_CASES_GROUP = 'chain.sandbox-cases';

/**
 * The chain side of the gateway: payout settlement for every confirmed payment (always), a watcher per
 * network whose node is configured, and, when the sandbox is enabled, the simulated chain: the tester
 * API under /sandbox/v1 and the `case` walks.
 */
export function createChainService(ctx: ServiceContext, options: ChainServiceOptions = {}): ChainService {
  const { logger } = ctx;
  const settlement = new PayoutSettlement({
    commands: ctx.commands,
    sender: options.payoutSender ?? new SandboxPayoutSender(),
    rates: ctx.rates,
    logger,
    serviceFeePercent: options.serviceFeePercent,
  });
  const sandboxEnabled = ctx.config.sandboxEnabled;
  const ledger = new SandboxLedger(ctx.readModels);
  const chain = new SandboxChain(ctx.bus, ledger, ctx.clock);
  const caseWalker = sandboxEnabled
    ? new CaseWalker({
        chain,
        ledger,
        readModels: ctx.readModels,
        commands: ctx.commands,
        logger,
        stepDelayMs: options.caseStepDelayMs ?? 1_000,
      })
    : undefined;
  const router: Router | undefined = sandboxEnabled
    ? createSandboxRouter({
        chain,
        ledger,
        readModels: ctx.readModels,
        directory: new MerchantDirectory(ctx.readModels, ctx.secrets),
        logger,
        bodyLimitBytes: ctx.config.bodyLimitBytes,
      })
    : undefined;
  const chainWatchers = new ChainWatchers(ctx, logger);
  const subscriptions: Subscription[] = [];

  return {
    name: 'chain',
    router,
    caseWalker,
    chainWatchers,
    metrics: chainWatchers.watchers.length > 0 ? chainWatchers.metrics : undefined,
    async start() {
      subscriptions.push(
        await ctx.bus.subscribe(
          {
            topics: [TOPICS.events],
            groupId: PAYOUTS_GROUP,
            fromBeginning: true,
            accepts: eventTypeAmong(SETTLEMENT_EVENT_TYPES),
          },
          (message) => settlement.handle(eventMessageOf(message.value)),
        ),
      );
      if (caseWalker) {
        await ledger.ensureIndexes();
        subscriptions.push(
          await ctx.bus.subscribe(
            {
              topics: [TOPICS.events],
              groupId: SANDBOX_CASES_GROUP,
              fromBeginning: true,
              accepts: eventTypeAmong(CASE_WALKER_EVENT_TYPES),
            },
            async (message) => caseWalker.onEvent(eventMessageOf(message.value)),
          ),
        );
      }
      await chainWatchers.start();
    },
    async stop() {
      await chainWatchers.stop();
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await caseWalker?.stop();
    },
  };
}
