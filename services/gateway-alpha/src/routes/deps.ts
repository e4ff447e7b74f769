import type { MerchantDirectory, ServiceContext } from '@gw/application';
import type { ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import type { RequestHandler } from 'express';
import type { AlphaPaymentRecord } from '@gw/families';
import type { OrderRegistry } from '../requests/order-registry';

/** What every family A route module is built from. */
export interface AlphaRouteDeps {
  ctx: ServiceContext;
  directory: MerchantDirectory;
  payments: ReadModelCollection<PaymentDocument>;
  orders: OrderRegistry;
  /** Body parser keeping the raw bytes, the rate limit and the `sign` check, in that order. */
  signed: RequestHandler[];
  /** Idempotency-Key handling for creating POSTs; mount after `signed`. */
  idempotent: RequestHandler;
  /** The family A record of a payment, with this gateway's base URL and the current catalogue. */
  record: (payment: PaymentDocument) => AlphaPaymentRecord;
}
