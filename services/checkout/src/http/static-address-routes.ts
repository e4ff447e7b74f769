import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { COLLECTIONS, type StaticAddressDocument } from '@gw/views';
import { Router, type Request } from 'express';
import { paymentUris, qrCodeSvg } from '@gw/chain';
import { sendNotFound } from './responses';

/**
 * `/pay/static/<uuid>/qr.svg`: a static address's QR code, named by its uuid as a payment's page is (a
 * track id is short enough to guess, and the address shows what the customer paid). It carries no amount
 * (every deposit is welcome); an address taking one coin carries the coin's wallet link, one taking
 * several the bare address.
 */
export function staticAddressRoutes(ctx: ServiceContext): Router {
  const router = Router();
  const paymentUriOf = paymentUris(ctx.config.chainWatchers);
  const addresses = ctx.readModels.collection<StaticAddressDocument>(COLLECTIONS.staticAddresses);

  router.get(
    '/pay/static/:uuid/qr.svg',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const [found] = await addresses.find({ filter: { uuid: req.params.uuid }, limit: 1 });
      if (!found) return sendNotFound(req, res);
      const [only, ...others] = found.payCurrencies;
      const text =
        only !== undefined && others.length === 0 ? paymentUriOf(only, found.address, null) : found.address;
      res.setHeader('Cache-Control', 'no-store');
      res.type('image/svg+xml').send(await qrCodeSvg(text));
    }),
  );

  return router;
}
