import { Router } from 'express';
import { asyncRoute } from '@gw/platform';
import {
  createMerchant,
  enabledCoinsFrom,
  knownCurrency,
  rotateMerchantCredential,
  setMerchantCoins,
  setMerchantOutcomeCurrency,
  validateInput,
  type ReadSide,
  type ServiceContext,
} from '@gw/application';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import { notFound } from './admin-errors';
import { credentialParam, merchantIdParam, pageQuery } from './admin-params';
import {
  createMerchantSchema,
  setCoinsSchema,
  setOutcomeCurrencySchema,
  type CreateMerchantBody,
  type SetCoinsBody,
  type SetOutcomeCurrencyBody,
} from './admin-schemas';
import {
  CREDENTIALS,
  merchantDocumentView,
  merchantKeysView,
  type CreatedMerchantView,
  type MerchantCoinsView,
  type MerchantListView,
  type MerchantOutcomeCurrencyView,
  type RotatedCredentialView,
} from './admin-views';

/** Merchants: onboarding (keys shown once), listing without secrets, key rotation, coins, outcome currency. */
export function merchantRoutes(ctx: ServiceContext, readSide: ReadSide): Router {
  const router = Router();
  const merchants = () => ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);

  router.post(
    '/merchants',
    asyncRoute(async (req, res) => {
      const body = validateInput<CreateMerchantBody>(createMerchantSchema, req.body);
      const rates = ctx.rates.current();
      const enabledCoins = enabledCoinsFrom(rates, body.enabled_coins);
      const outcomeCurrency = body.outcome_currency
        ? knownCurrency(rates, 'outcome_currency', body.outcome_currency)
        : null;
      const name = body.name.trim();
      const email = body.email ?? null;
      const keys = await createMerchant(ctx, { name, email, enabledCoins, outcomeCurrency });
      req.log.info({ merchantId: keys.merchantId }, 'merchant created through the admin API');
      const created: CreatedMerchantView = {
        ...merchantKeysView(keys),
        name,
        email,
        enabled_coins: enabledCoins,
        outcome_currency: outcomeCurrency,
      };
      res.status(201).json(created);
    }),
  );

  router.get(
    '/merchants',
    asyncRoute(async (req, res) => {
      const { limit, offset } = pageQuery(req.query);
      const [count, page] = await Promise.all([
        merchants().count({}),
        merchants().find({ filter: {}, sort: [['createdAt', 1]], skip: offset, limit }),
      ]);
      const list: MerchantListView = { count, limit, offset, result: page.map(merchantDocumentView) };
      res.json(list);
    }),
  );

  router.get(
    '/merchants/:merchantId',
    asyncRoute(async (req, res) => {
      const merchant = await readSide.merchant(merchantIdParam(req.params.merchantId));
      if (!merchant) throw notFound('merchant');
      res.json(merchantDocumentView(merchant));
    }),
  );

  router.post(
    '/merchants/:merchantId/keys/:credential/rotate',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const credentialPath = credentialParam(req.params.credential);
      const credential = CREDENTIALS[credentialPath];
      const secret = await rotateMerchantCredential(ctx, merchantId, credential.name);
      req.log.info(
        { merchantId, credential: credential.name },
        'merchant credential rotated through the admin API',
      );
      const rotated: RotatedCredentialView = {
        merchant_id: merchantId,
        credential: credentialPath,
        [credential.field]: secret,
      };
      res.json(rotated);
    }),
  );

  router.put(
    '/merchants/:merchantId/coins',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const body = validateInput<SetCoinsBody>(setCoinsSchema, req.body);
      const enabledCoins = enabledCoinsFrom(ctx.rates.current(), body.enabled_coins);
      await setMerchantCoins(ctx, merchantId, enabledCoins);
      const coins: MerchantCoinsView = { merchant_id: merchantId, enabled_coins: enabledCoins };
      res.json(coins);
    }),
  );

  router.put(
    '/merchants/:merchantId/outcome-currency',
    asyncRoute(async (req, res) => {
      const merchantId = merchantIdParam(req.params.merchantId);
      const body = validateInput<SetOutcomeCurrencyBody>(setOutcomeCurrencySchema, req.body);
      const outcomeCurrency = await setMerchantOutcomeCurrency(ctx, merchantId, body.outcome_currency);
      const view: MerchantOutcomeCurrencyView = {
        merchant_id: merchantId,
        outcome_currency: outcomeCurrency,
      };
      res.json(view);
    }),
  );

  return router;
}
