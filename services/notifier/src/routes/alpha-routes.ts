import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { alphaIsFinal, type PaymentStatus } from '@gw/domain';
import { asyncRoute, parseBody, type Clock } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import {
  AlphaError,
  type CurrencyFacts,
  familyPayload,
  invalidSign,
  paymentNotFound,
  signWebhook,
  validationFailed,
  verifyAlphaSign,
} from '@gw/families';
import type { ReadModelCollection } from '@gw/store';
import type { MerchantDocument, PaymentDocument, StaticAddressDocument } from '@gw/views';
import type { Logger } from 'pino';
import type { Delivery, RedeliveryOrigin } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import { samplePayment, type SampleRequest } from '../payloads/sample-payment';
import { isHttpUrl, type SendTestWebhook } from './test-webhook';

/** Laravel-style rule keys per field, as family A's 422 answers carry them. */
type FieldErrors = Record<string, string[]>;

/** Test-webhook statuses Cryptomus accepts, with the lifecycle point each sample stands for. */
const TEST_STATUSES: Record<string, PaymentStatus> = {
  process: 'waiting',
  check: 'waiting',
  confirm_check: 'confirming',
  paid: 'finished',
  paid_over: 'finished',
  fail: 'failed',
  wrong_amount: 'partially_paid',
  cancel: 'expired',
  system_fail: 'failed',
  refund_process: 'refunded',
  refund_fail: 'refunded',
  refund_paid: 'refunded',
};
const FINAL_TEST_STATUSES = new Set([
  'paid',
  'paid_over',
  'fail',
  'wrong_amount',
  'cancel',
  'system_fail',
  'refund_fail',
  'refund_paid',
]);
const ALPHA_DASH = /^[A-Za-z0-9_-]+$/;
/** Cryptomus: at most 10 resends of an invoice's notification. */
export const MAX_MERCHANT_RESENDS = 10;

export interface AlphaWebhookDeps {
  directory: MerchantDirectory;
  payments: ReadModelCollection<PaymentDocument>;
  staticAddresses: ReadModelCollection<StaticAddressDocument>;
  log: DeliveryLog;
  clock: Clock;
  facts: CurrencyFacts;
  send: SendTestWebhook;
  redeliver(deliveryId: string, origin: RedeliveryOrigin): Promise<Delivery>;
  logger: Logger;
  bodyLimitBytes: number;
}

/**
 * Cryptomus' own webhook routes, signed like every family A call (`merchant` + `sign` over the raw body,
 * verified with family A's check in @gw/families, as the gateway does): `POST /alpha/v1/test-webhook/payment` sends a signed sample
 * payment webhook to `url_callback`, `POST /alpha/v1/test-webhook/wallet` a static wallet's top-up (type
 * `wallet`, naming the merchant's wallet given by uuid or order_id); `POST /alpha/v1/payment/resend` sends a final payment's latest
 * webhook again (at most 10 times), and so does upstream's `POST /v2/payment/resend` (pyCryptomusAPI's
 * resend_payment_webhook), which also takes a top-up's `txid`. All answer `{"state":0,"result":[]}` like upstream.
 */
export function alphaWebhookRoutes(deps: AlphaWebhookDeps): Router {
  const alpha = Router();
  const signed = [parseBody({ limitBytes: deps.bodyLimitBytes }), authenticate(deps.directory)];

  /**
   * Signs and sends one sample webhook of `input.status` for a payment shaped by `sample` (what the
   * merchant's stored payment or wallet gives it), with `extra` fields on the payload.
   */
  async function sendSample(
    merchant: MerchantDocument,
    input: TestWebhookInput,
    sample: Pick<SampleRequest, 'uuid' | 'orderId' | 'staticAddressId'>,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const payment = samplePayment({
      family: 'alpha',
      merchantId: merchant.merchantId,
      status: TEST_STATUSES[input.status]!,
      url: input.url,
      now: deps.clock.now(),
      payCurrency: input.currency.toLowerCase(),
      payNetwork: input.network.toLowerCase(),
      ...sample,
    });
    const payload = {
      ...familyPayload(payment, deps.facts),
      status: input.status,
      is_final: FINAL_TEST_STATUSES.has(input.status),
      ...extra,
    };
    const request = signWebhook('alpha', payload, deps.directory.paymentKeyOf(merchant));
    await deps.send({ url: input.url, ...request });
  }

  alpha.post(
    '/test-webhook/payment',
    signed,
    asyncRoute(async (req, res) => {
      const merchant = res.locals.merchant as MerchantDocument;
      const input = validateTestWebhook(paramsOf(req.body));
      const existing = await findPayment(deps.payments, merchant.merchantId, input.uuid, input.orderId);
      const uuid = existing?.uuid ?? input.uuid;
      const orderId = existing?.orderId ?? input.orderId;
      await sendSample(merchant, input, { ...(uuid ? { uuid } : {}), ...(orderId ? { orderId } : {}) });
      res.json({ state: 0, result: [] });
    }),
  );

  alpha.post(
    '/test-webhook/wallet',
    signed,
    asyncRoute(async (req, res) => {
      const merchant = res.locals.merchant as MerchantDocument;
      const input = validateTestWebhook(paramsOf(req.body));
      const wallet = await findWallet(deps.staticAddresses, merchant.merchantId, input.uuid, input.orderId);
      const orderId = wallet?.orderId ?? input.orderId;
      await sendSample(
        merchant,
        input,
        { staticAddressId: wallet?.staticAddressId ?? SAMPLE_WALLET_ID, ...(orderId ? { orderId } : {}) },
        // A wallet the merchant does not have is named as asked, as the payment test names its uuid.
        !wallet && input.uuid ? { wallet_address_uuid: input.uuid } : {},
      );
      res.json({ state: 0, result: [] });
    }),
  );

  const resend = (withTxid: boolean): RequestHandler =>
    asyncRoute(async (req, res) => {
      const merchant = res.locals.merchant as MerchantDocument;
      const body = paramsOf(req.body);
      const uuid = optionalString(body.uuid);
      const orderId = optionalString(body.order_id);
      const txid = withTxid ? optionalString(body.txid) : undefined;
      if (!uuid && !orderId && !txid) {
        throw validationFailed({
          uuid: ['validation.required_without'],
          order_id: ['validation.required_without'],
          ...(withTxid ? { txid: ['validation.required_without'] } : {}),
        });
      }
      const payment =
        uuid || orderId
          ? await findPayment(deps.payments, merchant.merchantId, orderId ? undefined : uuid, orderId)
          : await deps.payments.findOne({ merchantId: merchant.merchantId, 'deposits.txHash': txid! });
      if (!payment || payment.family !== 'alpha') throw paymentNotFound();
      if (!alphaIsFinal(payment.status))
        throw new AlphaError(422, { state: 1, message: 'Payment is not finalized' });
      const deliveries = await deps.log.ofPayment(payment.paymentId);
      const latest = deliveries[deliveries.length - 1];
      if (!latest) throw new AlphaError(404, { state: 1, message: 'Notification not found' });
      const resends = deliveries.reduce((total, delivery) => total + delivery.merchantResends, 0);
      if (resends >= MAX_MERCHANT_RESENDS)
        throw new AlphaError(422, { state: 1, message: 'Too much resend' });
      await deps.redeliver(latest.deliveryId, 'merchant');
      res.json({ state: 0, result: [] });
    });
  alpha.post('/payment/resend', signed, resend(false));
  // pyCryptomusAPI's resend_payment_webhook calls upstream's v2 path: the same call, a top-up also by txid.
  const alphaV2 = Router();
  alphaV2.post('/payment/resend', signed, resend(true));

  const errors = ((error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AlphaError) return void res.status(error.status).json(error.body);
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) (req.log ?? deps.logger).error({ err: error }, 'family A webhook route failed');
    res.status(status).json({ state: 1, message: status >= 500 ? 'Server error' : (error as Error).message });
  }) as ErrorRequestHandler;
  alpha.use(errors);
  alphaV2.use(errors);

  const router = Router();
  router.use('/alpha/v1', alpha);
  router.use('/alpha/v2', alphaV2);
  return router;
}

