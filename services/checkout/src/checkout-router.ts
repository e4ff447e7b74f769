import { pageSecurityHeaders } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import compression from 'compression';
import { Router } from 'express';
import { CHECKOUT_STYLE_CSP_SOURCE } from './assets';
import { assetRoutes } from './http/asset-routes';
import { invoiceRoutes } from './http/invoice-routes';
import { CheckoutLookups } from './http/lookups';
import { paymentRoutes } from './http/payment-routes';
import { checkoutErrorHandler, sendNotFound } from './http/responses';
import { staticAddressRoutes } from './http/static-address-routes';
import { InvoicePaymentStarter } from './invoice-payment-starter';

export interface CheckoutRouterOptions {
  /** How often the page asks for the payment's status. Default 2 s. */
  pollMs?: number;
  /** How long a pick waits for a duplicate submit or for the read model. Default: the command timeout. */
  pickWaitMs?: number;
}

/** Every path this service answers under; its not-found and error pages stay inside them. */
export const CHECKOUT_PREFIXES = ['/invoice', '/pay', '/static/checkout', '/static/coins'];

export function createCheckoutRouter(ctx: ServiceContext, options: CheckoutRouterOptions = {}): Router {
  const router = Router();
  const lookups = new CheckoutLookups(ctx);
  const starter = new InvoicePaymentStarter(ctx, { waitMs: options.pickWaitMs });

  router.use(
    CHECKOUT_PREFIXES,
    // A phone on a slow network gets a third of the bytes; the status polls are too small to bother.
    compression({ threshold: 1024 }),
    pageSecurityHeaders({ csp: { 'style-src': [CHECKOUT_STYLE_CSP_SOURCE] } }),
    (_req, res, next) => {
      // With no-referrer, Chromium posts forms with `Origin: null`; same-origin keeps the origin check
      // possible and still tells other sites (the shop after a redirect) nothing about the payment URL.
      res.setHeader('Referrer-Policy', 'same-origin');
      res.setHeader('Vary', 'Accept-Language');
      next();
    },
  );
  router.use(invoiceRoutes(ctx, lookups, starter));
  router.use(staticAddressRoutes(ctx));
  router.use(paymentRoutes(ctx, lookups, options.pollMs ?? 2_000));
  router.use(assetRoutes(ctx.rates.current()));
  router.use(CHECKOUT_PREFIXES, sendNotFound);
  router.use(CHECKOUT_PREFIXES, checkoutErrorHandler(ctx));
  return router;
}
