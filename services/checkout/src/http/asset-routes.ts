import type { RatesService } from '@gw/pricing';
import { Router, type Request } from 'express';
import { CHECKOUT_SCRIPT } from '../assets';
import { coinLogoFiles } from '../coin-logos';
import { sendNotFound } from './responses';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const DAY_CACHE = 'public, max-age=86400';

/** The status script (versioned URL, cached for good) and the coin logos, all served by us. */
export function assetRoutes(rates: RatesService): Router {
  const router = Router();
  const logos = coinLogoFiles(rates.cryptoCurrencies());

  router.get('/static/checkout/checkout.js', (req, res) => {
    res.setHeader('Cache-Control', req.query.v === CHECKOUT_SCRIPT.version ? LONG_CACHE : 'no-cache');
    res.type(CHECKOUT_SCRIPT.contentType).send(CHECKOUT_SCRIPT.body);
  });

  router.get('/static/coins/:file', (req: Request<{ file: string }>, res) => {
    const svg = logos.get(req.params.file);
    if (!svg) return sendNotFound(req, res);
    res.setHeader('Cache-Control', DAY_CACHE);
    res.type('image/svg+xml').send(svg);
  });

  return router;
}
