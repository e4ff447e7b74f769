import { divide, isPositive, multiply, roundDown } from '@gw/domain';
import type { Filter, ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import type { Response } from 'express';
import { csvRow } from './csv';
import { dayAfter, firstPaymentFrom, listFilter, type PaymentListQuery } from './payment-list-query';

/** Payments per read-model query of an export: the whole set is never in memory, one page at a time. */
export const EXPORT_PAGE_SIZE = 500;

export const PAYMENT_CSV_COLUMNS = [
  'payment_id',
  'family',
  'merchant_id',
  'order_id',
  'status',
  'created_at',
  'updated_at',
  'price_amount',
  'price_currency',
  'pay_amount',
  'pay_currency',
  'actually_paid',
  'actually_paid_in_price_currency',
  'network',
  'pay_address',
  'tx_hashes',
  'test',
] as const;

/** What has arrived, in the price currency at the payment's own quote (as the families' webhooks say). */
function paidInPriceCurrency(payment: PaymentDocument): string {
  if (!isPositive(payment.payAmount)) return '0';
  return roundDown(divide(multiply(payment.actuallyPaid, payment.priceAmount), payment.payAmount), 8);
}

export function paymentCsvRow(payment: PaymentDocument): string {
  return csvRow([
    payment.paymentId,
    payment.family,
    payment.merchantId,
    payment.orderId,
    payment.status,
    payment.createdAt,
    payment.updatedAt,
    payment.priceAmount,
    payment.priceCurrency,
    payment.payAmount,
    payment.payCurrency,
    payment.actuallyPaid,
    paidInPriceCurrency(payment),
    payment.payNetwork,
    payment.payAddress,
    payment.deposits.map((deposit) => deposit.txHash).join(' '),
    payment.testPayment,
  ]);
}

/**
 * The payments the list's filters select (its cursors and search play no part), newest first, one
 * keyset page per query: each page starts below the last id of the one before, so the store walks its
 * (merchantId, paymentId) index and never skips or counts past what it has already handed out.
 */
export async function* paymentExportPages(
  payments: ReadModelCollection<PaymentDocument>,
  merchantId: string | null,
  query: PaymentListQuery,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<PaymentDocument[]> {
  const filter: Filter = listFilter(merchantId, { ...query, search: null, before: null, after: null });
  // As on the list: ids grow with creation time, so the walk starts below the first payment created
  // after `to` instead of passing every newer payment first.
  let below =
    query.to === null || merchantId === null
      ? null
      : await firstPaymentFrom(payments, merchantId, dayAfter(query.to));
  for (;;) {
    const page = await payments.find({
      filter: below === null ? filter : { ...filter, paymentId: { $lt: below } },
      sort: [['paymentId', -1]],
      limit: pageSize,
    });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    below = page[page.length - 1]!.paymentId;
  }
}

/**
 * Streams the export as a CSV attachment: the header, then one write per page, waiting for the socket
 * to drain before the next page is read (a slow client slows the reads, it does not fill memory), and
 * stopping when the client goes away. Headers are sent once the first page is read, so a failing first
 * query still answers an error.
 */
export async function sendPaymentsCsv(
  res: Response,
  pages: AsyncIterable<PaymentDocument[]>,
  filename: string,
): Promise<void> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (!(await written(res, csvRow(PAYMENT_CSV_COLUMNS)))) return void (await iterator.return?.());
  while (!next.done) {
    if (!(await written(res, next.value.map(paymentCsvRow).join('')))) {
      return void (await iterator.return?.());
    }
    next = await iterator.next();
  }
  res.end();
}

/** Writes a chunk and waits while the response's buffer is full; false once the client has gone. */
async function written(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  return new Promise<boolean>((resolve) => {
    const drained = () => settle(true);
    const closed = () => settle(false);
    const settle = (open: boolean) => {
      res.off('drain', drained);
      res.off('close', closed);
      resolve(open && !res.destroyed);
    };
    res.once('drain', drained);
    res.once('close', closed);
  });
}
