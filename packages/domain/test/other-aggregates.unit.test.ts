import {
  invoiceAggregate,
  merchantAggregate,
  subscriptionAggregate,
  subscriptionPlanAggregate,
  decideFromHistory,
  parseStreamId,
  streamIdOf,
} from '../src';
import type { InvoiceTerms } from '../src/invoice/invoice';
import { deciderSpec } from '../src/testing/decider-spec';
import { sampleInvoiceTerms } from '../src/testing/invoice-fixtures';
import { merchant, meta } from './fixtures';

const invoiceTerms: InvoiceTerms = sampleInvoiceTerms({
  invoiceId: '4522625843',
  tokenId: 'tok',
  merchantId: 'm1',
  orderId: 'RGDBP-21314',
  orderDescription: 'Apple Macbook Pro 2019 x 1',
  ipnCallbackUrl: 'https://nowpayments.io',
  successUrl: 'https://nowpayments.io',
  cancelUrl: 'https://nowpayments.io',
});

describe('invoice decider', () => {
  const spec = deciderSpec(invoiceAggregate);
  it('creates an invoice once', () => {
    spec
      .given([])
      .when({ type: 'CreateInvoice', data: invoiceTerms, metadata: meta() })
      .then([{ type: 'InvoiceCreated', data: invoiceTerms }]);
    spec
      .given([{ type: 'InvoiceCreated', data: invoiceTerms }])
      .when({ type: 'CreateInvoice', data: invoiceTerms, metadata: meta() })
      .thenThrows('STREAM_ALREADY_EXISTS');
  });
  it('records the payment a buyer started, once', () => {
    const started = {
      type: 'InvoicePaymentStarted' as const,
      data: { paymentId: 7, payCurrency: 'btc', at: meta().now },
    };
    spec
      .given([{ type: 'InvoiceCreated', data: invoiceTerms }])
      .when({ type: 'StartInvoicePayment', data: { paymentId: 7, payCurrency: 'btc' }, metadata: meta() })
      .then([started]);
    spec
      .given([{ type: 'InvoiceCreated', data: invoiceTerms }, started])
      .when({ type: 'StartInvoicePayment', data: { paymentId: 7, payCurrency: 'btc' }, metadata: meta() })
      .then([]);
  });
});

describe('merchant decider', () => {
  const spec = deciderSpec(merchantAggregate);
  const created = [{ type: 'MerchantCreated' as const, data: merchant }];
  it('rotates a hashed key only with a new hash', () => {
    spec
      .given(created)
      .when({
        type: 'RotateMerchantCredential',
        data: { credential: 'apiKey', hash: null, cipher: null },
        metadata: meta(),
      })
      .thenThrows('INVALID_MERCHANT');
    const state = spec
      .given([
        ...created,
        {
          type: 'MerchantCredentialRotated',
          data: { credential: 'betaApiKey', hash: 'n', cipher: 'nc', at: meta().now },
        },
      ])
      .state();
    expect(state).toMatchObject({
      credentials: { betaApiKeyHash: 'n', betaApiKeyCipher: 'nc', apiKeyHash: 'h1' },
    });
  });
  it('reseals every sealed credential at once, keeping the hashes', () => {
    const ciphers = { betaApiKeyCipher: 'b2', paymentKeyCipher: 'p2', ipnSecretCipher: 'i2' };
    const resealed = { type: 'MerchantCredentialsResealed' as const, data: { ...ciphers, at: meta().now } };
    spec
      .given(created)
      .when({ type: 'ResealMerchantCredentials', data: ciphers, metadata: meta() })
      .then([resealed]);
    spec
      .given(created)
      .when({
        type: 'ResealMerchantCredentials',
        data: { ...ciphers, ipnSecretCipher: '' },
        metadata: meta(),
      })
      .thenThrows('INVALID_MERCHANT');
    spec
      .given([])
      .when({ type: 'ResealMerchantCredentials', data: ciphers, metadata: meta() })
      .thenThrows('NOT_FOUND');
    expect(spec.given([...created, resealed]).state()).toMatchObject({
      credentials: { ...ciphers, apiKeyHash: 'h1', betaApiKeyHash: merchant.betaApiKeyHash },
    });
  });
  it('changes enabled coins', () => {
    spec
      .given(created)
      .when({ type: 'SetMerchantCoins', data: { enabledCoins: ['btc'] }, metadata: meta() })
      .then([{ type: 'MerchantCoinsChanged', data: { enabledCoins: ['btc'], at: meta().now } }]);
  });
  it('changes the outcome currency, or clears it', () => {
    spec
      .given(created)
      .when({ type: 'SetMerchantOutcomeCurrency', data: { outcomeCurrency: 'usdttrc20' }, metadata: meta() })
      .then([
        { type: 'MerchantOutcomeCurrencyChanged', data: { outcomeCurrency: 'usdttrc20', at: meta().now } },
      ]);
    const state = spec
      .given([
        ...created,
        { type: 'MerchantOutcomeCurrencyChanged', data: { outcomeCurrency: 'eur', at: meta().now } },
        { type: 'MerchantOutcomeCurrencyChanged', data: { outcomeCurrency: null, at: meta().now } },
      ])
      .state();
    expect(state).toMatchObject({ profile: { outcomeCurrency: null } });
  });
  it('refuses an outcome currency for a merchant that does not exist', () => {
    spec
      .given([])
      .when({ type: 'SetMerchantOutcomeCurrency', data: { outcomeCurrency: 'eur' }, metadata: meta() })
      .thenThrows('NOT_FOUND');
  });
});

