import perfHooks from 'node:perf_hooks';
import express from 'express';
import { Gauge, Registry } from 'prom-client';
import { createMetrics, RouteTable, routesOf, UNMATCHED_ROUTE } from '../src';
import { startServer, stopStartedServers } from './support/servers';

afterEach(stopStartedServers);

async function meteredApp(collectDefaults = false) {
  const metrics = createMetrics('gateway-v1', { collectDefaults });
  const app = express();
  app.use(metrics.httpMetrics());
  app.get('/metrics', metrics.metricsHandler());
  const v1 = express.Router();
  v1.get('/payment/:paymentId', (req, res) => {
    res.status(req.params.paymentId === '404' ? 404 : 200).json({ payment_id: req.params.paymentId });
  });
  app.use('/v1', v1);
  const server = await startServer(app);
  return { metrics, url: server.url() };
}

describe('createMetrics', () => {
  it('samples the event loop lag every 100 ms, not 100 times a second', () => {
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    try {
      createMetrics('docs');
      expect(monitor).toHaveBeenCalledWith({ resolution: 100 });
    } finally {
      monitor.mockRestore();
    }
  });

  it('labels request durations by method, route template and status', async () => {
    const { metrics, url } = await meteredApp();
    await (await fetch(`${url}/v1/payment/5077125051`)).text();
    await (await fetch(`${url}/v1/payment/5077125052`)).text();
    await (await fetch(`${url}/v1/payment/404`)).text();
    await (await fetch(`${url}/no/such/path`)).text();

    const { values } = await metrics.httpRequestDuration.get();
    const counts = values
      .filter((value) => value.metricName === 'http_request_duration_seconds_count')
      .map((value) => ({ ...value.labels, count: value.value }));
    expect(counts).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/v1/payment/:paymentId', status: '200', count: 2 },
        { method: 'GET', route: '/v1/payment/:paymentId', status: '404', count: 1 },
        { method: 'GET', route: UNMATCHED_ROUTE, status: '404', count: 1 },
      ]),
    );
    expect(JSON.stringify(counts)).not.toContain('5077125051');
  });

  it('names the route, not the mount point of the error handler that answered, nor <unmatched> for a refusal before routing', async () => {
    const sandbox = express.Router();
    sandbox.post('/sandbox/v1/deposits', (_req, _res, next) => next(new Error('bad deposit')));
    sandbox.use('/sandbox/v1', ((_error, _req, res, _next) => {
      res.status(400).json({ error: 'bad deposit' });
    }) as express.ErrorRequestHandler);
    const admin = express.Router();
    admin.use((_req, res) => void res.status(401).json({ error: 'admin token required' }));
    admin.get('/merchants/:merchantId', (_req, res) => void res.json({}));
    const adminRoot = express.Router().use('/admin/v1', admin);
    const metrics = createMetrics('all', {
      collectDefaults: false,
      routes: new RouteTable([...routesOf(sandbox), ...routesOf(adminRoot)]),
    });
    const app = express();
    app.use(metrics.httpMetrics());
    app.use(sandbox, adminRoot);
    const url = (await startServer(app)).url();
    await (await fetch(`${url}/sandbox/v1/deposits`, { method: 'POST' })).text();
    await (await fetch(`${url}/admin/v1/merchants/m-1?page=2`)).text();
    await (await fetch(`${url}/admin/v1/elsewhere`)).text();

    const { values } = await metrics.httpRequestDuration.get();
    const routes = values
      .filter((value) => value.metricName === 'http_request_duration_seconds_count')
      .map((value) => `${value.labels.method} ${value.labels.route} ${value.labels.status}`);
    expect(routes.sort()).toEqual([
      'GET /admin/v1/merchants/:merchantId 401',
      `GET ${UNMATCHED_ROUTE} 401`,
      'POST /sandbox/v1/deposits 400',
    ]);
  });

  it('serves the Prometheus text format with the service label and process metrics', async () => {
    const { url } = await meteredApp(true);
    await (await fetch(`${url}/v1/payment/1`)).text();
    const response = await fetch(`${url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = await response.text();
    const countLine =
      text.split('\n').find((line) => line.startsWith('http_request_duration_seconds_count{')) ?? '';
    for (const label of [
      'method="GET"',
      'route="/v1/payment/:paymentId"',
      'status="200"',
      'gateway_service="gateway-v1"',
    ])
      expect(countLine).toContain(label);
    expect(countLine).toMatch(/} 1$/);
    // Not `service`: the Prometheus Operator's target label of that name would shadow it.
    expect(text).not.toMatch(/[{,]service="/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('labels the services’ own metrics and its HTTP metrics with the process’s service when it serves them together', async () => {
    const watchers = new Registry();
    new Gauge({ name: 'chain_node_up', help: 'node answers', registers: [watchers] }).set(1);
    const metrics = createMetrics('all', { collectDefaults: false, serviceRegistries: [watchers] });
    metrics.httpRequestDuration.observe({ method: 'GET', route: '/x', status: '200' }, 0.1);
    const app = express();
    app.get('/metrics', metrics.metricsHandler());
    const url = (await startServer(app)).url();
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('chain_node_up{gateway_service="all"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*gateway_service="all"[^}]*\} 1/);
  });

  it('keeps registries of different services apart', async () => {
    const payments = createMetrics('payments', { collectDefaults: true });
    const notifier = createMetrics('notifier', { collectDefaults: true });
    payments.httpRequestDuration.observe({ method: 'GET', route: '/x', status: '200' }, 0.1);
    expect(await payments.registry.metrics()).toContain('route="/x"');
    expect(await notifier.registry.metrics()).not.toContain('route="/x"');
    expect(await notifier.registry.metrics()).toContain('gateway_service="notifier"');
  });
});
