/**
 * The baseline every scenario is compared with: bare express on the gateway's port that parses the
 * JSON body, validates it with the gateway's own V1 create-payment validator (packages/contracts) and
 * answers a fixed body of the size of a created payment. No auth, no store, no bus: what is left of a
 * request once the gateway's own work is taken away. Run by the bench runner: `--port <n>`.
 */
import { parseArgs } from 'node:util';
import express from 'express';
import { v1Validators } from '../../packages/contracts/src/api/v1';

const CREATED_PAYMENT = {
  payment_id: 5524759814,
  payment_status: 'waiting',
  pay_address: 'bc1qw4d8ahfcl0ns5lfsr3sjfhdhpd5m7u8dhk9yss',
  price_amount: 100,
  price_currency: 'usd',
  pay_amount: 0.00156478,
  pay_currency: 'btc',
  order_id: 'bench-order',
  order_description: null,
  ipn_callback_url: null,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
  purchase_id: 5064465366,
  amount_received: null,
  payin_extra_id: null,
  smart_contract: '',
  network: 'btc',
  network_precision: 8,
  time_limit: null,
  burning_percent: null,
  expiration_estimate_date: '2026-11-25T00:00:00.000Z',
};

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1) throw new Error('--port is required');

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.post('/v1/payment', express.json({ limit: '100kb' }), (req, res) => {
  const checked = v1Validators.createPayment.check(req.body);
  if (!checked.ok) {
    res.status(400).json({
      status: false,
      statusCode: 400,
      code: 'INVALID_REQUEST_PARAMS',
      message: checked.problem.message,
    });
    return;
  }
  res.status(201).json(CREATED_PAYMENT);
});
app.get('/health/ready', (_req, res) => res.json({ status: 'ready' }));

const server = app.listen(port, '127.0.0.1', () => process.stdout.write(`baseline listening on ${port}\n`));
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
