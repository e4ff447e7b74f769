/** What payloads need from the currency catalogue, as a port so payload builders stay pure. */
export interface CurrencyFacts {
  /** `amount` of `currency` in USD, as a decimal string. */
  usdValue(amount: string, currency: string): string;
  /** Upper-case ticker (USDT for usdttrc20) and network display name of a currency. */
  describe(code: string): { ticker: string; networkName: string };
}
