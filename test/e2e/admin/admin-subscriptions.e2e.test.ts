import { startTestGateway, type TestGateway } from '../../support/gateway';
import { adminClient, eventTypesOf, eventually, v1Get } from './admin-helpers';

interface Plan {
  id: number;
  merchant_id: string;
  title: string;
  amount: string;
  currency: string;
  interval_day: number;
  success_url: string | null;
  cancel_url: string | null;
  partially_paid_url: string | null;
  ipn_callback_url: string | null;
  created_at: string;
  updated_at: string;
}

interface Subscription {
  id: number;
  merchant_id: string;
  subscription_plan_id: number;
  status: string;
  is_active: boolean;
  subscriber: { email: string };
  created_at: string;
  updated_at: string;
  expire_date: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_MERCHANT = '00000000-0000-4000-8000-000000000000';

describe('admin API: subscription plans and subscriptions', () => {
  let gateway: TestGateway;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    gateway = await startTestGateway();
    admin = adminClient(gateway);
  });
  afterAll(() => gateway.stop());

  const createPlan = async (merchantId: string, body: Record<string, unknown> = {}) => {
    const response = await admin<Plan>('POST', `/merchants/${merchantId}/subscription-plans`, {
      body: { title: 'Monthly', amount: 9.99, currency: 'usd', interval_day: 30, ...body },
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  describe('POST /admin/v1/merchants/{id}/subscription-plans', () => {
    it('creates a plan that the merchant then reads through GET /v1/subscriptions/plans', async () => {
      const merchant = await gateway.createMerchant('Plans');
      const plan = await createPlan(merchant.merchantId, {
        title: ' Pro monthly ',
        amount: '19.90',
        currency: 'USD',
        success_url: 'https://shop.example/ok',
        cancel_url: 'https://shop.example/cancel',
        ipn_callback_url: 'https://shop.example/ipn',
      });
      expect(plan).toEqual({
        id: expect.any(Number),
        merchant_id: merchant.merchantId,
        title: 'Pro monthly',
        amount: '19.9',
        currency: 'usd',
        interval_day: 30,
        success_url: 'https://shop.example/ok',
        cancel_url: 'https://shop.example/cancel',
        partially_paid_url: null,
        ipn_callback_url: 'https://shop.example/ipn',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.any(String),
      });
      expect(Number.isSafeInteger(plan.id)).toBe(true);
      expect(await eventTypesOf(gateway, `plan-${plan.id}`)).toEqual(['SubscriptionPlanCreated']);

      const v1 = await eventually(async () => {
        const response = await v1Get<{ count: number; result: Record<string, unknown>[] }>(
          gateway,
          '/v1/subscriptions/plans',
          merchant.apiKey,
        );
        expect(response.status).toBe(200);
        expect(response.body.count).toBe(1);
        return response.body;
      });
      expect(v1.result[0]).toMatchObject({
        id: plan.id,
        title: 'Pro monthly',
        amount: 19.9,
        currency: 'usd',
        interval_day: 30,
        success_url: 'https://shop.example/ok',
        ipn_callback_url: 'https://shop.example/ipn',
        created_at: plan.created_at,
      });

      const other = await v1Get<{ count: number }>(
        gateway,
        '/v1/subscriptions/plans',
        gateway.demoMerchant.apiKey,
      );
      expect(other.body.count).toBe(0);
    });

    it.each([
      [
        'no fields',
        {},
        'title is required; amount is required; currency is required; interval_day is required',
      ],
      ['a zero amount', { amount: 0 }, 'amount must be > 0'],
      ['a zero amount as a string', { amount: '0.00' }, 'amount must be greater than 0'],
      [
        'more decimals than the currency has',
        { amount: '9.999' },
        'amount has more than 2 decimals, the precision of usd',
      ],
      ['an unknown currency', { currency: 'abc' }, 'currency "abc" is not a known currency'],
      ['a fractional interval', { interval_day: 1.5 }, 'interval_day must be integer'],
      ['a zero interval', { interval_day: 0 }, 'interval_day must be >= 1'],
      [
        'a non-http URL',
        { success_url: 'ftp://shop.example/ok' },
        'success_url must be an http or https URL',
      ],
      ['an unknown field', { interval: 30 }, 'interval is not a known field'],
    ])('refuses %s with 400', async (_case, override, message) => {
      const body =
        Object.keys(override).length === 0
          ? {}
          : { title: 'Monthly', amount: 9.99, currency: 'usd', interval_day: 30, ...override };
      const response = await admin(
        'POST',
        `/merchants/${gateway.demoMerchant.merchantId}/subscription-plans`,
        { body },
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });

    it('answers 404 for an unknown merchant', async () => {
      const response = await admin('POST', `/merchants/${UNKNOWN_MERCHANT}/subscription-plans`, {
        body: { title: 'Monthly', amount: 9.99, currency: 'usd', interval_day: 30 },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'merchant not found' });
    });
  });

  describe('POST /admin/v1/merchants/{id}/subscriptions', () => {
    it('subscribes an email to a plan right after creating it; V1 lists it with an uppercase status', async () => {
      const merchant = await gateway.createMerchant('Subscriptions');
      const plan = await createPlan(merchant.merchantId, { interval_day: 7 });
      const response = await admin<Subscription>('POST', `/merchants/${merchant.merchantId}/subscriptions`, {
        body: { subscription_plan_id: plan.id, email: 'buyer@example.com' },
      });
      expect(response.status).toBe(201);
      const subscription = response.body;
      expect(subscription).toEqual({
        id: expect.any(Number),
        merchant_id: merchant.merchantId,
        subscription_plan_id: plan.id,
        status: 'active',
        is_active: true,
        subscriber: { email: 'buyer@example.com' },
        created_at: expect.any(String),
        updated_at: subscription.created_at,
        expire_date: expect.any(String),
      });
      expect(Date.parse(subscription.expire_date) - Date.parse(subscription.created_at)).toBe(7 * DAY_MS);
      expect(await eventTypesOf(gateway, `subscription-${subscription.id}`)).toEqual(['SubscriptionCreated']);

      const v1 = await eventually(async () => {
        const list = await v1Get<{ count: number; result: Record<string, unknown>[] }>(
          gateway,
          '/v1/subscriptions',
          merchant.apiKey,
        );
        expect(list.status).toBe(200);
        expect(list.body.count).toBe(1);
        return list.body;
      });
      expect(v1.result[0]).toEqual({
        id: subscription.id,
        subscription_plan_id: plan.id,
        status: 'ACTIVE',
        is_active: true,
        subscriber: { email: 'buyer@example.com' },
        created_at: subscription.created_at,
        updated_at: subscription.created_at,
        expire_date: subscription.expire_date,
      });
      const byPlan = await v1Get<{ count: number }>(
        gateway,
        `/v1/subscriptions?subscription_plan_id=${plan.id}`,
        merchant.apiKey,
      );
      expect(byPlan.body.count).toBe(1);
    });

    it("refuses another merchant's plan and an unknown plan with 404, recording nothing", async () => {
      const owner = await gateway.createMerchant('Plan owner');
      const plan = await createPlan(owner.merchantId);
      const intruder = gateway.demoMerchant.merchantId;
      for (const planId of [plan.id, 1234567890]) {
        const response = await admin('POST', `/merchants/${intruder}/subscriptions`, {
          body: { subscription_plan_id: planId, email: 'a@b.example' },
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `subscription plan ${planId} not found for this merchant`,
        });
      }
      const v1 = await v1Get<{ count: number }>(gateway, '/v1/subscriptions', gateway.demoMerchant.apiKey);
      expect(v1.body.count).toBe(0);
    });

    it.each([
      ['no email', { subscription_plan_id: 1 }, 'email is required'],
      ['a malformed email', { subscription_plan_id: 1, email: 'buyer' }, 'email must match format "email"'],
      [
        'a plan id as a string',
        { subscription_plan_id: '1', email: 'a@b.example' },
        'subscription_plan_id must be integer',
      ],
    ])('refuses %s with 400', async (_case, body, message) => {
      const response = await admin('POST', `/merchants/${gateway.demoMerchant.merchantId}/subscriptions`, {
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message });
    });

    it('answers 404 for an unknown merchant', async () => {
      const response = await admin('POST', `/merchants/${UNKNOWN_MERCHANT}/subscriptions`, {
        body: { subscription_plan_id: 1, email: 'a@b.example' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: 'merchant not found' });
    });
  });

  describe('PATCH /admin/v1/subscriptions/{id}', () => {
    let merchant: Awaited<ReturnType<TestGateway['createMerchant']>>;
    let subscription: Subscription;

    beforeAll(async () => {
      merchant = await gateway.createMerchant('Status changes');
      const plan = await createPlan(merchant.merchantId);
      subscription = (
        await admin<Subscription>('POST', `/merchants/${merchant.merchantId}/subscriptions`, {
          body: { subscription_plan_id: plan.id, email: 'status@example.com' },
        })
      ).body;
    });

    it('pauses, resumes and cancels; V1 follows and filters by status', async () => {
      const paused = await admin<Subscription>('PATCH', `/subscriptions/${subscription.id}`, {
        body: { status: 'paused' },
      });
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ id: subscription.id, status: 'paused', is_active: false });
      await eventually(async () => {
        const v1 = await v1Get<{ result: { status: string; is_active: boolean }[] }>(
          gateway,
          '/v1/subscriptions?status=paused',
          merchant.apiKey,
        );
        expect(v1.body.result).toEqual([expect.objectContaining({ status: 'PAUSED', is_active: false })]);
      });

      const resumed = await admin<Subscription>('PATCH', `/subscriptions/${subscription.id}`, {
        body: { status: 'active' },
      });
      expect(resumed.body).toMatchObject({ status: 'active', is_active: true });
      const again = await admin<Subscription>('PATCH', `/subscriptions/${subscription.id}`, {
        body: { status: 'active' },
      });
      expect(again.status).toBe(200);
      expect(again.body.updated_at).toBe(resumed.body.updated_at);

      const cancelled = await admin<Subscription>('PATCH', `/subscriptions/${subscription.id}`, {
        body: { status: 'cancelled' },
      });
      expect(cancelled.body).toMatchObject({ status: 'cancelled', is_active: false });
      expect(await eventTypesOf(gateway, `subscription-${subscription.id}`)).toEqual([
        'SubscriptionCreated',
        'SubscriptionStatusChanged',
        'SubscriptionStatusChanged',
        'SubscriptionStatusChanged',
      ]);
      await eventually(async () => {
        const v1 = await v1Get<{ result: { status: string }[] }>(
          gateway,
          '/v1/subscriptions?is_active=false',
          merchant.apiKey,
        );
        expect(v1.body.result.map((s) => s.status)).toEqual(['CANCELLED']);
      });
    });

    it('refuses to revive a cancelled subscription with 409', async () => {
      const plan = await createPlan(merchant.merchantId);
      const { body: cancelled } = await admin<Subscription>(
        'POST',
        `/merchants/${merchant.merchantId}/subscriptions`,
        {
          body: { subscription_plan_id: plan.id, email: 'gone@example.com' },
        },
      );
      expect(
        (await admin('PATCH', `/subscriptions/${cancelled.id}`, { body: { status: 'cancelled' } })).status,
      ).toBe(200);
      const response = await admin('PATCH', `/subscriptions/${cancelled.id}`, { body: { status: 'active' } });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'a cancelled subscription cannot become active',
      });
    });

    it('refuses an unknown status with 400 and an unknown subscription with 404', async () => {
      const badStatus = await admin('PATCH', `/subscriptions/${subscription.id}`, {
        body: { status: 'ACTIVE' },
      });
      expect(badStatus.status).toBe(400);
      expect(badStatus.body).toMatchObject({
        message: 'status must be one of active, paused, cancelled, expired',
      });
      for (const id of ['1234567890', 'abc']) {
        const unknown = await admin('PATCH', `/subscriptions/${id}`, { body: { status: 'paused' } });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'subscription not found',
        });
      }
    });
  });
});
