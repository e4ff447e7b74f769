import { runLoad, type LoadRequest } from '../runner/load';
import type { ScenarioContext, SystemScenario } from '../runner/scenario';
import {
  alphaCreatePayment,
  betaCreateInvoice,
  betaListPayments,
  paymentIdsOf,
  v1CreatePayment,
  v1ListPayments,
  v1ReadPayment,
} from './requests';

/** The store size behind the list scenarios: the "limit 100 over 100,000 stored payments". */
export const LIST_STORED_PAYMENTS = 100_000;
/** On the engines the payments are created over the API, so fewer fit in a run's time budget. */
export const ENGINES_LIST_STORED_PAYMENTS = 10_000;
const READ_IDS = 500;

/** Steady load of one request mix against the gateway, measured after a warm-up of the same mix. */
export function loadScenario(
  name: string,
  title: string,
  storedPayments: number,
  requestsOf: (context: ScenarioContext) => Promise<LoadRequest[]>,
  group?: string,
): SystemScenario {
  return {
    kind: 'system',
    name,
    title,
    storedPayments,
    group,
    async run(context) {
      const { system, settings } = context;
      const requests = await requestsOf(context);
      const load = (durationSeconds: number) =>
        runLoad({ url: system.url, requests, connections: settings.connections, durationSeconds });
      if (settings.warmupSeconds > 0) await load(settings.warmupSeconds);
      return context.measure(() => load(settings.durationSeconds));
    },
  };
}

const readIds = ({ system, settings }: ScenarioContext) =>
  paymentIdsOf(system.url, system.merchant, READ_IDS, settings.createConcurrency);

export const httpScenarios = (listStored: number): SystemScenario[] => [
  loadScenario('create-payment', 'V1 create payment (POST /v1/payment)', 0, async ({ system }) => [
    v1CreatePayment(system.merchant),
  ]),
  loadScenario(
    'alpha-create-payment',
    'Family A create payment, signed (POST /alpha/v1/payment)',
    0,
    async ({ system }) => [alphaCreatePayment(system.merchant)],
  ),
  loadScenario('read-payment', 'V1 read payment (GET /v1/payment/{id})', 0, async (context) => [
    v1ReadPayment(context.system.merchant, await readIds(context)),
  ]),
  loadScenario('mixed', 'Mixed: 80 % V1 reads, 20 % V1 creates', 0, async (context) => {
    const read = v1ReadPayment(context.system.merchant, await readIds(context));
    return [read, read, read, read, v1CreatePayment(context.system.merchant)];
  }),
  loadScenario(
    'list-payments',
    `V1 list payments, limit 100 of ${listStored.toLocaleString('en')} (GET /v1/payment/)`,
    listStored,
    async ({ system }) => [v1ListPayments(system.merchant)],
  ),
  loadScenario(
    'beta-list-payments',
    `Family B list payments, size 100 of ${listStored.toLocaleString('en')} (GET /beta/v1/payment/)`,
    listStored,
    async ({ system }) => [betaListPayments(system.merchant)],
  ),
];

/**
 * Creates of every family, reads and lists at each store size: a request's CPU should not grow with
 * the number of stored payments (all of them the one merchant's, so a query that walks the merchant's
 * payments shows). Creates come first: the reads then run on a store the creates added to.
 */
export function growthScenarios(sizes: readonly number[]): SystemScenario[] {
  return sizes.flatMap((size) => {
    const stored = size.toLocaleString('en');
    return [
      loadScenario(
        `growth-create-${size}`,
        `Growth: V1 create payment, ${stored} stored`,
        size,
        async ({ system }) => [v1CreatePayment(system.merchant)],
        'growth',
      ),
      loadScenario(
        `growth-alpha-create-${size}`,
        `Growth: family A create payment, signed, ${stored} stored`,
        size,
        async ({ system }) => [alphaCreatePayment(system.merchant)],
        'growth',
      ),
      loadScenario(
        `growth-beta-create-${size}`,
        `Growth: family B create invoice, ${stored} stored`,
        size,
        async ({ system }) => [betaCreateInvoice(system.merchant)],
        'growth',
      ),
      loadScenario(
        `growth-read-${size}`,
        `Growth: V1 read payment, ${stored} stored`,
        size,
        async (context) => [v1ReadPayment(context.system.merchant, await readIds(context))],
        'growth',
      ),
      loadScenario(
        `growth-list-${size}`,
        `Growth: V1 list payments, limit 100 of ${stored}`,
        size,
        async ({ system }) => [v1ListPayments(system.merchant)],
        'growth',
      ),
    ];
  });
}
