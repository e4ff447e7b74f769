import { streamIdOf, staticDepositTerms, type StaticAddressTerms, type StaticDeposit } from '@gw/domain';
import { chainNodeFor, uuidFrom } from '@gw/platform';
import type { ServiceContext } from './context';
import { staticAddressDocument } from './static-addresses';

/** A static address as the watcher knows it: its terms, and the id part of its stream. */
export interface WatchedStaticAddress extends StaticAddressTerms {
  id: string;
}

/** Where a deposit to a static address went: the payment it opened, or null when it was refused (revoked). */
export type StaticDepositOutcome = { credited: true; paymentId: number } | { credited: false };

/**
 * Records a deposit on its static address (credited while the address is open, refused after it was
 * revoked) and, credited, opens its payment. `paymentId` is the watcher's proposal, kept with the
 * deposit; the address's stream decides once, so a deposit reported again after a restart opens the
 * same payment, and the commands' ids, derived from the deposit, make every retry a replay.
 */
export async function settleStaticDeposit(
  ctx: Pick<ServiceContext, 'commands' | 'readModels' | 'rates' | 'config'>,
  address: WatchedStaticAddress,
  deposit: StaticDeposit & { paymentId: number; observedAt: string },
): Promise<StaticDepositOutcome> {
  const streamId = streamIdOf('static', address.id);
  const { observedAt, ...recorded } = deposit;
  const reply = await ctx.commands.send(
    streamId,
    address.merchantId,
    { type: 'RecordStaticDeposit', data: recorded, metadata: { now: observedAt } },
    `static-deposit:${deposit.depositId}`,
  );
  if (!reply.ok) throw new Error(`static deposit ${deposit.depositId} not recorded: ${reply.error.message}`);
  // Payments writes the address's document before it answers (read-your-writes): the decision is there.
  const document = await staticAddressDocument(ctx, address.id);
  const isThis = (record: { txHash: string; outputIndex: number | null; payCurrency: string }) =>
    record.txHash === deposit.txHash &&
    record.outputIndex === deposit.outputIndex &&
    record.payCurrency === deposit.payCurrency;
  const credited = document?.deposits.find(isThis);
  if (!credited) {
    if (document?.refusedDeposits.some(isThis)) return { credited: false };
    throw new Error(`static deposit ${deposit.depositId} has no outcome`);
  }
  const { paymentId } = credited;

  const coin = ctx.rates.current().findCryptoCurrency(deposit.payCurrency);
  const terms = staticDepositTerms(address, recorded, {
    paymentId,
    uuid: uuidFrom(`static-deposit:${deposit.depositId}`),
    createdAt: observedAt,
    payDecimals: coin.decimals,
    requiredConfirmations:
      chainNodeFor(ctx.config.chainWatchers, address.network)?.confirmations ?? coin.requiredConfirmations,
  });
  const created = await ctx.commands.send(
    streamIdOf('payment', paymentId),
    address.merchantId,
    { type: 'CreatePayment', data: terms, metadata: { now: observedAt } },
    `static-deposit-payment:${deposit.depositId}`,
  );
  // An earlier attempt that created it is answered from its stream (same command id), so a refusal here,
  // 'already exists' included, means the id is another payment's: crediting it would pay that payment.
  if (!created.ok)
    throw new Error(`payment of static deposit ${deposit.depositId} not created: ${created.error.message}`);
  return { credited: true, paymentId };
}
