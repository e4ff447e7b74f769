import type { MerchantDirectory, ServiceContext } from '@gw/application';
import type { ReadModelCollection } from '@gw/store';
import type { PaymentDocument } from '@gw/views';
import type { RequestHandler } from 'express';

/** What every family B route module is built from. */
export interface BetaRouteDeps {
  ctx: ServiceContext;
  directory: MerchantDirectory;
  payments: ReadModelCollection<PaymentDocument>;
  /** `merchant_api_key` check for protected endpoints. */
  auth: RequestHandler;
  /** Idempotency-Key handling for creating POSTs; mount after the body parser and auth. */
  idempotent: RequestHandler;
}
