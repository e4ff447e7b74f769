import type {
  CredentialName,
  MerchantProfile,
  PaymentStatus,
  PlanTerms,
  SubscriptionStatus,
  SubscriptionTerms,
} from '@gw/domain';
import { walletWarnings, type MerchantKeys, type RefundState, type WalletStatus } from '@gw/application';
import type { MerchantDocument, PaymentDocument } from '@gw/views';

/** Response bodies of the admin API: snake_case like the V1 API, and never a stored hash or cipher. */

export interface MerchantView {
  merchant_id: string;
  name: string;
  email: string | null;
  enabled_coins: string[] | null;
  outcome_currency: string | null;
  created_at: string;
  updated_at: string;
}

export interface MerchantKeysView {
  merchant_id: string;
  api_key: string;
  beta_api_key: string;
  payment_key: string;
  ipn_secret: string;
}

export type CreatedMerchantView = MerchantKeysView &
  Pick<MerchantView, 'name' | 'email' | 'enabled_coins' | 'outcome_currency'>;

export interface MerchantListView {
  count: number;
  limit: number;
  offset: number;
  result: MerchantView[];
}

export interface MerchantCoinsView {
  merchant_id: string;
  enabled_coins: string[] | null;
}

export interface MerchantOutcomeCurrencyView {
  merchant_id: string;
  outcome_currency: string | null;
}

export type RotatedCredentialView = { merchant_id: string; credential: CredentialPath } & Partial<
  Record<CredentialField, string>
>;

export interface RefundView {
  payment_id: number;
  merchant_id: string;
  payment_status: 'refunded';
  refund_hash: string | null;
}

/**
 * Where a payment's refund stands: the gateway sends no money, so a requested refund is what the merchant
 * sends from its own wallet (`address`, `amount` in `currency`, or the wallet link `payment_uri`), and
 * the chain watcher marks the payment refunded with `refund_hash` once it is confirmed.
 */
export interface RefundStatusView {
  payment_id: number;
  merchant_id: string;
  payment_status: PaymentStatus;
  refund_status: 'none' | 'pending' | 'refunded';
  address: string | null;
  amount: string | null;
  currency: string;
  network: string;
  payment_uri: string | null;
  requested_at: string | null;
  refund_hash: string | null;
  refunded_at: string | null;
}

export function refundStatusView(payment: PaymentDocument, refund: RefundState): RefundStatusView {
  return {
    payment_id: payment.paymentId,
    merchant_id: payment.merchantId,
    payment_status: payment.status,
    refund_status: refund.status,
    address: refund.address,
    amount: refund.amount,
    currency: refund.payCurrency,
    network: refund.payNetwork,
    payment_uri: refund.paymentUri,
    requested_at: refund.requestedAt,
    refund_hash: refund.refundHash,
    refunded_at: refund.refundedAt,
  };
}

export type CredentialPath = 'api-key' | 'beta-api-key' | 'payment-key' | 'ipn-secret';
export type CredentialField = 'api_key' | 'beta_api_key' | 'payment_key' | 'ipn_secret';

export const CREDENTIALS: Record<CredentialPath, { name: CredentialName; field: CredentialField }> = {
  'api-key': { name: 'apiKey', field: 'api_key' },
  'beta-api-key': { name: 'betaApiKey', field: 'beta_api_key' },
  'payment-key': { name: 'paymentKey', field: 'payment_key' },
  'ipn-secret': { name: 'ipnSecret', field: 'ipn_secret' },
};

export function merchantView(merchant: MerchantProfile & { updatedAt: string }): MerchantView {
  return {
    merchant_id: merchant.merchantId,
    name: merchant.name,
    email: merchant.email,
    enabled_coins: merchant.enabledCoins,
    outcome_currency: merchant.outcomeCurrency,
    created_at: merchant.createdAt,
    updated_at: merchant.updatedAt,
  };
}

export const merchantDocumentView = (doc: MerchantDocument): MerchantView => merchantView(doc);

export function merchantKeysView(keys: MerchantKeys): MerchantKeysView {
  return {
    merchant_id: keys.merchantId,
    api_key: keys.apiKey,
    beta_api_key: keys.betaApiKey,
    payment_key: keys.paymentKey,
    ipn_secret: keys.ipnSecret,
  };
}

