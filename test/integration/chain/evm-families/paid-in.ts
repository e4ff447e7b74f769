import type { MerchantKeys } from '@gw/application';
import type { AnvilNode } from '../../../support/chain/anvil-node';
import type { EvmCoin } from '../../../support/chain/evm-coins';
import type { TokenSender } from '../../../support/chain/test-token';
import type { WatchingGateway } from '../../../support/chain/watched-chain';

/** A coin every family is paid in, as the specs are declared: its code, family A's names for it, who sends it. */
export interface CoinCase {
  code: string;
  /** `to_currency` and `network` of a family A payment in this coin. */
  alpha: Readonly<Record<string, string>>;
  /** Each sender the exact payment is made from: a label for the test name, and who sends. */
  senders: readonly (readonly [string, TokenSender])[];
  /** Family B invoice fields naming this coin; unset: 20 USD, which opens in the merchant's only coin. */
  beta?: Readonly<Record<string, unknown>>;
  /** The pay address's shape; unset: 20-byte `0x` hex. */
  address?: RegExp;
  /**
   * The wallet link (the QR code's content) of a payment of `units` to `address`; unset: EIP-681 on the
   * chain the watcher follows, naming the contract it watches.
   */
  walletLink?: (address: string, units: bigint) => string;
}

/** What a family's specs pay with once the file's gateway runs: read through a function, set in `beforeAll`. */
export interface PaidIn {
  node: AnvilNode;
  /** The gateway watching the node (a restart replaces `chain.gateway`). */
  chain: WatchingGateway;
  coin: EvmCoin;
  /** A merchant taking this coin only, into its own evm wallet. */
  merchant: MerchantKeys;
  requiredConfirmations: number;
  /** Lifecycle timings the exact payments measured, printed when the file ends. */
  figures: string[];
}
