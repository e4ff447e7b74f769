import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import { eventually } from '../notifier/support/notifier-harness';
import { startReceiver, type Receiver } from '../notifier/support/receiver';
import { SandboxClient } from '../sandbox/sandbox-client';

const describeHop = (span: ReadableSpan) =>
  [span.name, span.attributes['messaging.consumer.group.name']].filter(Boolean).join(' by ');

describe('one trace from a create request to its webhook', () => {
  const exporter = new InMemorySpanExporter();
  let gateway: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gateway = await startTestGateway({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await gateway.stop();
  });

  it('follows POST /v1/payment through payments.commands, payments.events, the projector and the notifier to the IPN', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const payment = await new SandboxClient(gateway).createPayment({
      ipn_callback_url: `${receiver.url}/ipn`,
    });
    // A second request without a caller's trace starts its own: the trace below must not mix with it.
    await fetch(`${gateway.baseUrl}/v1/status`, {
      headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    });
    await eventually(() => receiver.calls.length >= 1);

    const spans = await eventually(() => {
      const finished = exporter.getFinishedSpans();
      return finished.some((span) => span.name === 'webhook v1') && finished;
    });
    const create = spans.find((span) => span.name === 'POST /v1/payment');
    expect(create?.attributes['http.response.status_code']).toBe(201);
    const traceId = create!.spanContext().traceId;
    const hops = spans.filter((span) => span.spanContext().traceId === traceId).map(describeHop);
    expect(hops).toEqual(
      expect.arrayContaining([
        'POST /v1/payment',
        'publish payments.commands',
        'process payments.commands by payments',
        'process payments.events by projector',
        'process payments.events by notifier',
        'webhook v1',
      ]),
    );
    const webhook = spans.find((span) => span.name === 'webhook v1')!;
    expect(webhook.spanContext().traceId).toBe(traceId);
    expect(webhook.attributes['http.response.status_code']).toBe(200);
    expect(receiver.calls[0]!.json.payment_id).toBe(payment.payment_id);
    expect(receiver.calls[0]!.headers.traceparent).toBeUndefined();

    const status = spans.find((span) => span.name === 'GET /v1/status');
    expect(status?.spanContext().traceId).toBe(callerTrace);
  });

  it('puts no credential from a query string on any span', async () => {
    await fetch(`${gateway.baseUrl}/v1/payment/?limit=1&api_key=span-secret-1&token=span-secret-2`, {
      headers: { 'x-api-key': gateway.demoMerchant.apiKey },
    });
    await new SandboxClient(gateway).createPayment({
      ipn_callback_url: `${receiver.url}/ipn?token=span-secret-3`,
    });
    await eventually(() => receiver.calls.some((call) => call.path.includes('span-secret-3')));
    const spans = await eventually(() => {
      const finished = exporter.getFinishedSpans();
      return finished.some((span) => span.name.startsWith('GET /v1/payment')) && finished;
    });
    const written = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]));
    for (const secret of ['span-secret-1', 'span-secret-2', 'span-secret-3'])
      expect(written).not.toContain(secret);
  });

  it('traces neither probes nor scrapes', async () => {
    for (const path of ['/health/live', '/health/ready', '/metrics'])
      expect((await fetch(`${gateway.baseUrl}${path}`)).status).toBe(200);
    const marker = '0af7651916cd43dd8448eb211c80319c';
    await fetch(`${gateway.baseUrl}/v1/status`, {
      headers: { traceparent: `00-${marker}-b7ad6b7169203331-01` },
    });

    const spans = await eventually(() => {
      const finished = exporter.getFinishedSpans();
      return finished.some((span) => span.spanContext().traceId === marker) && finished;
    });
    expect(spans.map((span) => span.attributes['url.path'])).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/(health|metrics)/)]),
    );
  });
});
