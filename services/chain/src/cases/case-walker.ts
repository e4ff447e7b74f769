import { setTimeout as sleep } from 'node:timers/promises';
import { fakeTxHash } from '@gw/chain';
import type { EventMessage } from '@gw/contracts';
import { isFinalStatus, streamIdOf, type PaymentTerms, type SandboxCase } from '@gw/domain';
import type { CommandClient } from '@gw/application';
import type { ReadModelStore } from '@gw/store';
import { COLLECTIONS, type PaymentDocument } from '@gw/views';
import type { Logger } from 'pino';
import type { SandboxLedger } from '../sandbox/ledger';
import type { SandboxChain } from '../sandbox/sandbox-chain';
import { planCaseWalk, type CaseStep } from './case-plan';

export interface CaseWalkerDeps {
  chain: SandboxChain;
  ledger: SandboxLedger;
  readModels: ReadModelStore;
  commands: CommandClient;
  logger: Logger;
  /** Pause between steps, so a tester watching the payment sees each status. */
  stepDelayMs: number;
  /** How long the fail step waits for the payment to record the deposit before failing it anyway. */
  depositWaitMs?: number;
}

export const caseFailCommandId = (paymentId: number): string => `sandbox-case-fail:${paymentId}`;

const DEPOSIT_POLL_MS = 25;

/** The event types the walker acts on: its consumer group skips the others undecoded (`accepts`). */
export const CASE_WALKER_EVENT_TYPES: readonly string[] = ['PaymentCreated'];

/**
 * Walks payments created with a sandbox `case` through their scenario, in the background so one slow
 * walk never holds up the events of other payments. Safe under redelivery: the walk reuses the
 * transaction it already put on the ledger for the payment, the chain re-reports it with confirmations
 * that never go down, and the fail command has an id derived from the payment.
 */
export class CaseWalker {
  private readonly walks = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: CaseWalkerDeps) {}

  /** Starts the walk for a newly created case payment; any other event is not the walker's business. */
  onEvent(event: EventMessage): void {
    if (!CASE_WALKER_EVENT_TYPES.includes(event.type) || this.abort.signal.aborted) return;
    const terms = event.data as unknown as PaymentTerms;
    const sandboxCase = terms.sandboxCase;
    // A payment to a merchant's own wallet is paid on its real chain only, whatever its `case` says.
    if (!sandboxCase || terms.testPayment === false || this.walks.has(terms.paymentId)) return;
    const walk = this.walk(terms, sandboxCase)
      .catch((error: unknown) => {
        if (!this.abort.signal.aborted)
          this.deps.logger.error({ err: error, paymentId: terms.paymentId }, 'sandbox case walk failed');
      })
      .finally(() => this.walks.delete(terms.paymentId));
    this.walks.set(terms.paymentId, walk);
  }

  /** Resolves when every walk in progress is done; for tests and for draining. */
  async idle(): Promise<void> {
    while (this.walks.size > 0) await Promise.all(this.walks.values());
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.walks.values());
  }

  private async walk(terms: PaymentTerms, sandboxCase: SandboxCase): Promise<void> {
    const current = await this.payments.get(String(terms.paymentId));
    if (current && isFinalStatus(current.status)) return;
    const txHash = await this.caseTxHash(terms);
    const steps = planCaseWalk(sandboxCase, terms);
    for (const [index, step] of steps.entries()) {
      if (index > 0) await sleep(this.deps.stepDelayMs, undefined, { signal: this.abort.signal });
      await this.run(step, terms, txHash);
    }
  }

  private async run(step: CaseStep, terms: PaymentTerms, txHash: string): Promise<void> {
    if (step.kind === 'deposit') {
      await this.deps.chain.broadcast({
        target: {
          paymentId: terms.paymentId,
          merchantId: terms.merchantId,
          payAddress: terms.payAddress,
          payNetwork: terms.payNetwork,
        },
        txHash,
        amount: step.amount,
        fromAddress: null,
        confirmations: step.confirmations,
        source: 'case',
      });
      return;
    }
    // The deposit travels on chain.deposits and the fail command on payments.commands; waiting keeps
    // the scenario in its order (paid, then failed) instead of racing the two topics.
    await this.depositRecorded(terms.paymentId, txHash);
    const reply = await this.deps.commands.send(
      streamIdOf('payment', terms.paymentId),
      terms.merchantId,
      { type: 'FailPayment', data: { reason: step.reason } },
      caseFailCommandId(terms.paymentId),
    );
    if (!reply.ok)
      this.deps.logger.warn(
        { paymentId: terms.paymentId, error: reply.error },
        'sandbox case could not fail the payment',
      );
  }

  private async caseTxHash(terms: PaymentTerms): Promise<string> {
    const onLedger = await this.deps.ledger.forPayment(terms.paymentId);
    return onLedger.find((tx) => tx.source === 'case')?.txHash ?? fakeTxHash(terms.payNetwork);
  }

  private async depositRecorded(paymentId: number, txHash: string): Promise<void> {
    const deadline = Date.now() + (this.deps.depositWaitMs ?? 10_000);
    while (Date.now() < deadline) {
      const payment = await this.payments.get(String(paymentId));
      if (payment && (payment.payinHash === txHash || payment.status !== 'waiting')) return;
      await sleep(DEPOSIT_POLL_MS, undefined, { signal: this.abort.signal });
    }
    this.deps.logger.warn(
      { paymentId, txHash },
      'sandbox case deposit not recorded in time; failing the payment anyway',
    );
  }

  private get payments() {
    return this.deps.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  }
}
