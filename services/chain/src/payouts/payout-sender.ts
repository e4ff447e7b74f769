import { fakeTxHash } from '@gw/chain';
import type { Amount } from '@gw/domain';

/** What the merchant is owed for one payment, after the service fee. */
export interface PayoutOrder {
  paymentId: number;
  merchantId: string;
  network: string;
  currency: string;
  amount: Amount;
  /**
   * The same for every attempt at one payout. An adapter that moves real money must broadcast at most
   * once per key and answer a repeated key with the first broadcast's hash.
   */
  idempotencyKey: string;
}

/**
 * The port where the merchant's money leaves: a wallet or custody adapter signs and broadcasts the
 * payout to the merchant's payout address and returns the transaction hash.
 */
export interface PayoutSender {
  send(order: PayoutOrder): Promise<{ payoutHash: string }>;
}

/** The sandbox's wallet: nothing is broadcast; the hash is shaped like the network's. */
export class SandboxPayoutSender implements PayoutSender {
  async send(order: PayoutOrder): Promise<{ payoutHash: string }> {
    return { payoutHash: fakeTxHash(order.network) };
  }
}
