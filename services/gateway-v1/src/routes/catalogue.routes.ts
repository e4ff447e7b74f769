import { onConfiguredChain } from '@gw/chain';
import { v1Validators } from '@gw/contracts/api/v1';
import { canTakeMoneyIn, offeredPayCurrencies, toJsonNumber } from '@gw/domain';
import { asyncRoute } from '@gw/platform';
import { admittingMerchant, payableCoinsOf } from '@gw/application';
import { Router, type Request } from 'express';
import { merchantOf, optionalMerchant, API_KEY_HEADER } from '../http/auth';
import { invalidParams } from '@gw/families';
import { validatedQuery } from '../http/validation';
import { knownCurrency } from '../requests/payment-requests';
import { toFullCurrency, toMerchantCoin } from '../records/currency-records';
import { moneyOf } from '../requests/request-values';
import type { V1RouteDeps } from './deps';

/** Status, currency lists, estimates and minimums: public except the merchant's own coin list. */
export function catalogueRoutes({ ctx, directory, auth }: V1RouteDeps): Router {
  const router = Router();
  const baseUrl = ctx.config.baseUrl;

  router.get('/status', (_req, res) => {
    res.json({ message: 'OK' });
  });

  /**
   * Coins on networks that can take money now (for the merchant whose key comes along, else any
   * merchant), each with its place in the catalogue, which stays its id however many are left out.
   */
  async function payableCoins(req: Request) {
    const merchant = await optionalMerchant(directory, req.get(API_KEY_HEADER));
    const payable = payableCoinsOf(merchant, ctx.config);
    return ctx.rates
      .current()
      .cryptoCurrencies()
      .map((crypto, position) => ({ crypto, position }))
      .filter(({ crypto }) => canTakeMoneyIn(payable, crypto));
  }

  router.get(
    '/currencies',
    asyncRoute(async (req, res) => {
      validatedQuery(v1Validators.currenciesQuery, req.query);
      // Every catalogue coin supports fixed-rate payments, so fixed_rate=true lists the same codes.
      res.json({ currencies: (await payableCoins(req)).map(({ crypto }) => crypto.code) });
    }),
  );

  router.get(
    '/full-currencies',
    asyncRoute(async (req, res) => {
      res.json({
        currencies: (await payableCoins(req)).map(({ crypto, position }) =>
          toFullCurrency(onConfiguredChain(crypto, ctx.config.chainWatchers), position, baseUrl),
        ),
      });
    }),
  );

  router.get('/merchant/coins', auth, (_req, res) => {
    const coins = offeredPayCurrencies(admittingMerchant(merchantOf(res), ctx.config), ctx.rates.current());
    res.json({ selectedCurrencies: coins.map((crypto) => toMerchantCoin(crypto, baseUrl)) });
  });

  router.get('/estimate', (req, res) => {
    const query = validatedQuery(v1Validators.estimateQuery, req.query);
    const rates = ctx.rates.current();
    const from = knownCurrency(rates, 'currency_from', query.currency_from.trim().toLowerCase());
    const to = knownCurrency(rates, 'currency_to', query.currency_to.trim().toLowerCase());
    const amountFrom = moneyOf('amount', query.amount, from);
    res.json({
      currency_from: from.code,
      amount_from: toJsonNumber(amountFrom),
      currency_to: to.code,
      estimated_amount: rates.estimate(amountFrom, from.code, to.code),
    });
  });

  router.get(
    '/min-amount',
    asyncRoute(async (req, res) => {
      const query = validatedQuery(v1Validators.minAmountQuery, req.query);
      const rates = ctx.rates.current();
      const from = knownCurrency(rates, 'currency_from', query.currency_from.trim().toLowerCase());
      const toCode =
        query.currency_to?.trim().toLowerCase() ??
        (await defaultOutcome(req.get(API_KEY_HEADER))) ??
        from.code;
      const to = knownCurrency(rates, 'currency_to', toCode);
      if (from.kind === 'fiat' && to.kind === 'fiat') {
        throw invalidParams('currency_to must be a crypto currency when currency_from is a fiat currency');
      }
      const fiat = knownCurrency(
        rates,
        'fiat_equivalent',
        query.fiat_equivalent?.trim().toLowerCase() ?? 'usd',
      );
      const minimum = rates.minAmount(from.code, to.code, fiat.code);
      res.json({
        currency_from: minimum.currencyFrom,
        currency_to: minimum.currencyTo,
        min_amount: toJsonNumber(minimum.minAmount),
        fiat_equivalent: toJsonNumber(minimum.fiatEquivalent),
      });
    }),
  );

  /** The merchant's outcome currency when the caller identified itself, as upstream routes it. */
  async function defaultOutcome(apiKey: string | undefined): Promise<string | null> {
    const merchant = await optionalMerchant(directory, apiKey);
    return merchant?.outcomeCurrency?.toLowerCase() ?? null;
  }

  return router;
}
