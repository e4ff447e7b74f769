/**
 * Every word a buyer reads on the checkout. A translation is one more file with this shape; `{name}`
 * placeholders are filled at render time (escaped), so a translation file is plain data.
 */
export interface CheckoutTexts {
  /** BCP 47 tag written into `<html lang>`. */
  lang: string;
  dir: 'ltr' | 'rtl';

  common: {
    /** {merchant} */
    payMerchant: string;
    secureCheckout: string;
    order: string;
    description: string;
    amount: string;
    backToShop: string;
    goNow: string;
    copy: string;
    copied: string;
    copyFailed: string;
  };

  invoice: {
    chooseCurrency: string;
    searchLabel: string;
    searchHint: string;
    noMatches: string;
    /** {network} */
    onNetwork: string;
    /** {amount} {ticker} */
    approximately: string;
    belowMinimum: string;
    continue: string;
    /** {ticker} */
    startedWith: string;
    continuePayment: string;
    currencyRequired: string;
    currencyUnavailable: string;
    formExpired: string;
    serviceBusy: string;
  };

  payment: {
    /** The badge of a sandbox payment: no real money moves. */
    testPayment: string;
    /** The coin and its network, named plainly above the amount (USDT on Tron (TRC-20)). */
    payIn: string;
    sendExactly: string;
    /** {ticker} */
    toAddress: string;
    extraId: string;
    extraIdWarning: string;
    copyAmount: string;
    copyAddress: string;
    copyExtraId: string;
    openInWallet: string;
    /** {ticker} */
    qrAlt: string;
    /** {ticker} {network} */
    networkWarning: string;
    timeLeft: string;
    timeUp: string;
    paid: string;
    missing: string;
    confirmations: string;
    /** {seconds} */
    redirecting: string;
    pickAgain: string;
    refreshesWithoutScript: string;
    /** {reference} */
    reference: string;
  };

  /** Heading and explanation of each checkout stage; {merchant} {paid} {missing} {ticker} {count} {required} where used. */
  stages: Record<
    'waiting' | 'confirming' | 'paid' | 'partially_paid' | 'expired' | 'failed' | 'refunded',
    { title: string; detail: string }
  >;

  errors: {
    notFoundTitle: string;
    notFoundDetail: string;
    unavailableTitle: string;
    unavailableDetail: string;
    failureTitle: string;
    failureDetail: string;
  };
}
