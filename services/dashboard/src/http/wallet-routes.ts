import { WALLET_NETWORKS, WalletKeyError, type WatchOnlyWallet } from '@gw/chain';
import { asyncRoute } from '@gw/platform';
import {
  coinsPaidTo,
  MerchantCommandError,
  removeMerchantWallet,
  setMerchantWallet,
  walletStatus,
  watchOnlyOf,
  type ServiceContext,
} from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import { Router, type Request, type Response } from 'express';
import { renderWalletsPage, type WalletsView } from '../views/wallets-page';
import { sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';

/** Watch-only wallets per chain: set, replace or remove the key, compare the first addresses, watch the gap. */
export function walletRoutes(ctx: ServiceContext): Router {
  const router = Router();

  async function send(
    res: Response,
    merchant: MerchantDocument,
    extra: Pick<WalletsView, 'message' | 'error'> & {
      status?: number;
      justSet?: WatchOnlyWallet;
      justRemoved?: string;
    },
  ) {
    const coins = ctx.rates.current().cryptoCurrencies();
    const networks = await Promise.all(
      WALLET_NETWORKS.map(async (network) => {
        // The wallet just set may not be in the read model yet: show the one the command took.
        const stored = extra.justRemoved === network ? undefined : merchant.wallets?.[network];
        const wallet =
          extra.justSet?.network === network ? extra.justSet : stored ? watchOnlyOf(stored) : null;
        return {
          network,
          coins: coinsPaidTo(network, coins),
          status: wallet ? await walletStatus(ctx, merchant.merchantId, wallet) : null,
        };
      }),
    );
    res
      .status(extra.status ?? 200)
      .type('html')
      .send(renderWalletsPage({ chrome: signedInOf(res).chrome('wallets'), networks, ...extra }));
  }

  router.get(
    '/dashboard/wallets',
    asyncRoute(async (_req, res) => send(res, merchantOf(res), { message: null, error: null })),
  );

  router.post(
    '/dashboard/wallets/:network',
    asyncRoute(async (req: Request<{ network: string }>, res) => {
      const merchant = merchantOf(res);
      const network = req.params.network;
      if (!(WALLET_NETWORKS as readonly string[]).includes(network)) return sendNotFound(req, res);
      const key = (req.body as Record<string, unknown>).extended_public_key;
      if (typeof key !== 'string' || key.trim() === '') {
        return send(res, merchant, {
          status: 422,
          message: null,
          error: { network, text: 'Paste the key first.' },
        });
      }
      try {
        const status = await setMerchantWallet(ctx, merchant.merchantId, network, key.trim());
        req.log.info(
          { merchantId: merchant.merchantId, network, keyId: status.wallet.keyId },
          'wallet set from the dashboard',
        );
        return send(res, merchant, {
          message: `The ${network.toUpperCase()} wallet is set. Check that its first addresses match your wallet app.`,
          error: null,
          justSet: status.wallet,
        });
      } catch (error) {
        if (!(error instanceof WalletKeyError)) throw error;
        return send(res, merchant, { status: 422, message: null, error: { network, text: error.message } });
      }
    }),
  );

  router.post(
    '/dashboard/wallets/:network/remove',
    asyncRoute(async (req: Request<{ network: string }>, res) => {
      const merchant = merchantOf(res);
      const network = req.params.network;
      if (!(WALLET_NETWORKS as readonly string[]).includes(network)) return sendNotFound(req, res);
      if ((req.body as Record<string, unknown>).confirm !== 'yes') {
        return send(res, merchant, {
          status: 422,
          message: null,
          error: { network, text: 'Tick the confirmation to remove the wallet.' },
        });
      }
      try {
        await removeMerchantWallet(ctx, merchant.merchantId, network);
      } catch (error) {
        if (!(error instanceof MerchantCommandError && error.code === 'NOT_FOUND')) throw error;
        // Removed already (a reloaded form, another tab): say so on the wallets page.
        return send(res, merchant, {
          status: 404,
          message: null,
          error: { network, text: `There is no ${network.toUpperCase()} wallet to remove.` },
          justRemoved: network,
        });
      }
      req.log.info({ merchantId: merchant.merchantId, network }, 'wallet removed from the dashboard');
      return send(res, merchant, {
        message: `The ${network.toUpperCase()} wallet is removed: new ${network} payments are refused until you set one. Payments already paying to it are still watched.`,
        error: null,
        justRemoved: network,
      });
    }),
  );

  return router;
}
