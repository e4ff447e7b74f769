import type { CreatedMerchantView } from '../../services/admin/src';
import { round, type LoadFigures } from '../runner/load';
import type { SystemScenario } from '../runner/scenario';
import { percentiles } from '../runner/stats';
import { createPayments, type CreatedPayment } from './requests';

const FINISH_TIMEOUT_MS = 60_000;

interface Walk {
  depositLatencyMs: number;
  /** From sending the deposit to the first read showing the payment out of `waiting`. */
  firstStatusLagMs: number;
  /** From sending the deposit to the first read showing `finished`. */
  finishedLagMs: number;
}

/**
 * The sandbox lifecycle under load: payments are created, then each worker pays one in full
 * (`POST /sandbox/v1/deposits` with enough confirmations) and reads `GET /v1/payment/{id}` until the
 * read model shows it `finished`, then takes the next. Deposits per second count payments walked to
 * `finished`; the projection lag is measured from the deposit request to the first read showing the
 * new status.
 */
export const sandboxLifecycle: SystemScenario = {
  kind: 'system',
  name: 'sandbox-lifecycle',
  title: 'Sandbox lifecycle: deposits through /sandbox/v1 until finished',
  storedPayments: 0,
  async run({ system, settings, measure }) {
    const payments = await createPayments(
      system.url,
      system.merchant,
      settings.sandboxPayments,
      settings.createConcurrency,
    );
    const walks: Walk[] = [];
    let failures = 0;
    let firstFailure: string | undefined;
    let reads = 0;
    const measurement = await measure(async (): Promise<LoadFigures> => {
      const started = Date.now();
      let next = 0;
      const worker = async () => {
        while (next < payments.length) {
          const payment = payments[next++]!;
          try {
            const walk = await walkToFinished(
              system.url,
              system.merchant,
              payment,
              settings.statusPollMs,
              () => reads++,
            );
            walks.push(walk);
          } catch (error) {
            failures++;
            firstFailure ??= error instanceof Error ? error.message.slice(0, 300) : String(error);
          }
        }
      };
      await Promise.all(Array.from({ length: settings.connections }, worker));
      const seconds = (Date.now() - started) / 1000;
      const deposits = percentiles(walks.map((walk) => walk.depositLatencyMs));
      return {
        requestsPerSecond: round(walks.length / seconds),
        latencyMs: deposits,
        requests: payments.length,
        non2xx: failures,
        socketErrors: 0,
        durationSeconds: round(seconds),
      };
    });
    return {
      ...measurement,
      extra: {
        unit: 'payments walked from a deposit to finished per second',
        latencyIs: 'POST /sandbox/v1/deposits answer time',
        payments: payments.length,
        finished: walks.length,
        ...(firstFailure ? { firstFailure } : {}),
        statusReads: reads,
        statusPollMs: settings.statusPollMs,
        projectionLagMs: {
          firstNewStatus: percentiles(walks.map((walk) => walk.firstStatusLagMs)),
          finished: percentiles(walks.map((walk) => walk.finishedLagMs)),
        },
      },
    };
  },
};

async function walkToFinished(
  url: string,
  merchant: CreatedMerchantView,
  payment: CreatedPayment,
  pollMs: number,
  onRead: () => void,
): Promise<Walk> {
  const sent = performance.now();
  const deposit = await fetch(`${url}/sandbox/v1/deposits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': merchant.api_key },
    body: JSON.stringify({
      pay_address: payment.pay_address,
      amount: String(payment.pay_amount),
      confirmations: 100,
    }),
  });
  const depositLatencyMs = performance.now() - sent;
  if (deposit.status !== 202) throw new Error(`deposit answered ${deposit.status}: ${await deposit.text()}`);
  await deposit.arrayBuffer();
  let firstStatusLagMs: number | undefined;
  const deadline = Date.now() + FINISH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/v1/payment/${payment.payment_id}`, {
      headers: { 'x-api-key': merchant.api_key },
    });
    onRead();
    const { payment_status: status } = (await response.json()) as { payment_status: string };
    const seenAt = performance.now();
    if (status !== 'waiting' && firstStatusLagMs === undefined) firstStatusLagMs = seenAt - sent;
    if (status === 'finished')
      return { depositLatencyMs, firstStatusLagMs: firstStatusLagMs!, finishedLagMs: seenAt - sent };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`payment ${payment.payment_id} did not finish`);
}
