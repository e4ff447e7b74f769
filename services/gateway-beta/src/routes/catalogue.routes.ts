import { payableCoinsOf } from '@gw/application';
import { Router } from 'express';
import { sendData } from '../http/envelope';
import { betaCurrencies, betaFiats, betaNetworks, betaPrices } from '../records/catalogue-results';
import type { BetaRouteDeps } from './deps';

/** The public currency, fiat, price and network lists and the status probe (no key needed, as upstream). */
export function catalogueRoutes({ ctx }: BetaRouteDeps): Router {
  const router = Router();
  router.get('/common/currencies', (_req, res) =>
    sendData(res, betaCurrencies(ctx.rates.current(), payableCoinsOf(null, ctx.config))),
  );
  router.get('/common/fiats', (_req, res) => sendData(res, betaFiats(ctx.rates.current())));
  router.get('/common/prices', (_req, res) =>
    sendData(res, betaPrices(ctx.rates.current(), payableCoinsOf(null, ctx.config))),
  );
  router.get('/common/networks', (_req, res) =>
    sendData(res, betaNetworks(ctx.rates.current(), payableCoinsOf(null, ctx.config))),
  );
  // Answering at all is the status: the API is up.
  router.get('/common/monitor', (_req, res) => sendData(res, { status: true }));
  return router;
}
