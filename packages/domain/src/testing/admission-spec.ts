import type { RefusalCode } from '../admission/refusals';
import { PaymentRefused } from '../admission/refusals';
import {
  admitPayment,
  type AdmittedPayment,
  type PaymentRequestTerms,
  type PriceFreshness,
  type RatesSnapshot,
} from '../admission/admission';
import type { AdmittingMerchant } from '../admission/coin-acceptance';
import { thrownBy } from './decider-spec';

/**
 * given(merchant).when(request).then({...}) / .thenRefuses(code): admission tests that read as
 * specifications, against one rates snapshot; prices are checked for freshness only when one is given.
 */
export function admissionSpec(rates: RatesSnapshot, freshness: PriceFreshness | null = null) {
  return {
    given(merchant: AdmittingMerchant) {
      return {
        when(request: PaymentRequestTerms) {
          const run = () => admitPayment(request, merchant, rates, freshness);
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
