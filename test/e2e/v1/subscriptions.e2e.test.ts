import { validatorFor } from '@gw/contracts';
import {
  onePlanSchema,
  oneSubscriptionSchema,
  planListSchema,
  subscriptionListSchema,
} from '@gw/contracts/api/v1';
import type { MerchantKeys } from '@gw/application';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import {
  admin,
  eventually,
  expectV1Error,
  ISO_MILLIS,
  readyClient,
  V1Client,
  type JsonBody,
} from './v1-client';

function expectSchema(schema: object, body: unknown): void {
  const validate = validatorFor(schema);
  validate(body);
  expect(validate.errors ?? []).toEqual([]);
}

describe('V1 subscription plans and subscriptions', () => {
  let gateway: TestGateway;
  let merchant: MerchantKeys;
  let client: V1Client;
  const plans: JsonBody[] = [];
  const subscriptions: JsonBody[] = [];

  beforeAll(async () => {
    gateway = await startTestGateway();
    merchant = await gateway.createMerchant('subscriptions');
    client = new V1Client(gateway, merchant.apiKey);
    await eventually(async () => expect((await client.get('/v1/subscriptions/plans')).status).toBe(200));
    for (const [title, amount, interval] of [
      ['Monthly', '9.99', 30],
      ['Yearly', 99, 365],
      ['Weekly', '2.5', 7],
    ] as const) {
      const plan = await admin(gateway, 'POST', `/merchants/${merchant.merchantId}/subscription-plans`, {
        title,
        amount,
        currency: 'usd',
        interval_day: interval,
        success_url: 'https://shop.example/ok',
        cancel_url: 'https://shop.example/cancel',
        ipn_callback_url: 'https://shop.example/ipn',
      });
      expect(plan.status).toBe(201);
      plans.push(plan.body);
    }
    const [monthly, yearly] = plans;
    for (const [plan, email] of [
      [monthly, 'a@example.com'],
      [monthly, 'b@example.com'],
      [yearly, 'c@example.com'],
      [monthly, 'd@example.com'],
    ] as const) {
      const subscription = await admin(gateway, 'POST', `/merchants/${merchant.merchantId}/subscriptions`, {
        subscription_plan_id: plan!.id,
        email,
      });
      expect(subscription.status).toBe(201);
      subscriptions.push(subscription.body);
    }
    expect(
      (await admin(gateway, 'PATCH', `/subscriptions/${subscriptions[1]!.id}`, { status: 'paused' })).status,
    ).toBe(200);
    expect(
      (await admin(gateway, 'PATCH', `/subscriptions/${subscriptions[3]!.id}`, { status: 'cancelled' }))
        .status,
    ).toBe(200);
    await eventually(async () => {
      const answer = await client.get('/v1/subscriptions?status=cancelled');
      expect(answer.body.count).toBe(1);
      expect((await client.get('/v1/subscriptions/plans')).body.count).toBe(3);
    });
    const stranger = await gateway.createMerchant('stranger');
    await admin(gateway, 'POST', `/merchants/${stranger.merchantId}/subscription-plans`, {
      title: 'Theirs',
      amount: 1,
      currency: 'usd',
      interval_day: 1,
    });
  });

  afterAll(() => gateway.stop());

  describe('GET /v1/subscriptions/plans', () => {
    it('lists the plans with numbers for amount and interval', async () => {
      const answer = await client.get('/v1/subscriptions/plans');
      expect(answer.status).toBe(200);
      expectSchema(planListSchema, answer.body);
      expect(answer.body.count).toBe(3);
      expect(answer.body.result[0]).toEqual({
        id: plans[0]!.id,
        title: 'Monthly',
        amount: 9.99,
        currency: 'usd',
        interval_day: 30,
        success_url: 'https://shop.example/ok',
        cancel_url: 'https://shop.example/cancel',
        partially_paid_url: null,
        ipn_callback_url: 'https://shop.example/ipn',
        created_at: expect.stringMatching(ISO_MILLIS),
        updated_at: expect.stringMatching(ISO_MILLIS),
      });
      expect(answer.body.result.map((p: JsonBody) => p.title)).toEqual(['Monthly', 'Yearly', 'Weekly']);
    });

    it('pages with limit and offset', async () => {
      const page = await client.get('/v1/subscriptions/plans?limit=1&offset=1');
      expect(page.body.count).toBe(3);
      expect(page.body.result.map((p: JsonBody) => p.title)).toEqual(['Yearly']);
      expect((await client.get('/v1/subscriptions/plans?offset=10')).body).toEqual({ count: 3, result: [] });
      expect((await client.get('/v1/subscriptions/plans?limit=500')).status).toBe(200);
    });

    it.each([
      ['limit=501', 'limit must be an integer from 1 to 500'],
      ['limit=0', 'limit must be an integer from 1 to 500'],
      ['offset=-1', 'offset must be a non-negative integer'],
      ['offset=abc', 'offset must be a non-negative integer'],
    ])('refuses %s', async (query, message) => {
      expectV1Error(
        await client.get(`/v1/subscriptions/plans?${query}`),
        400,
        'INVALID_REQUEST_PARAMS',
        message,
      );
    });
  });

  describe('GET /v1/subscriptions', () => {
    it('lists subscriptions with uppercase statuses and the subscriber e-mail', async () => {
      const answer = await client.get('/v1/subscriptions');
      expect(answer.status).toBe(200);
      expectSchema(subscriptionListSchema, answer.body);
      expect(answer.body.count).toBe(4);
      expect(answer.body.result.map((s: JsonBody) => [s.subscriber.email, s.status, s.is_active])).toEqual([
        ['a@example.com', 'ACTIVE', true],
        ['b@example.com', 'PAUSED', false],
        ['c@example.com', 'ACTIVE', true],
        ['d@example.com', 'CANCELLED', false],
      ]);
      expect(answer.body.result[0]).toEqual({
        id: subscriptions[0]!.id,
        subscription_plan_id: plans[0]!.id,
        status: 'ACTIVE',
        is_active: true,
        subscriber: { email: 'a@example.com' },
        created_at: expect.stringMatching(ISO_MILLIS),
        updated_at: expect.stringMatching(ISO_MILLIS),
        expire_date: expect.stringMatching(ISO_MILLIS),
      });
    });

    const emails = async (query: string) =>
      (await client.get(`/v1/subscriptions?${query}`)).body.result.map((s: JsonBody) => s.subscriber.email);

    it('filters by status', async () => {
      expect(await emails('status=active')).toEqual(['a@example.com', 'c@example.com']);
      expect(await emails('status=paused')).toEqual(['b@example.com']);
      expect(await emails('status=cancelled')).toEqual(['d@example.com']);
      expect(await emails('status=expired')).toEqual([]);
    });

    it('filters by plan and by is_active', async () => {
      expect(await emails(`subscription_plan_id=${plans[1]!.id}`)).toEqual(['c@example.com']);
      expect(await emails('is_active=true')).toEqual(['a@example.com', 'c@example.com']);
      expect(await emails('is_active=false')).toEqual(['b@example.com', 'd@example.com']);
      expect(await emails(`subscription_plan_id=${plans[0]!.id}&is_active=true`)).toEqual(['a@example.com']);
    });

    it('pages with limit and offset and counts every match', async () => {
      const answer = await client.get('/v1/subscriptions?limit=2&offset=1');
      expect(answer.body.count).toBe(4);
      expect(answer.body.result.map((s: JsonBody) => s.subscriber.email)).toEqual([
        'b@example.com',
        'c@example.com',
      ]);
    });

    it.each([
      ['status=deleted', 'status must be one of active, paused, cancelled, expired'],
      ['is_active=yes', 'is_active must be true or false'],
      ['subscription_plan_id=abc', 'subscription_plan_id must be a positive integer'],
      ['limit=501', 'limit must be an integer from 1 to 500'],
      ['offset=-5', 'offset must be a non-negative integer'],
    ])('refuses %s', async (query, message) => {
      expectV1Error(await client.get(`/v1/subscriptions?${query}`), 400, 'INVALID_REQUEST_PARAMS', message);
    });

    it("never shows another merchant's plans or subscriptions", async () => {
      const demo = await readyClient(gateway);
      expect((await demo.get('/v1/subscriptions')).body).toEqual({ count: 0, result: [] });
      expect((await demo.get('/v1/subscriptions/plans')).body).toEqual({ count: 0, result: [] });
    });
  });

  describe('GET /v1/subscriptions/{id} and /v1/subscriptions/plans/{id}', () => {
    it('reads one subscription and one plan as `{result}`, in the list shapes', async () => {
      const [monthly] = plans;
      const [first] = subscriptions;
      const plan = await client.get(`/v1/subscriptions/plans/${monthly!.id}`);
      expect(plan.status).toBe(200);
      expectSchema(onePlanSchema, plan.body);
      const listed = (await client.get('/v1/subscriptions/plans')).body.result;
      expect(plan.body).toEqual({ result: listed.find((p: JsonBody) => p.id === monthly!.id) });

      const subscription = await client.get(`/v1/subscriptions/${first!.id}`);
      expect(subscription.status).toBe(200);
      expectSchema(oneSubscriptionSchema, subscription.body);
      expect(subscription.body.result).toMatchObject({
        id: first!.id,
        subscription_plan_id: monthly!.id,
        subscriber: { email: 'a@example.com' },
      });
    });

    it("answers another merchant's and unknown ids as not found, and a non-number as invalid", async () => {
      const demo = await readyClient(gateway);
      expectV1Error(
        await demo.get(`/v1/subscriptions/${subscriptions[0]!.id}`),
        404,
        'NOT_FOUND',
        'subscription not found',
      );
      expectV1Error(
        await demo.get(`/v1/subscriptions/plans/${plans[0]!.id}`),
        404,
        'NOT_FOUND',
        'subscription plan not found',
      );
      expectV1Error(
        await client.get('/v1/subscriptions/999999999'),
        404,
        'NOT_FOUND',
        'subscription not found',
      );
      expectV1Error(
        await client.get('/v1/subscriptions/abc'),
        400,
        'INVALID_REQUEST_PARAMS',
        'Subscription id must be a number',
      );
      expectV1Error(
        await client.get('/v1/subscriptions/plans/1.5'),
        400,
        'INVALID_REQUEST_PARAMS',
        'Plan id must be a number',
      );
    });
  });
});
