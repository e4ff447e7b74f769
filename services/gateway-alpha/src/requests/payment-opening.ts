import { flagValue, type AlphaCreatePaymentInput } from '@gw/contracts/api/alpha';
import { isFinalStatus, type PaymentEvent, type PaymentTerms } from '@gw/domain';
import {
  openPayment,
  priceViewsOf,
  refusedLater,
  replayedPayment,
  type KeyedCreate,
  type PaymentIntake,
  type ServiceContext,
} from '@gw/application';
import { projectPayment, type MerchantDocument, type PaymentDocument } from '@gw/views';
import { alphaRefusal, unprocessable } from '@gw/families';
import type { OrderRegistry } from './order-registry';
import { alphaIntakeFrom, refreshedIntakeOf } from './payment-intake';

/**
 * POST /alpha/v1/payment, as upstream treats order_id: an open payment with the same order_id is
 * returned as it is; an expired one is opened again with `is_refresh`; after any other final status a
 * new payment is opened for the order.
 */
export async function openAlphaPayment(
  ctx: ServiceContext,
  orders: OrderRegistry,
  merchant: MerchantDocument,
  input: AlphaCreatePaymentInput,
  key: KeyedCreate | null = null,
): Promise<PaymentDocument> {
  return orders.exclusively(merchant.merchantId, input.order_id, async () => {
    // A keyed retry after a crash answers with the payment its first attempt opened, as it was opened.
    const replayed = await replayedPayment(ctx, key);
    if (replayed) return createdDocument(replayed, 1);
    const existing = await orders.latest(merchant.merchantId, input.order_id);
    if (existing && !isFinalStatus(existing.status)) return existing;
    const refresh = existing?.status === 'expired' && flagValue(input.is_refresh, false);
    const intake = refresh
      ? refreshedIntakeOf(existing)
      : alphaIntakeFrom(input, merchant, priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()), ctx.config);
    return open(ctx, intake, key);
  });
}

/** The answer is built from the terms just accepted, which saves reading the document payments wrote. */
async function open(
  ctx: ServiceContext,
  intake: PaymentIntake,
  key: KeyedCreate | null,
): Promise<PaymentDocument> {
  const { terms, reply } = await refusedLater(
    (refusal) => alphaRefusal(refusal, 'to_currency'),
    () => openPayment(ctx, intake, key),
  );
  if (!reply.ok) throw unprocessable(reply.error.message);
  return createdDocument(terms, reply.version);
}

function createdDocument(terms: PaymentTerms, version: number): PaymentDocument {
  const created: PaymentEvent = { type: 'PaymentCreated', data: terms };
  const document = projectPayment(null, created, version);
  if (!document) throw new Error('a PaymentCreated event always projects to a payment');
  return document;
}
