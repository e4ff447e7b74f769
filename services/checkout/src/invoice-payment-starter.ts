import { setTimeout as sleep } from 'node:timers/promises';
import { streamIdOf } from '@gw/domain';
import { sha256Hex } from '@gw/platform';
import {
  CommandTimeoutError,
  admitOrRefuse,
  priceViewsOf,
  admittedIntakeTerms,
  invoicePaymentTerms,
  invoicePaymentRequest,
  openPayment,
  refusedLater,
  type PaymentIntake,
  type ServiceContext,
} from '@gw/application';
import type { InvoiceDocument, MerchantDocument } from '@gw/views';
import type { CryptoCurrency } from '@gw/pricing';

const PICK_TTL_MS = 24 * 60 * 60 * 1000;
const LOCK_TTL_MS = 60_000;
const POLL_MS = 25;

/** Admission or payments refused the payment (not a timeout): the page says so instead of pretending. */
export class PaymentRefusedError extends Error {
  override readonly name = 'PaymentRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface StartOptions {
  /** How long a duplicate submit waits for the first one. */
  waitMs?: number;
}

/**
 * Turns the buyer's pick on an invoice page into the invoice's payment. A pick is identified by the
 * page's attempt token and the chosen coin: a double click, a re-sent form or a back-and-resubmit all
 * land on the same payment (a cache lock and the remembered uuid), while picking another coin opens a
 * new one. Returns the payment's uuid; the page it redirects to exists, since payments writes the
 * payment's read model before it acknowledges the create.
 */
export class InvoicePaymentStarter {
  private readonly waitMs: number;

  constructor(
    private readonly ctx: ServiceContext,
    options: StartOptions = {},
  ) {
    this.waitMs = options.waitMs ?? Math.max(ctx.config.requestTimeoutMs, 5_000);
  }

  async start(
    invoice: InvoiceDocument,
    merchant: MerchantDocument,
    pay: CryptoCurrency,
    attempt: string,
  ): Promise<string> {
    const slot = `checkout:pick:${sha256Hex(`${invoice.invoiceId}\n${attempt}\n${pay.code}`)}`;
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const known = await this.ctx.cache.get(slot);
      if (known) return known;
      if (await this.ctx.cache.setIfAbsent(`${slot}:lock`, '1', LOCK_TTL_MS)) {
        try {
          const uuid = await this.open(invoice, merchant, pay);
          await this.ctx.cache.set(slot, uuid, PICK_TTL_MS);
          return uuid;
        } finally {
          await this.ctx.cache.delete(`${slot}:lock`);
        }
      }
      if (Date.now() >= deadline)
        throw new CommandTimeoutError('the first submit of this pick is still running');
      await sleep(POLL_MS);
    }
  }

  private async open(
    invoice: InvoiceDocument,
    merchant: MerchantDocument,
    pay: CryptoCurrency,
  ): Promise<string> {
    const { terms, reply } = await refusedLater(
      (refusal, message) => new PaymentRefusedError(refusal.code, message),
      () => openPayment(this.ctx, this.intakeOf(invoice, merchant, pay)),
    );
    if (!reply.ok) throw new PaymentRefusedError(reply.error.code, reply.error.message);
    const started = await this.ctx.commands.send(
      streamIdOf('invoice', invoice.invoiceId),
      invoice.merchantId,
      {
        type: 'StartInvoicePayment',
        data: { paymentId: terms.paymentId, payCurrency: terms.payCurrency },
      },
    );
    // The payment carries invoice_id, which is what GET /v1/invoice-payment reads; the invoice's own list is secondary.
    if (!started.ok) {
      this.ctx.logger.warn(
        { invoiceId: invoice.invoiceId, error: started.error },
        'invoice did not record its payment',
      );
    }
    return terms.uuid;
  }

  /** The same terms POST /v1/invoice-payment gives a payment: the invoice fixes price, callback and redirects. */
  private intakeOf(invoice: InvoiceDocument, merchant: MerchantDocument, pay: CryptoCurrency): PaymentIntake {
    const admitted = admitOrRefuse(
      invoicePaymentRequest(invoice, pay.code, this.ctx.config.paymentLifetimeMinutes * 60),
      merchant,
      this.ctx.config,
      priceViewsOf(this.ctx.rates, this.ctx.config, this.ctx.clock.now()),
      (refusal, message) => new PaymentRefusedError(refusal.code, message),
    );
    return { ...invoicePaymentTerms(invoice), ...admittedIntakeTerms(admitted) };
  }
}
