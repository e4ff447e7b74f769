import {
  InvalidInputError,
  newPlanSchema,
  refundSchema,
  newSubscriptionSchema,
  subscriptionStatusSchema,
  validateInput,
} from '@gw/application';
import { createMerchantSchema, setCoinsSchema } from '../src/admin-schemas';

function refusal(schema: object, body: unknown): string {
  try {
    validateInput(schema, body);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as InvalidInputError).message;
  }
  throw new Error('the body was accepted');
}

describe('admin and dashboard input validation', () => {
  describe('POST /merchants', () => {
    it('accepts a name alone, and every optional field', () => {
      expect(validateInput(createMerchantSchema, { name: 'Shop' })).toEqual({ name: 'Shop' });
      const full = {
        name: 'Shop',
        email: 'ops@shop.example',
        enabled_coins: ['btc', 'ETH'],
        outcome_currency: 'usdttrc20',
      };
      expect(validateInput(createMerchantSchema, full)).toEqual(full);
      expect(
        validateInput(createMerchantSchema, {
          name: 'Shop',
          email: null,
          enabled_coins: null,
          outcome_currency: null,
        }),
      ).toBeTruthy();
    });

    it('requires a non-blank name', () => {
      expect(refusal(createMerchantSchema, {})).toBe('name is required');
      expect(refusal(createMerchantSchema, { name: '' })).toMatch(
        /^name must NOT have fewer than 1 characters/,
      );
      expect(refusal(createMerchantSchema, { name: '   ' })).toBe('name must not be blank');
      expect(refusal(createMerchantSchema, { name: 42 })).toBe('name must be string');
    });

    it('names a misspelt field instead of ignoring it', () => {
      expect(refusal(createMerchantSchema, { name: 'Shop', enabled_coin: ['btc'] })).toBe(
        'enabled_coin is not a known field',
      );
    });

    it('refuses a malformed email, an empty or malformed coin list, and a body that is not an object', () => {
      expect(refusal(createMerchantSchema, { name: 'Shop', email: 'not-an-email' })).toBe(
        'email must match format "email"',
      );
      expect(refusal(createMerchantSchema, { name: 'Shop', enabled_coins: [] })).toBe(
        'enabled_coins must NOT have fewer than 1 items',
      );
      expect(refusal(createMerchantSchema, { name: 'Shop', enabled_coins: ['btc', 7] })).toBe(
        'enabled_coins.1 must be string',
      );
      expect(refusal(createMerchantSchema, { name: 'Shop', enabled_coins: ['b tc'] })).toBe(
        'enabled_coins.0 must be a currency code (letters and digits)',
      );
      expect(refusal(createMerchantSchema, [{ name: 'Shop' }])).toBe('body must be object');
    });

    it('reports every problem at once', () => {
      expect(refusal(createMerchantSchema, { email: 'x', extra: 1 })).toBe(
        'name is required; extra is not a known field; email must match format "email"',
      );
    });
  });

  describe('PUT /merchants/{id}/coins', () => {
    it('takes a list or null (every coin), and nothing else', () => {
      expect(validateInput(setCoinsSchema, { enabled_coins: ['btc'] })).toEqual({ enabled_coins: ['btc'] });
      expect(validateInput(setCoinsSchema, { enabled_coins: null })).toEqual({ enabled_coins: null });
      expect(refusal(setCoinsSchema, {})).toBe('enabled_coins is required');
      expect(refusal(setCoinsSchema, { enabled_coins: 'btc' })).toBe('enabled_coins must be array or null');
    });
  });

  describe('POST /merchants/{id}/subscription-plans', () => {
    const plan = { title: 'Monthly', amount: 9.99, currency: 'usd', interval_day: 30 };

    it('accepts a number or an exact decimal string as the amount', () => {
      expect(validateInput(newPlanSchema, plan)).toEqual(plan);
      expect(validateInput(newPlanSchema, { ...plan, amount: '0.000000000000000001' })).toBeTruthy();
    });

    it('refuses a zero, negative or non-decimal amount', () => {
      expect(refusal(newPlanSchema, { ...plan, amount: 0 })).toBe('amount must be > 0');
      expect(refusal(newPlanSchema, { ...plan, amount: -5 })).toBe('amount must be > 0');
      expect(refusal(newPlanSchema, { ...plan, amount: '1e3' })).toBe(
        'amount must be a decimal number such as 9.99',
      );
      expect(refusal(newPlanSchema, { ...plan, amount: true })).toBe('amount must be number or string');
    });

    it('requires a whole positive number of days', () => {
      expect(refusal(newPlanSchema, { ...plan, interval_day: 0 })).toBe('interval_day must be >= 1');
      expect(refusal(newPlanSchema, { ...plan, interval_day: 1.5 })).toBe('interval_day must be integer');
      expect(refusal(newPlanSchema, { ...plan, interval_day: '30' })).toBe('interval_day must be integer');
    });

    it('takes only http(s) URLs', () => {
      expect(
        validateInput(newPlanSchema, {
          ...plan,
          success_url: 'https://shop.example/ok',
          ipn_callback_url: null,
        }),
      ).toBeTruthy();
      expect(refusal(newPlanSchema, { ...plan, cancel_url: 'javascript:alert(1)' })).toBe(
        'cancel_url must be an http or https URL',
      );
      expect(refusal(newPlanSchema, { ...plan, success_url: 'not a url' })).toContain(
        'success_url must match format "uri"',
      );
    });

    it('requires title, amount, currency and interval_day', () => {
      expect(refusal(newPlanSchema, {})).toBe(
        'title is required; amount is required; currency is required; interval_day is required',
      );
    });
  });

  describe('POST /merchants/{id}/subscriptions', () => {
    it('takes a plan id and a subscriber email', () => {
      expect(
        validateInput(newSubscriptionSchema, {
          subscription_plan_id: 1234567890,
          email: 'buyer@example.com',
        }),
      ).toBeTruthy();
      expect(refusal(newSubscriptionSchema, { subscription_plan_id: '12', email: 'buyer@example.com' })).toBe(
        'subscription_plan_id must be integer',
      );
      expect(refusal(newSubscriptionSchema, { subscription_plan_id: 12, email: 'buyer' })).toBe(
        'email must match format "email"',
      );
    });
  });

  describe('PATCH /subscriptions/{id}', () => {
    it('takes one of the four subscription statuses', () => {
      expect(validateInput(subscriptionStatusSchema, { status: 'paused' })).toEqual({
        status: 'paused',
      });
      expect(refusal(subscriptionStatusSchema, { status: 'ACTIVE' })).toBe(
        'status must be one of active, paused, cancelled, expired',
      );
    });
  });

  describe('POST /payments/{id}/refund', () => {
    it('takes an empty body or a refund transaction hash', () => {
      expect(validateInput(refundSchema, {})).toEqual({});
      expect(validateInput(refundSchema, { refund_hash: '0xabc' })).toEqual({ refund_hash: '0xabc' });
      expect(refusal(refundSchema, { refund_hash: '' })).toBe('refund_hash must NOT have fewer than 1 characters');
    });
  });
});
