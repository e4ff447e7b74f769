import type { RefusalCode } from '../admission/refusals';
import { PaymentRefused } from '../admission/refusals';
import {
  admitPayment,
  type AdmittedPayment,
  type PaymentRequestTerms,
  type PriceFreshness,
  type PriceViews,
  type RatesSnapshot,
} from '../admission/admission';
import type { AdmittingMerchant } from '../admission/coin-acceptance';
import { thrownBy } from './decider-spec';

/** Price views for a test: the fixed snapshot, and live prices (none by default) judged at `freshness`. */
export function priceViews<Rates extends RatesSnapshot>(
  fixed: Rates,
  live: Rates | null = null,
  freshness: PriceFreshness = { now: new Date(0), maxAgeSeconds: 600 },
): PriceViews<Rates> {
  return { fixed, live, freshness };
}

/**
 * given(merchant).when(request).then({...}) / .thenRefuses(code): admission tests that read as
 * specifications, against the given price views (a bare snapshot: test payments' fixed prices only).
 */
export function admissionSpec(prices: PriceViews | RatesSnapshot) {
  const views = 'fixed' in prices ? prices : priceViews(prices);
  return {
    given(merchant: AdmittingMerchant) {
      return {
        when(request: PaymentRequestTerms) {
          const run = () => admitPayment(request, merchant, views);
          return {
            /** The admitted terms match these (currencies compared by code). */
            then(expected: Partial<Omit<AdmittedPayment, 'priceCurrency' | 'payCurrency'>> & CurrencyCodes) {
              const admitted = run();
              expect({
                ...admitted,
                priceCurrency: admitted.priceCurrency.code,
                payCurrency: admitted.payCurrency.code,
              }).toMatchObject(expected);
            },
            thenRefuses(code: RefusalCode): PaymentRefused {
              const thrown = thrownBy(run);
              expect(thrown).toBeInstanceOf(PaymentRefused);
              expect((thrown as PaymentRefused).refusal.code).toBe(code);
              return thrown as PaymentRefused;
            },
          };
        },
      };
    },
  };
}

interface CurrencyCodes {
  priceCurrency?: string;
  payCurrency?: string;
}
