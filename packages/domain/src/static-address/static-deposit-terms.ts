import type { PaymentTerms } from '../payment/payment';
import type { StaticAddressTerms, StaticDeposit } from './static-address';

/** How long a deposit's payment waits for its money to be seen again should its transaction be dropped. */
export const STATIC_DEPOSIT_LIFETIME_MINUTES = 2880;

/** What the entry point knows besides the address and the deposit: ids, time, and the coin's chain facts. */
export interface StaticDepositFacts {
  paymentId: number;
  uuid: string;
  createdAt: string;
  payDecimals: number;
  requiredConfirmations: number;
}

/**
 * The payment a credited deposit opens: priced in what arrived (amount and coin), paid to the static
 * address, with the order, callback and texts of the address. The address's chain tip is the payment's,
 * so only money that reached the address after it was handed out counts.
 */
export function staticDepositTerms(
  address: StaticAddressTerms,
  deposit: StaticDeposit,
  facts: StaticDepositFacts,
): PaymentTerms {
  const expiresAt = new Date(Date.parse(facts.createdAt) + STATIC_DEPOSIT_LIFETIME_MINUTES * 60_000);
  return {
    paymentId: facts.paymentId,
    uuid: facts.uuid,
    trackId: String(facts.paymentId),
    merchantId: address.merchantId,
    family: address.family,
    kind: 'static_address',
    priceAmount: deposit.amount,
    priceCurrency: deposit.payCurrency,
    payCurrency: deposit.payCurrency,
    payNetwork: address.network,
    payAmount: deposit.amount,
    payDecimals: facts.payDecimals,
    payAddress: address.address,
    payinExtraId: null,
    payWalletKeyId: address.walletKeyId,
    payAddressIndex: address.addressIndex,
    payAddressChainTip: address.chainTip,
    testPayment: false,
    outcomeCurrency: deposit.payCurrency,
    orderId: address.orderId,
    orderDescription: address.description,
    purchaseId: facts.paymentId,
    invoiceId: null,
    callbackUrl: address.callbackUrl,
    redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
    underpaidTolerancePercent: '0',
    isPaymentMultiple: false,
    requiredConfirmations: facts.requiredConfirmations,
    isFixedRate: true,
    isFeePaidByUser: false,
    sandboxCase: null,
    createdAt: facts.createdAt,
    expiresAt: expiresAt.toISOString(),
    staticAddressId: address.staticAddressId,
    alpha:
      address.family === 'alpha'
        ? {
            network: address.networkName,
            discountPercent: 0,
            discount: '0',
            additionalData: null,
            subtractPercent: '0',
            toCurrency: address.toCurrency,
            isRefresh: false,
          }
        : null,
    beta:
      address.family === 'beta'
        ? {
            lifetimeMinutes: STATIC_DEPOSIT_LIFETIME_MINUTES,
            feePaidByPayer: false,
            toCurrency: address.toCurrency,
            email: address.email,
            thanksMessage: null,
            description: address.description,
          }
        : null,
    parentPaymentId: null,
  };
}
