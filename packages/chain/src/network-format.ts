/** Everything packages/chain knows about one address format. */
export interface NetworkFormat {
  /** A pay address for fresh random key material; the private half is never kept. */
  generateAddress(): string;
  isValidAddress(address: string): boolean;
  /** A random transaction hash written the way the network's explorers write it. */
  fakeTxHash(): string;
}
