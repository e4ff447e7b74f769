import { asyncRoute, sha256Hex } from '@gw/platform';
import {
  enabledCoinsFrom,
  InvalidInputError,
  rotateMerchantCredential,
  setMerchantCoins,
  setMerchantOutcomeCurrency,
  type ServiceContext,
} from '@gw/application';
import type { MerchantDocument } from '@gw/views';
import { Router, type Request, type Response } from 'express';
import { type DashboardSessions, sendNotFound, merchantOf, signedInOf } from '@gw/dashboard-shell';
import { emptyForm } from '../views/form-field';
import { renderSettingsPage, ROTATABLE, type RotatablePath, type SettingsView } from '../views/settings-page';

/** Coins, outcome currency, keys and secrets (rotated with a confirmation, the new value shown once). */
export function settingsRoutes(ctx: ServiceContext, sessions: DashboardSessions): Router {
  const router = Router();
  const catalogue = () =>
    ctx.rates
      .current()
      .cryptoCurrencies()
      .map(({ code, name }) => ({ code, name }));

  async function send(
    res: Response,
    merchant: MerchantDocument,
    extra: Partial<
      Pick<SettingsView, 'message' | 'error' | 'rotated' | 'enabledCoins' | 'outcomeCurrency' | 'outcomeForm'>
    > & {
      status?: number;
    } = {},
  ) {
    res
      .status(extra.status ?? 200)
      .type('html')
      .send(
        renderSettingsPage({
          chrome: signedInOf(res).chrome('settings'),
          coins: catalogue(),
          enabledCoins: extra.enabledCoins !== undefined ? extra.enabledCoins : merchant.enabledCoins,
          outcomeCurrency:
            extra.outcomeCurrency !== undefined ? extra.outcomeCurrency : merchant.outcomeCurrency,
          outcomeForm: extra.outcomeForm ?? emptyForm(),
          message: extra.message ?? null,
          error: extra.error ?? null,
          rotated: extra.rotated ?? null,
        }),
      );
  }

  router.get(
    '/dashboard/settings',
    asyncRoute(async (_req, res) => send(res, merchantOf(res))),
  );

  router.post(
    '/dashboard/settings/coins',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const fields = req.body as Record<string, unknown>;
      const ticked = ([] as unknown[])
        .concat(fields.coin ?? [])
        .filter((code): code is string => typeof code === 'string');
      if (fields.mode !== 'all' && ticked.length === 0)
        return send(res, merchant, { status: 422, error: 'Tick at least one coin, or accept every coin.' });
      let enabledCoins: string[] | null;
      try {
        // The admin API's rule: catalogue cryptocurrencies, in their catalogue spelling, once each.
        enabledCoins = enabledCoinsFrom(ctx.rates.current(), fields.mode === 'all' ? null : ticked);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        return send(res, merchant, { status: 422, error: `${error.message}.` });
      }
      await setMerchantCoins(ctx, merchant.merchantId, enabledCoins);
      send(res, merchant, { enabledCoins, message: 'Coins saved.' });
    }),
  );

  router.post(
    '/dashboard/settings/outcome-currency',
    asyncRoute(async (req, res) => {
      const merchant = merchantOf(res);
      const typed = (req.body as Record<string, unknown>).outcome_currency;
      const code = typeof typed === 'string' && typed.trim() !== '' ? typed.trim() : null;
      try {
        const outcomeCurrency = await setMerchantOutcomeCurrency(ctx, merchant.merchantId, code);
        send(res, merchant, { outcomeCurrency, message: 'Outcome currency saved.' });
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        const problems = Object.fromEntries(error.problems.map(({ field, message }) => [field, message]));
        send(res, merchant, {
          status: 422,
          error: 'The outcome currency was not saved.',
          outcomeForm: { values: { outcome_currency: code ?? '' }, problems },
        });
      }
    }),
  );

  router.post(
    '/dashboard/settings/keys/:credential/rotate',
    asyncRoute(async (req: Request<{ credential: string }>, res) => {
      const merchant = merchantOf(res);
      if (!Object.hasOwn(ROTATABLE, req.params.credential)) return sendNotFound(req, res);
      const credential = ROTATABLE[req.params.credential as RotatablePath];
      if ((req.body as Record<string, unknown>).confirm !== 'yes') {
        return send(res, merchant, { status: 422, error: 'Tick the confirmation to rotate.' });
      }
      const value = await rotateMerchantCredential(ctx, merchant.merchantId, credential.name);
      if (credential.name === 'apiKey') {
        const { sessionId, session } = signedInOf(res);
        await sessions.rekey(sessionId, session, sha256Hex(value));
      }
      req.log.info(
        { merchantId: merchant.merchantId, credential: credential.name },
        'credential rotated from the dashboard',
      );
      send(res, merchant, { rotated: { label: credential.label, value } });
    }),
  );

  return router;
}
