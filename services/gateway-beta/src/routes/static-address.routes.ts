import { flagValue } from '@gw/contracts/api/beta';
import {
  betaCreatedStaticAddress,
  betaStaticAddressNotFound,
  betaStaticAddressItem,
  betaNetworkName as networkNameOf,
  codesForSymbol,
  invalidField,
  networkCodesFor,
} from '@gw/families';
import { asyncRoute, parseBody } from '@gw/platform';
import {
  NoPayingWalletError,
  StaticAddressRevokedError,
  findStaticAddress,
  openStaticAddress,
  revokeStaticAddress,
} from '@gw/application';
import type { Filter } from '@gw/store';
import { COLLECTIONS, type StaticAddressDocument } from '@gw/views';
import { Router } from 'express';
import { merchantOf } from '../http/auth';
import { sendData } from '../http/envelope';
import { betaValidators, valid } from '../http/validation';
import { metaOf } from '../requests/list-query';
import type { BetaRouteDeps } from './deps';

/**
 * Static addresses: hand one out (the same one for an order asked again), revoke it, list them with what
 * each received. Every deposit to one is a payment of its own, opened by the chain watcher.
 */
export function staticAddressRoutes({ ctx, auth, idempotent }: BetaRouteDeps): Router {
  const router = Router();
  const pagesUrl = ctx.config.baseUrl.replace(/\/+$/, '');
  const addresses = ctx.readModels.collection<StaticAddressDocument>(COLLECTIONS.staticAddresses);
  const networkOf = (named: string): string => {
    const [code] = networkCodesFor(ctx.rates.current(), named);
    if (code === undefined)
      throw invalidField({ key: 'network', message: 'The selected network is invalid.' });
    return code;
  };

  router.post(
    '/payment/static-address',
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    auth,
    idempotent,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.createStaticAddress.check(req.body));
      const network = networkOf(input.network);
      const orderId = input.order_id === undefined || input.order_id === null ? null : String(input.order_id);
      try {
        const terms = await openStaticAddress(ctx, {
          merchantId: merchantOf(res).merchantId,
          family: 'beta',
          network,
          networkName: networkNameOf(ctx.rates.current(), network),
          payCurrency: null,
          orderId,
          callbackUrl: input.callback_url ?? null,
          email: input.email ?? null,
          description: input.description ?? null,
          toCurrency: input.to_currency ? input.to_currency.toUpperCase() : null,
        });
        const qrCode = `${pagesUrl}/pay/static/${terms.uuid}/qr.svg`;
        sendData(res, betaCreatedStaticAddress(terms, qrCode));
      } catch (error) {
        if (error instanceof NoPayingWalletError)
          throw invalidField({
            key: 'network',
            message: `The network ${input.network} has no watched wallet of this merchant: static addresses are handed out from the merchant's own wallet only.`,
          });
        if (error instanceof StaticAddressRevokedError)
          throw invalidField({ key: 'order_id', message: error.message });
        throw error;
      }
    }),
  );

  router.post(
    '/payment/static-address/revoke',
    parseBody({ limitBytes: ctx.config.bodyLimitBytes }),
    auth,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.revokeStaticAddress.check(req.body));
      const network = input.network ? networkOf(input.network) : null;
      const found = await findStaticAddress(ctx, merchantOf(res).merchantId, {
        address: input.address.trim(),
        ...(network === null ? {} : { network }),
      });
      if (!found) throw betaStaticAddressNotFound();
      await revokeStaticAddress(ctx, found);
      sendData(res, {});
    }),
  );

  router.get(
    '/payment/static-address',
    auth,
    asyncRoute(async (req, res) => {
      const input = valid(betaValidators.staticAddressList.check(req.query));
      const rates = ctx.rates.current();
      const filter: Filter = { merchantId: merchantOf(res).merchantId };
      // Track ids are digits: any other value names no address.
      if (input.track_id)
        filter.staticAddressId = /^\d{1,15}$/.test(input.track_id.trim())
          ? Number(input.track_id.trim())
          : -1;
      if (input.network) filter.network = { $in: networkCodesFor(rates, input.network) };
      if (input.currency) filter.payCurrencies = { $in: codesForSymbol(rates, input.currency) };
      if (input.address) filter.address = input.address.trim();
      if (input.have_tx !== undefined && input.have_tx !== null)
        filter.hasDeposits = flagValue(input.have_tx, false);
      if (input.order_id) filter.orderId = input.order_id.trim();
      if (input.email) filter.email = input.email.trim();
      const page = input.page ?? 1;
      const size = input.size ?? 10;
      const [rows, total] = await Promise.all([
        addresses.find({ filter, sort: [['createdAt', -1]], skip: (page - 1) * size, limit: size }),
        addresses.count(filter),
      ]);
      sendData(res, {
        list: rows.map((row) => betaStaticAddressItem(row, rates)),
        meta: metaOf(page, size, total),
      });
    }),
  );

  return router;
}
