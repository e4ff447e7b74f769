import {
  alphaIsFinal,
  alphaStatus,
  isOverpaid,
  merchantShareOf,
  toFixedDecimals,
  type Amount,
} from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import { pendingRefund, type PaymentDocument } from '@gw/views';
import { alphaNetworkName, tickerOfCode } from './currencies';
import { unixSeconds } from '../payment-amounts';

export interface AlphaPaymentRecord {
  uuid: string;
  order_id: string;
  amount: string;
  payment_amount: string;
  payer_amount: string;
  discount_percent: number;
  discount: string;
  payer_currency: string;
  currency: string;
  merchant_amount: string;
  network: string;
  address: string;
  from: string | null;
  txid: string | null;
  payment_status: string;
  url: string;
  expired_at: number;
  status: string;
  is_final: boolean;
  /** True for a sandbox payment paid on the simulated chain, false for one paid to the merchant's wallet. */
  is_test: boolean;
  additional_data: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecordContext {
  baseUrl: string;
  rates: RatesService;
}

const money = (amount: Amount): string => toFixedDecimals(amount, 8);

/** "2025-01-02T03:04:05.678Z" → "2025-01-02T03:04:05+00:00", the upstream timestamp form. */
export const offsetTimestamp = (iso: string): string =>
  new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');

export const hostedPageUrl = (baseUrl: string, uuid: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/pay/${uuid}`;

/**
 * The fields family A's record and webhook share, computed once from the payment's document: the
 * record (`/payment/info`, `/payment/list`) and the webhook take them from here, never a formula of
 * their own.
 */
export interface AlphaPaymentFields {
  uuid: string;
  order_id: string;
  amount: string;
  payment_amount: string;
  payer_amount: string;
  merchant_amount: string;
  commission: string;
  status: string;
  is_final: boolean;
  is_test: boolean;
  additional_data: string | null;
}

export function alphaPaymentFields(doc: PaymentDocument): AlphaPaymentFields {
  const { received, merchantAmount, commission } = merchantShareOf(doc);
  return {
    uuid: doc.uuid,
    // Cryptomus types order_id as a string; a payment another family made without one shows "".
    order_id: doc.orderId ?? '',
    amount: money(doc.priceAmount),
    // Everything the address received: Cryptomus keeps late and extra money on the invoice itself.
    payment_amount: money(received),
    payer_amount: money(doc.payAmount),
    // What arrived, less only what a sandbox payout kept (merchantShareOf).
    merchant_amount: money(merchantAmount),
    commission: money(commission),
    status: alphaStatus(doc.status, isOverpaid(doc), pendingRefund(doc) !== null),
    is_final: alphaIsFinal(doc.status),
    is_test: doc.testPayment,
    additional_data: doc.alpha?.additionalData ?? null,
  };
}

/** A payment of any family in family A's shape; terms only family A sets fall back to neutral values. */
export function alphaPaymentRecord(doc: PaymentDocument, context: RecordContext): AlphaPaymentRecord {
  const { rates } = context;
  const alpha = doc.alpha;
  const fields = alphaPaymentFields(doc);
  return {
    uuid: fields.uuid,
    order_id: fields.order_id,
    amount: fields.amount,
    payment_amount: fields.payment_amount,
    payer_amount: fields.payer_amount,
    discount_percent: alpha?.discountPercent ?? 0,
    discount: money(alpha?.discount ?? '0'),
    payer_currency: tickerOfCode(rates, doc.payCurrency),
    currency: tickerOfCode(rates, doc.priceCurrency),
    merchant_amount: fields.merchant_amount,
    network: alpha?.network ?? alphaNetworkName(doc.payNetwork),
    address: doc.payAddress,
    from: doc.fromAddress,
    txid: doc.payinHash ?? doc.lateDeposits[0]?.txHash ?? null,
    payment_status: doc.status,
    url: hostedPageUrl(context.baseUrl, doc.uuid),
    expired_at: unixSeconds(doc.expiresAt),
    status: fields.status,
    is_final: fields.is_final,
    is_test: fields.is_test,
    additional_data: fields.additional_data,
    created_at: offsetTimestamp(doc.createdAt),
    updated_at: offsetTimestamp(doc.updatedAt),
  };
}
