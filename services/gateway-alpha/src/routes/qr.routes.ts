import { asyncRoute } from '@gw/platform';
import { findStaticAddress } from '@gw/application';
import { paymentUris, qrCodePngDataUrl } from '@gw/chain';
import { isPositive, subtract, takesDeposits } from '@gw/domain';
import { AlphaError, paymentNotFound } from '@gw/families';
import type { PaymentDocument } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendResult } from '../http/responses';
import { alphaValidators, paramsOf, valid } from '../http/validation';
import type { AlphaRouteDeps } from './deps';

/** What the buyer should still send: the shortfall while the payment takes deposits, else nothing. */
function amountDueOf(payment: PaymentDocument): string | null {
  const shortfall = subtract(payment.payAmount, payment.actuallyPaid);
  return takesDeposits(payment.status, payment.family) && isPositive(shortfall) ? shortfall : null;
}

/**
 * Cryptomus `payment/qr` and `wallet/qr`: `{"state":0,"result":{"image":"data:image/png;base64,…"}}`, the
 * QR code of the wallet link the checkout page and the static wallet's `url` show (address, coin, and for
 * a payment the amount still due).
 */
export function qrRoutes({ ctx, payments, signed }: AlphaRouteDeps): Router {
  const router = Router();
  const paymentUriOf = paymentUris(ctx.config.chainWatchers);

  router.post(
    '/payment/qr',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.paymentQr.check(paramsOf(req)));
      const payment = await payments.findOne({
        uuid: input.merchant_payment_uuid.toLowerCase(),
        merchantId: merchantOf(res).merchantId,
      });
      if (!payment || payment.family !== 'alpha') throw paymentNotFound();
      const text = paymentUriOf(payment.payCurrency, payment.payAddress, amountDueOf(payment));
      sendResult(res, { image: await qrCodePngDataUrl(text) });
    }),
  );

  router.post(
    '/wallet/qr',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.walletQr.check(paramsOf(req)));
      const found = await findStaticAddress(ctx, merchantOf(res).merchantId, {
        family: 'alpha',
        uuid: input.wallet_address_uuid.toLowerCase(),
      });
      if (!found) throw new AlphaError(404, { state: 1, message: 'Wallet not found' });
      const [only, ...others] = found.payCurrencies;
      const text =
        only !== undefined && others.length === 0 ? paymentUriOf(only, found.address, null) : found.address;
      sendResult(res, { image: await qrCodePngDataUrl(text) });
    }),
  );

  return router;
}