export interface PlanView {
  id: number;
  merchant_id: string;
  title: string;
  amount: string;
  currency: string;
  interval_day: number;
  success_url: string | null;
  cancel_url: string | null;
  partially_paid_url: string | null;
  ipn_callback_url: string | null;
  created_at: string;
  updated_at: string;
}

export function planView(plan: PlanTerms): PlanView {
  return {
    id: plan.planId,
    merchant_id: plan.merchantId,
    title: plan.title,
    amount: plan.amount,
    currency: plan.currency,
    interval_day: plan.intervalDay,
    success_url: plan.successUrl,
    cancel_url: plan.cancelUrl,
    partially_paid_url: plan.partiallyPaidUrl,
    ipn_callback_url: plan.ipnCallbackUrl,
    created_at: plan.createdAt,
    updated_at: plan.createdAt,
  };
}

export interface SubscriptionView {
  id: number;
  merchant_id: string;
  subscription_plan_id: number;
  status: SubscriptionStatus;
  is_active: boolean;
  subscriber: { email: string };
  created_at: string;
  updated_at: string;
  expire_date: string;
}

export function subscriptionView(
  terms: SubscriptionTerms,
  status: SubscriptionStatus,
  updatedAt: string,
): SubscriptionView {
  return {
    id: terms.subscriptionId,
    merchant_id: terms.merchantId,
    subscription_plan_id: terms.planId,
    status,
    is_active: status === 'active',
    subscriber: { email: terms.subscriberEmail },
    created_at: terms.createdAt,
    updated_at: updatedAt,
    expire_date: terms.expireDate,
  };
}

/** A merchant's watch-only wallet on one chain: compare `first_addresses` with the wallet app. */
export interface WalletView {
  merchant_id: string;
  network: string;
  chain: string;
  extended_public_key: string;
  descriptor: string;
  key_id: string;
  first_addresses: string[];
  addresses_handed_out: number;
  unused_addresses_in_a_row: number;
  /** Addresses with on-chain history before they were handed out: skipped, never given to a payment. */
  skipped_addresses: {
    index: number;
    address: string;
    tx_hash: string | null;
    payment_id: number;
    at: string;
  }[];
  gap_limit: number;
  takes_payments: boolean;
  /** The watched networks paying to this wallet: one for btc and ltc, up to eth, bsc and matic for evm. */
  paid_on: string[];
  warnings: string[];
}

/** `DELETE /merchants/{id}/wallets/{network}`: the wallet that no longer takes new payments. */
export interface RemovedWalletView {
  merchant_id: string;
  network: string;
  removed: true;
}

export interface WalletListView {
  merchant_id: string;
  result: WalletView[];
}

export function walletView(merchantId: string, status: WalletStatus): WalletView {
  const { wallet } = status;
  return {
    merchant_id: merchantId,
    network: wallet.network,
    chain: wallet.chainKind,
    extended_public_key: wallet.extendedPublicKey,
    descriptor: wallet.descriptor,
    key_id: wallet.keyId,
    first_addresses: status.firstAddresses,
    addresses_handed_out: status.addressesHandedOut,
    unused_addresses_in_a_row: status.unusedInARow,
    skipped_addresses: status.skippedAddresses.map((skipped) => ({
      index: skipped.index,
      address: skipped.address,
      tx_hash: skipped.txHash,
      payment_id: skipped.paymentId,
      at: skipped.at,
    })),
    gap_limit: status.gapLimit,
    takes_payments: status.paidOn.length > 0,
    paid_on: status.paidOn,
    warnings: walletWarnings(status),
  };
}

/** A commit the outbox relay set aside because `payments.events` would refuse it. */
export interface QuarantinedCommitView {
  commit_id: string;
  stream_id: string;
  first_version: number;
  last_version: number;
  event_types: string[];
  reason: string;
  quarantined_at: string;
}

export interface QuarantineListView {
  count: number;
  result: QuarantinedCommitView[];
}

export interface QuarantineRetryView {
  retried: number;
  commit_ids: string[];
}
