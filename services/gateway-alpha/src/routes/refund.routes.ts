import { asyncRoute } from '@gw/platform';
import { InvalidInputError, MerchantCommandError, requestRefund } from '@gw/application';
import { AlphaError, unprocessable, validationFailed } from '@gw/families';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendResult } from '../http/responses';
import { alphaValidators, paramsOf, valid } from '../http/validation';
import { findMerchantPayment } from '../requests/payment-lookup';
import type { AlphaRouteDeps } from './deps';

/**
 * Cryptomus `payment/refund`, without holding keys: the refund of everything the payment received is
 * recorded with the buyer's address (the payment shows `refund_process`), the merchant sends it from its
 * own wallet, and the chain watcher makes the payment `refund_paid` once that transaction is confirmed.
 * Upstream answers `{state: 0, result: []}`; the uuid wins when both uuid and order_id are sent.
 */
export function refundRoutes({ ctx, payments, orders, signed }: AlphaRouteDeps): Router {
  const router = Router();

  router.post(
    '/payment/refund',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.refund.check(paramsOf(req)));
      const merchantId = merchantOf(res).merchantId;
      const lookup = input.uuid ? { uuid: input.uuid } : { order_id: input.order_id ?? null };
      try {
        const payment = await findMerchantPayment(payments, orders, merchantId, lookup);
        await requestRefund(ctx, payment.paymentId, { address: input.address }, merchantId);
        req.log.info({ paymentId: payment.paymentId, merchantId }, 'refund requested (family A)');
      } catch (error) {
        throw refundRefused(error);
      }
      sendResult(res, []);
    }),
  );

  return router;
}

/** Upstream's refund page words an unknown payment so, under its 422 validation errors. */
const refundPaymentNotFound = (): AlphaError => unprocessable('Payment was not found');

/** A refused refund in family A's words: the address as a field error, the payment's state as a message. */
function refundRefused(error: unknown): unknown {
  if (error instanceof AlphaError && error.status === 404) return refundPaymentNotFound();
  if (error instanceof InvalidInputError) {
    return validationFailed(Object.fromEntries(error.problems.map((p) => [p.field, ['validation.invalid']])));
  }
  if (!(error instanceof MerchantCommandError)) return error;
  switch (error.code) {
    case 'NOT_FOUND':
      return refundPaymentNotFound();
    case 'INVALID_TRANSITION':
    case 'INVALID_AMOUNT':
      return unprocessable(`Payment cannot be refunded: ${error.message}`);
    default:
      return error;
  }
}
