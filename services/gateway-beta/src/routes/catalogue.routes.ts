import { payableCoinsOf } from '@gw/application';
import { Router } from 'express';
import { sendData } from '../http/envelope';
import { betaCurrencies, betaFiats } from '../records/catalogue-results';
import type { BetaRouteDeps } from './deps';

/** The public currency and fiat lists (no key needed, as upstream). */
export function catalogueRoutes({ ctx }: BetaRouteDeps): Router {
  const router = Router();
  router.get('/common/currencies', (_req, res) =>
    sendData(res, betaCurrencies(ctx.rates.current(), payableCoinsOf(null, ctx.config))),
  );
  router.get('/common/fiats', (_req, res) => sendData(res, betaFiats(ctx.rates.current())));
  return router;
}
