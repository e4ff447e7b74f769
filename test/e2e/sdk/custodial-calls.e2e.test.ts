import path from 'node:path';
import { AlphaClient } from '../alpha/alpha-client';
import { runPythonDriver } from '../../support/python-sdks';
import { startTestGateway, type TestGateway } from '../../support/gateway';

type Outcome = { returned?: unknown; raised?: string; code?: number | null; message?: string };

const NON_CUSTODIAL =
  /non-custodial: every payment goes straight to your own wallet and it never holds funds/;

/**
 * The custodial calls of the real Cryptomus and OxaPay Python SDKs (from PyPI, in a virtual environment
 * the test creates): each is authenticated as upstream would, then refused in the family's own error shape
 * with the reason, never a 404 or a 500.
 */
describe('custodial SDK calls are refused, naming why', () => {
  let gateway: TestGateway;
  let results: Record<string, Outcome>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    const merchant = gateway.demoMerchant;
    results = await runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'custodial-driver.py'), [
      gateway.baseUrl,
      merchant.merchantId,
      merchant.paymentKey,
      merchant.betaApiKey,
      'a-key-this-gateway-never-issued',
    ]);
  }, 600_000);

  afterAll(() => gateway?.stop());

  /**
   * pyCryptomusAPI reports code -5 for every non-2xx answer (it tests the requests Response for truth,
   * which is false for 4xx), so only `cryptomus`, which passes the HTTP status on, shows the 403.
   */
  const codeOf = (label: string) => (label.startsWith('pyCryptomusAPI.') ? -5 : 403);
  const refused = (label: string) => {
    const outcome = results[label];
    expect(outcome?.code).toBe(codeOf(label));
    expect(outcome?.message).toMatch(NON_CUSTODIAL);
    return outcome;
  };

  it.each([
    ['cryptomus.Payment.balance', /^Balance is not available/],
    ['cryptomus.Payout.create', /^Payouts are not available/],
    ['cryptomus.Payout.info', /^Payouts are not available/],
    ['pyCryptomusAPI.balance', /^Balance is not available/],
    ['pyCryptomusAPI.create_payout', /^Payouts are not available/],
    ['pyCryptomusAPI.payout_information', /^Payouts are not available/],
    ['pyCryptomusAPI.payout_history', /^Payouts are not available/],
    ['pyCryptomusAPI.payout_services', /^Payouts are not available/],
    ['pyCryptomusAPI.transfer_to_personal', /^Transfers are not available/],
    ['pyCryptomusAPI.transfer_to_business', /^Transfers are not available/],
    ['pyCryptomusAPI.test_payout_webhook', /^Payouts are not available/],
    ['pyCryptomusAPI.block_wallet_refund', /^Refunds of a blocked wallet are not available/],
  ])('family A: %s raises the SDK error with state 1 and the reason', (label, reason) => {
    expect(refused(label)?.message).toMatch(reason);
    expect(results[label]?.raised).toMatch(/^(RequestExceptionsBuilder|pyCryptomusAPIException)$/);
  });

  it.each([
    [
      'pyCryptomusAPI.mark_payment_as_paid',
      /^Marking a payment as paid is not available: .*follows only what the chain shows/,
    ],
    [
      'pyCryptomusAPI.create_recurrence',
      /^Recurring payments are not available: .*use its subscriptions/,
    ],
    ['pyCryptomusAPI.recurrence_information', /^Recurring payments are not available/],
    ['pyCryptomusAPI.recurrence_history', /^Recurring payments are not available/],
    ['pyCryptomusAPI.cancel_recurrence', /^Recurring payments are not available/],
  ])('family A: %s (not a custody matter) raises the SDK error with the reason', (label, reason) => {
    expect(results[label]).toMatchObject({ raised: 'pyCryptomusAPIException', code: -5 });
    expect(results[label]?.message).toMatch(reason);
  });

  it('checks the sign before refusing a call for another reason than custody', () => {
    expect(results['pyCryptomusAPI.cancel_recurrence (bad sign)']).toMatchObject({
      code: -5,
      message: 'Invalid Sign.',
    });
  });

  it.each([
    ['oxapay.Payout.generate', /Payouts are not available/],
    ['oxapay.Payout.information', /Payouts are not available/],
    ['oxapay.Payout.history', /Payouts are not available/],
    ['oxapay.Account.balance', /Balance is not available/],
    ['oxapay.Exchange.swap_request', /Swaps are not available/],
    ['oxapay.Exchange.swap_history', /Swaps are not available/],
    ['oxapay.Exchange.swap_pairs', /Swaps are not available/],
    ['oxapay.Exchange.swap_calculate', /Swaps are not available/],
    ['oxapay.Exchange.swap_rate', /Swaps are not available/],
  ])('family B: %s raises with the envelope summary and the reason', (label, reason) => {
    const outcome = results[label];
    expect(outcome?.raised).toBe('HttpException');
    // oxapay-python words its exception as the envelope's message, then error.message.
    expect(outcome?.message).toMatch(/^Not supported by this gateway\. /);
    expect(outcome?.message).toMatch(reason);
    expect(outcome?.message).toMatch(NON_CUSTODIAL);
  });

  it("checks the family's credentials first", () => {
    for (const label of [
      'cryptomus.Payment.balance (bad sign)',
      'pyCryptomusAPI.balance (bad sign)',
      'pyCryptomusAPI.create_payout (bad sign)',
    ]) {
      expect(results[label]).toMatchObject({
        code: label.startsWith('pyCryptomusAPI.') ? -5 : 401,
        message: 'Invalid Sign.',
      });
    }
    expect(results['oxapay.Payout.generate (bad key)']).toMatchObject({
      raised: 'InvalidApiKeyException',
      message: 'Authentication failed. Invalid payout API key.',
    });
    expect(results['oxapay.Account.balance (bad key)']).toMatchObject({
      raised: 'InvalidApiKeyException',
      message: 'Authentication failed. Invalid general API key.',
    });
  });
});

describe('custodial calls over plain HTTP', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway();
  });

  afterAll(() => gateway?.stop());

  it('answers family A 403 {state: 1, message}, signed with the payment key', async () => {
    const client = new AlphaClient(gateway.baseUrl, gateway.demoMerchant);
    for (const endpoint of ['/balance', '/payout', '/payout/list', '/transfer/to-personal']) {
      const answer = await client.send('POST', endpoint, { body: '' });
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 403 });
      expect(answer.body).toEqual({ state: 1, message: expect.stringMatching(NON_CUSTODIAL) });
    }
  });

  it('answers family B in the full envelope, status 403 in the body too', async () => {
    const response = await fetch(`${gateway.baseUrl}/beta/v1/payout`, {
      headers: { payout_api_key: gateway.demoMerchant.betaApiKey },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      data: {},
      message: 'Not supported by this gateway.',
      error: { type: 'not_supported', key: 'custody', message: expect.stringMatching(NON_CUSTODIAL) },
      status: 403,
      version: '1.0.0',
    });
  });

  it('asks family B for the key header upstream names, not merchant_api_key', async () => {
    const response = await fetch(`${gateway.baseUrl}/beta/v1/general/account/balance`, {
      headers: { merchant_api_key: gateway.demoMerchant.betaApiKey },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { type: 'authentication_error', key: 'general_api_key' },
    });
  });
});
