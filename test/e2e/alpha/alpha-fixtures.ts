import { streamIdOf, type PaymentTerms } from '@gw/domain';
import { createMerchant, type MerchantKeys } from '@gw/application';
import { COLLECTIONS, type MerchantDocument, type PaymentDocument } from '@gw/views';
import type { TestGateway } from '../../support/gateway';

/** The read-model row behind a uuid (or a V1 payment id), polled until the projector has written it. */
export async function storedPayment(
  gateway: TestGateway,
  key: string | number,
  timeoutMs = 5_000,
): Promise<PaymentDocument> {
  const payments = gateway.gateway.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payment =
      typeof key === 'number' ? await payments.get(String(key)) : await payments.findOne({ uuid: key });
    if (payment) return payment;
    if (Date.now() > deadline) throw new Error(`payment ${key} never reached the read model`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The terms payments recorded when the payment was created. */
export async function createdTerms(gateway: TestGateway, paymentId: number): Promise<PaymentTerms> {
  const [created] = await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', paymentId));
  if (!created || created.type !== 'PaymentCreated')
    throw new Error(`payment ${paymentId} has no PaymentCreated event`);
  return created.data as unknown as PaymentTerms;
}

/** Moves a payment to a final status the way the scheduler or an operator would, through a command. */
export async function finalise(
  gateway: TestGateway,
  payment: PaymentDocument,
  how: 'expire' | 'fail',
): Promise<void> {
  const reply = await gateway.gateway.ctx.commands.send(
    streamIdOf('payment', payment.paymentId),
    payment.merchantId,
    how === 'expire'
      ? {
          type: 'ExpirePayment',
          data: {},
          metadata: { now: new Date(Date.parse(payment.expiresAt) + 1_000).toISOString() },
        }
      : { type: 'FailPayment', data: { reason: 'e2e' } },
  );
  if (!reply.ok) throw new Error(`${how} was refused: ${reply.error.message}`);
}

/** Waits until the merchant is in the read model its keys are checked against (it follows the command). */
export async function readyMerchant(
  gateway: TestGateway,
  keys: MerchantKeys,
  timeoutMs = 5_000,
): Promise<MerchantKeys> {
  const merchants = gateway.gateway.ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  const deadline = Date.now() + timeoutMs;
  while (!(await merchants.get(keys.merchantId))) {
    if (Date.now() > deadline) throw new Error(`merchant ${keys.merchantId} never reached the read model`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return keys;
}

export async function newMerchant(
  gateway: TestGateway,
  name: string,
  enabledCoins: string[] | null = null,
): Promise<MerchantKeys> {
  return readyMerchant(gateway, await createMerchant(gateway.gateway.ctx, { name, enabledCoins }));
}