const MERCHANT_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function authenticate(directory: MerchantDirectory): RequestHandler {
  return asyncRoute(async (req, res, next) => {
    const invalid = invalidSign();
    const merchantId = req.get('merchant')?.trim() ?? '';
    const sign = req.get('sign')?.trim() ?? '';
    if (!MERCHANT_ID.test(merchantId) || sign === '') throw invalid;
    const merchant = await directory.byId(merchantId.toLowerCase());
    if (!merchant || !verifyAlphaSign(req.rawBody ?? Buffer.alloc(0), directory.paymentKeyOf(merchant), sign))
      throw invalid;
    res.locals.merchant = merchant;
    next();
  });
}

interface TestWebhookInput {
  url: string;
  currency: string;
  network: string;
  status: string;
  uuid?: string;
  orderId?: string;
}

function validateTestWebhook(body: Record<string, unknown>): TestWebhookInput {
  const errors: FieldErrors = {};
  const url = body.url_callback;
  if (url === undefined || url === null || url === '') errors.url_callback = ['validation.required'];
  else if (!isHttpUrl(url)) errors.url_callback = ['validation.url'];
  else if (url.length < 6 || url.length > 150) errors.url_callback = ['validation.between.string'];
  for (const field of ['currency', 'network'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') errors[field] = ['validation.required'];
  }
  const status = body.status ?? 'paid';
  if (typeof status !== 'string' || !(status in TEST_STATUSES)) errors.status = ['validation.in'];
  const orderId = optionalString(body.order_id);
  if (orderId !== undefined && (orderId.length > 32 || !ALPHA_DASH.test(orderId)))
    errors.order_id = ['validation.alpha_dash'];
  const uuid = optionalString(body.uuid);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    url: url as string,
    currency: body.currency as string,
    network: body.network as string,
    status: status as string,
    ...(uuid ? { uuid } : {}),
    ...(orderId ? { orderId } : {}),
  };
}

/** An invoice of the merchant by uuid (wins) or order id; none when neither matches. */
async function findPayment(
  payments: ReadModelCollection<PaymentDocument>,
  merchantId: string,
  uuid: string | undefined,
  orderId: string | undefined,
): Promise<PaymentDocument | null> {
  if (uuid) {
    const byUuid = await payments.findOne({ uuid, merchantId });
    if (byUuid) return byUuid;
  }
  return orderId ? payments.findOne({ merchantId, orderId, family: 'alpha' }) : null;
}

/** The id a test wallet webhook names when the merchant's wallet was not given or not found. */
const SAMPLE_WALLET_ID = 5_000_000_000;

/** A static wallet of the merchant by uuid (wins) or order id; none when neither matches. */
async function findWallet(
  wallets: ReadModelCollection<StaticAddressDocument>,
  merchantId: string,
  uuid: string | undefined,
  orderId: string | undefined,
): Promise<StaticAddressDocument | null> {
  if (uuid) {
    const byUuid = await wallets.findOne({ uuid: uuid.toLowerCase(), merchantId, family: 'alpha' });
    if (byUuid) return byUuid;
  }
  return orderId ? wallets.findOne({ merchantId, orderId, family: 'alpha' }) : null;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** PHP's SDK sends `[]` when a call has no parameters. */
function paramsOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
