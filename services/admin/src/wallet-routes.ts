import { Router } from 'express';
import { WalletKeyError } from '@gw/chain';
import { asyncRoute } from '@gw/platform';
import {
  MerchantCommandError,
  removeMerchantWallet,
  setMerchantWallet,
  walletStatus,
  validateInput,
  watchOnlyOf,
  type ReadSide,
  type ServiceContext,
} from '@gw/application';
import { AdminError, notFound } from './admin-errors';
import { merchantIdParam } from './admin-params';
import { setWalletSchema, type SetWalletBody } from './admin-schemas';
import { walletView, type RemovedWalletView, type WalletListView } from './admin-views';

/**
 * Merchant wallets: a watch-only key per chain (`PUT /merchants/{id}/wallets/{network}`), answered with
 * the first receive addresses to compare with the wallet app, and how far each wallet is used.
 */
export function walletRoutes(ctx: ServiceContext, readSide: ReadSide): Router {
  const router = Router();

  router.put(
    '/merchants/:merchantId/wallets/:network',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const body = validateInput<SetWalletBody>(setWalletSchema, req.body);
      if (!(await readSide.merchant(merchantId))) throw notFound('merchant');
      const network = String(req.params.network).toLowerCase();
      try {
        const status = await setMerchantWallet(ctx, merchantId, network, body.extended_public_key);
        req.log.info(
          { merchantId, network, keyId: status.wallet.keyId },
          'merchant wallet set through the admin API',
        );
        res.json(walletView(merchantId, status));
      } catch (error) {
        if (error instanceof WalletKeyError) throw new AdminError(400, error.message);
        throw error;
      }
    }),
  );

  router.delete(
    '/merchants/:merchantId/wallets/:network',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      if (!(await readSide.merchant(merchantId))) throw notFound('merchant');
      const network = String(req.params.network).toLowerCase();
      try {
        await removeMerchantWallet(ctx, merchantId, network);
      } catch (error) {
        if (error instanceof MerchantCommandError && error.code === 'NOT_FOUND') throw notFound('wallet');
        throw error;
      }
      req.log.info({ merchantId, network }, 'merchant wallet removed through the admin API');
      const removed: RemovedWalletView = { merchant_id: merchantId, network, removed: true };
      res.json(removed);
    }),
  );

  router.get(
    '/merchants/:merchantId/wallets',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const merchant = await readSide.merchant(merchantId);
      if (!merchant) throw notFound('merchant');
      const wallets = Object.values(merchant.wallets ?? {}).flatMap((wallet) => watchOnlyOf(wallet) ?? []);
      const list: WalletListView = {
        merchant_id: merchantId,
        result: await Promise.all(
          wallets.map(async (wallet) => walletView(merchantId, await walletStatus(ctx, merchantId, wallet))),
        ),
      };
      res.json(list);
    }),
  );

  return router;
}
