import { STATUS_CODES } from 'node:http';
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { asyncRoute, jsonBody, timingSafeEqualStr } from '@gw/platform';
import type { Logger } from 'pino';
import type { Delivery, DeliveryState } from '../delivery/delivery';
import type { DeliveryLog } from '../log/delivery-log';
import { redeliverDead } from '../log/redeliver-dead';
import { deliveryDetailView, deliverySummaryView } from './delivery-views';

export const WEBHOOK_ADMIN_PREFIX = '/admin/v1/webhooks';

const STATES: readonly DeliveryState[] = ['pending', 'delivered', 'dead'];
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const MAX_LIMIT = 500;

class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const errorBody = (status: number, message: string) => ({
  statusCode: status,
  error: STATUS_CODES[status] ?? 'Error',
  message,
});

export interface AdminWebhookDeps {
  adminToken: string | null;
  log: DeliveryLog;
  redeliver(deliveryId: string): Promise<Delivery>;
  logger: Logger;
  bodyLimitBytes: number;
}

/**
 * The operator's view of webhook deliveries, under /admin/v1/webhooks, with the admin API's bearer
 * token (constant-time compare) and error shape: list and filter, show one with its attempts,
 * redeliver one, redeliver every dead one of a merchant.
 */
export function adminWebhookRoutes(deps: AdminWebhookDeps): Router {
  const admin = Router();
  admin.use(requireAdminToken(deps.adminToken));
  admin.use(jsonBody({ limitBytes: deps.bodyLimitBytes }));

  admin.get(
    '/',
    asyncRoute(async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const limit = integerParam(query.limit, 'limit', 1, MAX_LIMIT) ?? 50;
      const offset = integerParam(query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0;
      const paymentId = integerParam(query.payment_id, 'payment_id', 1, Number.MAX_SAFE_INTEGER);
      const state = stringParam(query.state, 'state');
      if (state !== undefined && !STATES.includes(state as DeliveryState)) {
        throw new AdminRequestError(400, `state must be one of ${STATES.join(', ')}`);
      }
      const merchantId = stringParam(query.merchant_id, 'merchant_id');
      const { deliveries, total } = await deps.log.find({
        ...(merchantId === undefined ? {} : { merchantId }),
        ...(state === undefined ? {} : { state: state as DeliveryState }),
        ...(paymentId === undefined ? {} : { paymentId }),
        limit,
        offset,
      });
      res.json({ count: total, limit, offset, result: deliveries.map(deliverySummaryView) });
    }),
  );

  admin.post(
    '/redeliver-dead',
    asyncRoute(async (req, res) => {
      const merchantId = stringParam((req.body as Record<string, unknown>).merchant_id, 'merchant_id');
      if (!merchantId) throw new AdminRequestError(400, 'merchant_id is required');
      const redelivered = await redeliverDead(deps.log, merchantId, deps.redeliver);
      res
        .status(202)
        .json({ merchant_id: merchantId, redelivered: redelivered.length, delivery_ids: redelivered });
    }),
  );

  admin.get(
    '/:deliveryId',
    asyncRoute(async (req, res) => {
      const delivery = await deps.log.get(String(req.params.deliveryId));
      if (!delivery) throw new AdminRequestError(404, 'webhook delivery not found');
      res.json(deliveryDetailView(delivery));
    }),
  );

  admin.post(
    '/:deliveryId/redeliver',
    asyncRoute(async (req, res) => {
      const deliveryId = String(req.params.deliveryId);
      if (!(await deps.log.get(deliveryId))) throw new AdminRequestError(404, 'webhook delivery not found');
      res.status(202).json(deliverySummaryView(await deps.redeliver(deliveryId)));
    }),
  );

  admin.use(((error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AdminRequestError)
      return void res.status(error.status).json(errorBody(error.status, error.message));
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return void res.status(status).json(errorBody(status, (error as Error).message));
    }
    (req.log ?? deps.logger).error({ err: error }, 'webhook admin request failed');
    res.status(500).json(errorBody(500, 'Internal server error'));
  }) as ErrorRequestHandler);

  const router = Router();
  router.use(WEBHOOK_ADMIN_PREFIX, admin);
  return router;
}

function requireAdminToken(adminToken: string | null): RequestHandler {
  return (req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    if (adminToken === null)
      return void res.status(503).json(errorBody(503, 'admin API disabled: set ADMIN_TOKEN'));
    const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (presented === undefined || !timingSafeEqualStr(presented, adminToken)) {
      res.setHeader('www-authenticate', 'Bearer realm="admin"');
      const message =
        presented === undefined ? 'Authorization: Bearer <admin token> is required' : 'Invalid admin token';
      return void res.status(401).json(errorBody(401, message));
    }
    next();
  };
}

function stringParam(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new AdminRequestError(400, `${name} must be a string`);
  return value;
}

function integerParam(value: unknown, name: string, min: number, max: number): number | undefined {
  const raw = stringParam(typeof value === 'number' ? String(value) : value, name);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!/^\d+$/.test(raw) || parsed < min || parsed > max)
    throw new AdminRequestError(400, `${name} must be an integer from ${min} to ${max}`);
  return parsed;
}
