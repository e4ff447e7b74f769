import type { CheckoutTexts } from './texts';

export const en: CheckoutTexts = {
  lang: 'en',
  dir: 'ltr',

  common: {
    payMerchant: 'Pay {merchant}',
    secureCheckout: 'Secure checkout',
    order: 'Order',
    description: 'Description',
    amount: 'Amount',
    backToShop: 'Back to the shop',
    goNow: 'Go now',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Select and copy it by hand',
  },

  invoice: {
    chooseCurrency: 'Choose a currency to pay with',
    searchLabel: 'Search currencies',
    searchHint: 'Type a name, ticker or network',
    noMatches: 'No currency matches your search.',
    onNetwork: 'on {network}',
    approximately: '≈ {amount} {ticker}',
    belowMinimum: 'Order too small for this currency',
    continue: 'Continue to payment',
    startedWith: 'You already started paying with {ticker}.',
    continuePayment: 'Continue that payment',
    currencyRequired: 'Choose a currency to continue.',
    currencyUnavailable: 'That currency is not available for this order. Choose another one.',
    formExpired: 'This page was open for too long. Please choose your currency again.',
    serviceBusy: 'Payments are busy right now. Please try again in a moment.',
  },

  payment: {
    testPayment: 'Test payment: paid on a simulated chain. Do not send real coins.',
    payIn: 'Pay in {ticker} on {network}',
    sendExactly: 'Send exactly',
    toAddress: 'To this {ticker} address',
    extraId: 'Memo / destination tag',
    extraIdWarning: 'Include this memo or tag, or your payment cannot be matched to the order.',
    copyAmount: 'Copy the amount',
    copyAddress: 'Copy the address',
    copyExtraId: 'Copy the memo',
    openInWallet: 'Open in a wallet app',
    qrAlt: 'QR code of the {ticker} address and amount, for your wallet app',
    networkWarning:
      'Send only {ticker} on the {network} network. Other coins or networks sent to this address will be lost.',
    timeLeft: 'Time left to pay',
    timeUp: 'Time is up. Do not send a payment now.',
    paid: 'Received',
    missing: 'Still to send',
    confirmations: 'Network confirmations',
    redirecting: 'Taking you back to the shop in {seconds} s.',
    pickAgain: 'Choose a currency again',
    refreshesWithoutScript: 'This page refreshes every 15 seconds.',
    reference: 'Payment reference {reference}',
  },

  stages: {
    waiting: {
      title: 'Waiting for your payment',
      detail: 'This page updates by itself as soon as your payment reaches the network.',
    },
    confirming: {
      title: 'Payment received, confirming',
      detail:
        'Your payment is on its way. The network confirms it in a few minutes; you can keep this page open.',
    },
    paid: {
      title: 'Payment complete',
      detail: 'Thank you! {merchant} has received your payment.',
    },
    partially_paid: {
      title: 'Partially paid',
      detail:
        'We received {paid} {ticker}. Send the missing {missing} {ticker} to the same address to complete the payment.',
    },
    expired: {
      title: 'This payment has expired',
      detail: 'The time to pay is over. Do not send anything to this address.',
    },
    failed: {
      title: 'This payment failed',
      detail: 'Please contact {merchant} for help with your order.',
    },
    refunded: {
      title: 'This payment was refunded',
      detail: 'The money went back to the sender. Contact {merchant} if you have questions.',
    },
  },

  errors: {
    notFoundTitle: 'Payment page not found',
    notFoundDetail:
      'This link is unknown or no longer valid. Check the link the shop gave you, or go back to the shop and start again.',
    unavailableTitle: 'Payments are busy',
    unavailableDetail: 'We could not reach the payment service. Please reload this page in a moment.',
    failureTitle: 'Something went wrong',
    failureDetail: 'Please reload this page in a moment. A payment you already sent is safe.',
  },
};
