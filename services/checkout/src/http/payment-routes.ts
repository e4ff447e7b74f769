import { asyncRoute } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import { Router, type Request } from 'express';
import { checkoutStateOf } from '../checkout-state';
import { paymentStatusBody } from '../payment-status';
import { paymentUris, qrCodeSvg } from '@gw/chain';
import { formatPrice } from '../views/format';
import { renderPaymentPage } from '../views/payment-page';
import type { CheckoutLookups } from './lookups';
import { sendNotFound, textsOf } from './responses';

/** `/pay/<uuid>`: the page of any payment, its live status and its QR code. */
export function paymentRoutes(ctx: ServiceContext, lookups: CheckoutLookups, pollMs: number): Router {
  const router = Router();
  const paymentUriOf = paymentUris(ctx.config.chainWatchers);

  router.get(
    '/pay/:uuid',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await lookups.payment(req.params.uuid);
      if (!found) return sendNotFound(req, res);
      const { payment, merchant } = found;
      const rates = ctx.rates.current();
      let ticker = payment.payCurrency.toUpperCase();
      let networkName = payment.payNetwork.toUpperCase();
      try {
        const crypto = rates.findCryptoCurrency(payment.payCurrency);
        ticker = crypto.ticker.toUpperCase();
        networkName = crypto.paidOnName;
      } catch {
        // A coin the catalogue no longer lists still gets its page, named by its code.
      }
      res.type('html').send(
        renderPaymentPage({
          texts: textsOf(req),
          merchantName: merchant.name,
          payment,
          ticker,
          networkName,
          order: {
            orderId: payment.orderId,
            description: payment.orderDescription ?? payment.beta?.description ?? null,
            price: formatPrice(rates, payment.priceAmount, payment.priceCurrency),
          },
          state: checkoutStateOf(payment, ctx.clock.now()),
          pollMs,
          paymentUriOf,
        }),
      );
    }),
  );

  router.get(
    '/pay/:uuid/status.json',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await lookups.payment(req.params.uuid);
      if (!found) {
        res.status(404).json({ error: 'not_found' });
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(
        paymentStatusBody(found.payment, checkoutStateOf(found.payment, ctx.clock.now()), paymentUriOf),
      );
    }),
  );

  router.get(
    '/pay/:uuid/qr.svg',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await lookups.payment(req.params.uuid);
      if (!found) return sendNotFound(req, res);
      const { payment } = found;
      const state = checkoutStateOf(payment, ctx.clock.now());
      const svg = await qrCodeSvg(
        paymentUriOf(payment.payCurrency, payment.payAddress, state.amountDue ?? state.payAmount),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.type('image/svg+xml').send(svg);
    }),
  );

  return router;
}
