import { streamIdOf } from '@gw/domain';
import type { PaidIn } from './paid-in';

/** The payment's events in the event store once one of `type` is there (a restart leaves the event log behind). */
export async function storedUntil(p: PaidIn, paymentId: number, type: string) {
  for (;;) {
    const stream = await p.chain.gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', paymentId));
    if (stream.some((e) => e.type === type)) return stream;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Pays `units` to `address` and mines the required blocks; resolves with the tx hash once the payment finished. */
export async function payToFinish(
  p: PaidIn,
  paymentId: number,
  address: string,
  units: bigint,
): Promise<string> {
  const txHash = await p.coin.pay(address, units);
  await p.chain.events.until(paymentId, 'PaymentConfirming');
  await p.node.mine(p.requiredConfirmations - 1);
  await p.chain.events.until(paymentId, 'PaymentFinished');
  return txHash;
}

/**
 * Pays `units` to `address`, lets one more block confirm it, then `anvil_reorg` replaces both blocks with
 * empty ones: the deposit loses its confirmations and the payment must not finish. The same signed
 * transaction is sent again (as a node re-includes a dropped one) and mined on the new branch; resolves
 * with its hash once the payment finished, after the loss, counted once.
 */
export async function payThroughReorganisation(
  p: PaidIn,
  paymentId: number,
  address: string,
  units: bigint,
): Promise<string> {
  const signed = await p.coin.sign(address, units);
  const txHash = await p.node.broadcast(signed);
  await p.chain.events.until(paymentId, 'PaymentConfirming');
  await p.node.mine(1);
  await p.chain.events.until(paymentId, 'DepositConfirmationsUpdated');
  await p.node.reorg(2);
  const lost = await p.chain.events.until(paymentId, 'DepositConfirmationsLost');
  expect(lost.at(-1)!.data).toMatchObject({ txHash, confirmations: 0 });
  expect(p.chain.events.typesOf(paymentId)).not.toContain('PaymentConfirmed');

  expect(await p.node.broadcast(signed)).toBe(txHash);
  await p.node.mine(p.requiredConfirmations - 1);
  const types = (await p.chain.events.until(paymentId, 'PaymentFinished')).map((e) => e.type);
  expect(types.indexOf('DepositConfirmationsLost')).toBeLessThan(types.indexOf('PaymentConfirmed'));
  expect(types.filter((t) => t === 'DepositDetected')).toHaveLength(1);
  return txHash;
}

/**
 * Pays `units` to `address`; once the payment is confirming the whole gateway stops, the required blocks
 * are mined while it is down, and it starts again on the same data directory. Resolves with the tx hash
 * once the payment finished, its deposit counted once.
 */
export async function payThroughRestart(
  p: PaidIn,
  paymentId: number,
  address: string,
  units: bigint,
): Promise<string> {
  const txHash = await p.coin.pay(address, units);
  await p.chain.events.until(paymentId, 'PaymentConfirming');
  await p.chain.restartGateway(() => p.node.mine(p.requiredConfirmations));
  const stream = await storedUntil(p, paymentId, 'PaymentFinished');
  expect(stream.filter((e) => e.type === 'DepositDetected')).toHaveLength(1);
  return txHash;
}
