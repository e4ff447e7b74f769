import { flagValue } from '@gw/contracts/api/alpha';
import { asyncRoute } from '@gw/platform';
import {
  NoPayingWalletError,
  StaticAddressRevokedError,
  findStaticAddress,
  openStaticAddress,
  revokeStaticAddress,
} from '@gw/application';
import {
  AlphaError,
  alphaNetworkName,
  alphaStaticWalletRecord,
  findAlphaCrypto,
  unprocessable,
  validationFailed,
} from '@gw/families';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendResult } from '../http/responses';
import { alphaValidators, paramsOf, valid } from '../http/validation';
import type { AlphaRouteDeps } from './deps';

/**
 * Static wallets: the merchant wallet's next address held for one order (the same one for the order asked
 * again), each top-up a payment reported with type `wallet`; blocking stops top-ups being credited.
 */
export function walletRoutes({ ctx, signed, idempotent }: AlphaRouteDeps): Router {
  const router = Router();
  const pagesUrl = ctx.config.baseUrl.replace(/\/+$/, '');

  router.post(
    '/wallet',
    signed,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.createWallet.check(paramsOf(req)));
      const rates = ctx.rates.current();
      const coin = findAlphaCrypto(rates, input.currency, input.network);
      if (!coin) {
        if (findAlphaCrypto(rates, input.currency, null))
          throw validationFailed({ network: ['validation.in'] });
        throw validationFailed({ currency: ['validation.exists'] });
      }
      try {
        const terms = await openStaticAddress(ctx, {
          merchantId: merchantOf(res).merchantId,
          family: 'alpha',
          network: coin.network,
          networkName: alphaNetworkName(coin.network),
          payCurrency: coin.code,
          orderId: input.order_id,
          callbackUrl: input.url_callback ?? null,
          email: null,
          description: null,
          toCurrency: null,
        });
        const qrCode = `${pagesUrl}/pay/static/${terms.uuid}/qr.svg`;
        sendResult(res, alphaStaticWalletRecord(terms, qrCode, coin.ticker.toUpperCase()));
      } catch (error) {
        if (error instanceof NoPayingWalletError)
          throw unprocessable(
            `The network ${input.network} has no watched wallet of this merchant: static wallets are handed out from the merchant's own wallet only`,
          );
        if (error instanceof StaticAddressRevokedError)
          throw unprocessable(`The static wallet of order ${input.order_id} is blocked`);
        throw error;
      }
    }),
  );

  router.post(
    '/wallet/block-address',
    signed,
    asyncRoute(async (req, res) => {
      const input = valid(alphaValidators.blockWallet.check(paramsOf(req)));
      if (flagValue(input.is_force_refund, false))
        throw unprocessable(
          'is_force_refund is not available: this gateway is non-custodial and holds no funds to refund; top-ups after the block stay in your wallet and are listed on the wallet',
        );
      const merchantId = merchantOf(res).merchantId;
      const found = await findStaticAddress(
        ctx,
        merchantId,
        // order_id wins when both are sent, as upstream.
        input.order_id
          ? { family: 'alpha', orderId: input.order_id }
          : { family: 'alpha', uuid: input.uuid ?? '' },
      );
      if (!found) throw new AlphaError(404, { state: 1, message: 'Wallet not found' });
      await revokeStaticAddress(ctx, found);
      sendResult(res, { uuid: found.uuid, status: 'blocked' });
    }),
  );

  return router;
}