describe('subscription plan and subscription deciders', () => {
  it('refuses a plan with a zero interval', () => {
    deciderSpec(subscriptionPlanAggregate)
      .given([])
      .when({
        type: 'CreateSubscriptionPlan',
        data: {
          planId: 1,
          merchantId: 'm1',
          title: 't',
          amount: '10',
          currency: 'usd',
          intervalDay: 0,
          successUrl: null,
          cancelUrl: null,
          partiallyPaidUrl: null,
          ipnCallbackUrl: null,
          createdAt: meta().now,
        },
        metadata: meta(),
      })
      .thenThrows('INVALID_SUBSCRIPTION');
  });
  it.each(['Infinity', 'NaN', '-Infinity', '1e309', '1000000000000000.5', '0'])(
    'refuses a plan whose amount is %s, whichever entry point sent it',
    (amount) => {
      deciderSpec(subscriptionPlanAggregate)
        .given([])
        .when({
          type: 'CreateSubscriptionPlan',
          data: {
            planId: 1,
            merchantId: 'm1',
            title: 't',
            amount,
            currency: 'usd',
            intervalDay: 30,
            successUrl: null,
            cancelUrl: null,
            partiallyPaidUrl: null,
            ipnCallbackUrl: null,
            createdAt: meta().now,
          },
          metadata: meta(),
        })
        .thenThrows('INVALID_AMOUNT');
    },
  );
  it('keeps a cancelled subscription cancelled', () => {
    const spec = deciderSpec(subscriptionAggregate);
    const created = {
      type: 'SubscriptionCreated' as const,
      data: {
        subscriptionId: 1,
        planId: 1,
        merchantId: 'm1',
        subscriberEmail: 'a@b.c',
        createdAt: meta().now,
        expireDate: meta().now,
      },
    };
    const cancelled = {
      type: 'SubscriptionStatusChanged' as const,
      data: { status: 'cancelled' as const, at: meta().now },
    };
    spec
      .given([created, cancelled])
      .when({ type: 'ChangeSubscriptionStatus', data: { status: 'active' }, metadata: meta() })
      .thenThrows('INVALID_TRANSITION');
    spec
      .given([created])
      .when({ type: 'ChangeSubscriptionStatus', data: { status: 'paused' }, metadata: meta() })
      .then([{ type: 'SubscriptionStatusChanged', data: { status: 'paused', at: meta().now } }]);
  });
});

describe('aggregate routing', () => {
  it('round-trips stream ids', () => {
    expect(parseStreamId(streamIdOf('payment', 123))).toEqual({ aggregate: 'payment', id: '123' });
    expect(parseStreamId('invoice-4f1c-aa')).toEqual({ aggregate: 'invoice', id: '4f1c-aa' });
  });
  it('decides from history through the right aggregate', () => {
    expect(
      decideFromHistory({ type: 'CreateInvoice', data: invoiceTerms, metadata: meta() }, []),
    ).toHaveLength(1);
  });
});
