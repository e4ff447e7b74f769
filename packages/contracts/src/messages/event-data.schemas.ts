import { PAYMENT_KINDS, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES, type AnyEventType } from '@gw/domain';
import {
  arrayOf,
  boolean,
  decimal,
  enumOf,
  integer,
  nullable,
  number,
  object,
  string,
  timestamp,
  withOptional,
  writeSideOnly,
  type Schema,
} from './schema-builders';

const nullableString = () => nullable(string());

/** The output (`vout`) or log (`logIndex`) of a deposit's transaction; absent from events stored before it. */
const withOutputIndex = (schema: Schema): Schema =>
  withOptional(schema, { outputIndex: nullable(integer({ minimum: 0 })) });

const blockRef = () => object({ height: integer({ minimum: 0 }), hash: string() });

const paymentTermsFields = object({
  paymentId: integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  uuid: string({ format: 'uuid' }),
  trackId: string(),
  merchantId: string(),
  family: enumOf(['v1', 'alpha', 'beta']),
  priceAmount: decimal(),
  priceCurrency: string(),
  payCurrency: string(),
  payNetwork: string(),
  payAmount: decimal(),
  payDecimals: integer({ minimum: 0, maximum: 18 }),
  payAddress: string(),
  payinExtraId: nullableString(),
  payWalletKeyId: nullableString(),
  payAddressIndex: nullable(integer({ minimum: 0, maximum: 2 ** 31 - 1 })),
  testPayment: boolean(),
  outcomeCurrency: string(),
  orderId: nullableString(),
  orderDescription: nullableString(),
  purchaseId: integer({ minimum: 1 }),
  invoiceId: nullableString(),
  callbackUrl: nullableString(),
  redirectUrls: object({
    success: nullableString(),
    cancel: nullableString(),
    partiallyPaid: nullableString(),
    return: nullableString(),
  }),
  underpaidTolerancePercent: decimal(),
  isPaymentMultiple: boolean(),
  requiredConfirmations: integer({ minimum: 0 }),
  isFixedRate: boolean(),
  isFeePaidByUser: boolean(),
  sandboxCase: nullable(enumOf(['success', 'partially_paid', 'fail'])),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  alpha: nullable(
    object({
      network: string(),
      discountPercent: number(),
      discount: decimal(),
      additionalData: nullableString(),
      subtractPercent: decimal(),
      toCurrency: nullableString(),
      isRefresh: boolean(),
    }),
  ),
  beta: nullable(
    object({
      lifetimeMinutes: integer({ minimum: 1 }),
      feePaidByPayer: boolean(),
      toCurrency: nullableString(),
      email: nullableString(),
      thanksMessage: nullableString(),
      description: nullableString(),
    }),
  ),
  parentPaymentId: nullable(integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});

/**
 * The chain tip at the pay address's hand-out, the payment's kind (invoice, white-label, static
 * address) and the static address a deposit payment came to: each absent from payments created before
 * it was recorded.
 */
const paymentTerms = withOptional(paymentTermsFields, {
  payAddressChainTip: nullable(blockRef()),
  kind: enumOf(PAYMENT_KINDS),
  staticAddressId: nullable(integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
});

const at = timestamp;

const paymentIdSchema = () => integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A deposit to a static address, as the watcher reported it. */
const staticDepositFields = {
  depositId: string(),
  txHash: string(),
  outputIndex: nullable(integer({ minimum: 0 })),
  payCurrency: string(),
  amount: decimal(),
};

/** The `data` schema of every event type; `satisfies` makes a missing event type a compile error. */
export const EVENT_DATA_SCHEMAS = {
  PaymentCreated: paymentTerms,
  DepositDetected: withOutputIndex(
    object({
      txHash: string(),
      amount: decimal(),
      fromAddress: nullableString(),
      confirmations: integer({ minimum: 0 }),
      detectedAt: at(),
      actuallyPaid: decimal(),
    }),
  ),
  DepositConfirmationsUpdated: withOutputIndex(
    object({
      txHash: string(),
      confirmations: integer({ minimum: 0 }),
      updatedAt: at(),
    }),
  ),
  DepositConfirmationsLost: withOutputIndex(
    object({
      txHash: string(),
      confirmations: integer({ minimum: 0 }),
      at: at(),
    }),
  ),
  DepositDropped: object({
    txHash: string(),
    outputIndex: nullable(integer({ minimum: 0 })),
    amount: decimal(),
    actuallyPaid: decimal(),
    paymentStatus: enumOf(PAYMENT_STATUSES),
    at: at(),
  }),
  SettledDepositDropped: object({
    txHash: string(),
    outputIndex: nullable(integer({ minimum: 0 })),
    amount: decimal(),
    paymentStatus: enumOf(PAYMENT_STATUSES),
    at: at(),
  }),
  PaymentUnderpaid: object({ actuallyPaid: decimal(), missingAmount: decimal(), at: at() }),
  PaymentConfirming: object({ actuallyPaid: decimal(), at: at() }),
  PaymentConfirmed: object({ actuallyPaid: decimal(), at: at() }),
  PayoutStarted: object({ outcomeAmount: decimal(), outcomeCurrency: string(), at: at() }),
  PaymentFinished: object({ payoutHash: nullableString(), outcomeAmount: decimal(), at: at() }),
  PaymentFailed: object({ reason: string(), at: at() }),
  PaymentRefundRequested: object({ address: string(), amount: decimal(), at: at() }),
  PaymentRefunded: object({ refundHash: nullableString(), at: at() }),
  PaymentExpired: object({ at: at() }),
  PaymentOverpaid: object({ actuallyPaid: decimal(), overpaidAmount: decimal(), at: at() }),
  LateDepositReceived: withOutputIndex(
    object({
      txHash: string(),
      amount: decimal(),
      fromAddress: nullableString(),
      confirmations: integer({ minimum: 0 }),
      detectedAt: at(),
      paymentStatus: enumOf(PAYMENT_STATUSES),
      repeatedPayment: nullable(
        object({
          paymentId: integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          uuid: string({ format: 'uuid' }),
        }),
      ),
    }),
  ),
  LateDepositConfirmationsUpdated: withOutputIndex(
    object({
      txHash: string(),
      amount: decimal(),
      confirmations: integer({ minimum: 0 }),
      repeatedPaymentId: nullable(integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
      updatedAt: at(),
    }),
  ),
  PriorDepositReceived: withOutputIndex(
    object({
      txHash: string(),
      amount: decimal(),
      fromAddress: nullableString(),
      confirmations: integer({ minimum: 0 }),
      detectedAt: at(),
      block: blockRef(),
    }),
  ),
  PaymentEstimateUpdated: object({ payAmount: decimal(), expiresAt: at(), at: at() }),
  InvoiceCreated: object({
    invoiceId: string(),
    tokenId: string(),
    merchantId: string(),
    priceAmount: decimal(),
    priceCurrency: string(),
    payCurrency: nullableString(),
    orderId: nullableString(),
    orderDescription: nullableString(),
    ipnCallbackUrl: nullableString(),
    successUrl: nullableString(),
    cancelUrl: nullableString(),
    partiallyPaidUrl: nullableString(),
    customerEmail: nullableString(),
    payoutCurrency: nullableString(),
    isFixedRate: boolean(),
    isFeePaidByUser: boolean(),
    source: nullableString(),
    collectUserData: boolean(),
    createdAt: at(),
  }),
  InvoicePaymentStarted: object({ paymentId: integer({ minimum: 1 }), payCurrency: string(), at: at() }),
  MerchantCreated: writeSideOnly(
    object({
      merchantId: string(),
      name: string(),
      email: nullableString(),
      enabledCoins: nullable(arrayOf(string())),
      outcomeCurrency: nullableString(),
      createdAt: at(),
      apiKeyHash: string(),
      betaApiKeyHash: string(),
      betaApiKeyCipher: string(),
      paymentKeyCipher: string(),
      ipnSecretCipher: string(),
    }),
    ['apiKeyHash', 'betaApiKeyHash', 'betaApiKeyCipher', 'paymentKeyCipher', 'ipnSecretCipher'],
  ),
  MerchantCredentialRotated: writeSideOnly(
    object({
      credential: enumOf(['apiKey', 'betaApiKey', 'paymentKey', 'ipnSecret']),
      hash: nullableString(),
      cipher: nullableString(),
      at: at(),
    }),
    ['hash', 'cipher'],
  ),
  MerchantCredentialsResealed: writeSideOnly(
    object({ betaApiKeyCipher: string(), paymentKeyCipher: string(), ipnSecretCipher: string(), at: at() }),
    ['betaApiKeyCipher', 'paymentKeyCipher', 'ipnSecretCipher'],
  ),
  MerchantCoinsChanged: object({ enabledCoins: nullable(arrayOf(string())), at: at() }),
  MerchantOutcomeCurrencyChanged: object({ outcomeCurrency: nullableString(), at: at() }),
  MerchantWalletSet: object({
    network: string(),
    chainKind: enumOf(['mainnet', 'testnet', 'regtest', 'evm']),
    extendedPublicKey: string(),
    descriptor: string(),
    keyId: string(),
    setAt: at(),
  }),
  MerchantWalletRemoved: object({ network: string(), at: at() }),
  PayAddressAllocated: object({
    index: integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    paymentId: integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    at: at(),
  }),
  UsedPayAddressSkipped: object({
    skippedIndex: integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    skippedAddress: string(),
    txHash: nullableString(),
    index: integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    paymentId: integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    at: at(),
  }),
  SubscriptionPlanCreated: object({
    planId: integer({ minimum: 1 }),
    merchantId: string(),
    title: string(),
    amount: decimal(),
    currency: string(),
    intervalDay: integer({ minimum: 1 }),
    successUrl: nullableString(),
    cancelUrl: nullableString(),
    partiallyPaidUrl: nullableString(),
    ipnCallbackUrl: nullableString(),
    createdAt: at(),
  }),
  SubscriptionCreated: object({
    subscriptionId: integer({ minimum: 1 }),
    planId: integer({ minimum: 1 }),
    merchantId: string(),
    subscriberEmail: string(),
    createdAt: at(),
    expireDate: at(),
  }),
  SubscriptionStatusChanged: object({ status: enumOf(SUBSCRIPTION_STATUSES), at: at() }),
  StaticAddressOpened: object({
    staticAddressId: integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    uuid: string({ format: 'uuid' }),
    merchantId: string(),
    family: enumOf(['v1', 'alpha', 'beta']),
    network: string(),
    networkName: string(),
    payCurrencies: arrayOf(string()),
    address: string(),
    walletKeyId: string(),
    addressIndex: integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
    chainTip: nullable(blockRef()),
    orderId: nullableString(),
    callbackUrl: nullableString(),
    email: nullableString(),
    description: nullableString(),
    toCurrency: nullableString(),
    createdAt: at(),
  }),
  StaticDepositCredited: object({ ...staticDepositFields, paymentId: paymentIdSchema(), at: at() }),
  StaticDepositRefused: object({ ...staticDepositFields, at: at() }),
  StaticAddressRevoked: object({ at: at() }),
} satisfies Record<AnyEventType, Schema>;

export const PAYMENT_STATUS_SCHEMA = enumOf(PAYMENT_STATUSES);
