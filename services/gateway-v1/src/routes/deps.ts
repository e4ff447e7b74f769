import type { MerchantDirectory, ServiceContext } from '@gw/application';
import type { RequestHandler } from 'express';

/** What every V1 route module is built from. */
export interface V1RouteDeps {
  ctx: ServiceContext;
  directory: MerchantDirectory;
  /** x-api-key check for protected endpoints. */
  auth: RequestHandler;
  /** Body parser for POSTs: JSON (any charset parameter of utf-8) or form-encoded, within the body limit. */
  body: RequestHandler;
  /** Idempotency-Key handling for creating POSTs; mount after auth and body. */
  idempotent: RequestHandler;
}
