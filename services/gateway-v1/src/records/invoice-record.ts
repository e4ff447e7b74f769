import type { InvoiceTerms } from '@gw/domain';
import { isoMillis } from '@gw/families';

/** POST /v1/invoice (201). */
export interface V1InvoiceRecord {
  id: string;
  token_id: string;
  order_id: string | null;
  order_description: string | null;
  /** A string, although sent as a number. */
  price_amount: string;
  price_currency: string;
  pay_currency: string | null;
  ipn_callback_url: string | null;
  invoice_url: string;
  success_url: string | null;
  cancel_url: string | null;
  partially_paid_url: string | null;
  customer_email: string | null;
  payout_currency: string | null;
  is_fixed_rate: boolean;
  is_fee_paid_by_user: boolean;
  source: string | null;
  collect_user_data: boolean;
  created_at: string;
  updated_at: string;
}

/** The hosted page of an invoice: `{base_url}/invoice/<id>`. */
export const invoiceUrlOf = (baseUrl: string, invoiceId: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/invoice/${encodeURIComponent(invoiceId)}`;

export function toInvoiceRecord(
  invoice: InvoiceTerms & { updatedAt?: string },
  baseUrl: string,
): V1InvoiceRecord {
  return {
    id: invoice.invoiceId,
    token_id: invoice.tokenId,
    order_id: invoice.orderId,
    order_description: invoice.orderDescription,
    price_amount: invoice.priceAmount,
    price_currency: invoice.priceCurrency,
    pay_currency: invoice.payCurrency,
    ipn_callback_url: invoice.ipnCallbackUrl,
    invoice_url: invoiceUrlOf(baseUrl, invoice.invoiceId),
    success_url: invoice.successUrl,
    cancel_url: invoice.cancelUrl,
    partially_paid_url: invoice.partiallyPaidUrl,
    customer_email: invoice.customerEmail,
    payout_currency: invoice.payoutCurrency,
    is_fixed_rate: invoice.isFixedRate,
    is_fee_paid_by_user: invoice.isFeePaidByUser,
    source: invoice.source,
    collect_user_data: invoice.collectUserData,
    created_at: isoMillis(invoice.createdAt),
    updated_at: isoMillis(invoice.updatedAt ?? invoice.createdAt),
  };
}
