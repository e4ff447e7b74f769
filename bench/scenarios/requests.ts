import { randomUUID } from 'node:crypto';
import { alphaSign } from '../../packages/families/src';
import type { CreatedMerchantView } from '../../services/admin/src';
import type { LoadRequest } from '../runner/load';

/** The body every create-payment request sends, to the gateway and to the baseline alike. */
export const V1_CREATE_PAYMENT_BODY = JSON.stringify({
  price_amount: 100,
  price_currency: 'usd',
  pay_currency: 'btc',
  order_id: 'bench-order',
  order_description: 'Benchmark order',
});

export const V1_LIST_QUERY = 'limit=100&page=0&sortBy=created_at&orderBy=desc';

export function v1CreatePayment(merchant?: CreatedMerchantView): LoadRequest {
  return {
    method: 'POST',
    path: '/v1/payment',
    headers: {
      'content-type': 'application/json',
      ...(merchant ? { 'x-api-key': merchant.api_key } : {}),
    },
    body: V1_CREATE_PAYMENT_BODY,
  };
}

/** GET /v1/payment/{id}, cycling through `ids` so every read is another payment. */
export function v1ReadPayment(merchant: CreatedMerchantView, ids: readonly number[]): LoadRequest {
  let next = 0;
  return {
    method: 'GET',
    path: `/v1/payment/${ids[0]}`,
    headers: { 'x-api-key': merchant.api_key },
    setupRequest: (request) => ({ ...request, path: `/v1/payment/${ids[next++ % ids.length]}` }),
  };
}

export function v1ListPayments(merchant: CreatedMerchantView): LoadRequest {
  return { method: 'GET', path: `/v1/payment/?${V1_LIST_QUERY}`, headers: { 'x-api-key': merchant.api_key } };
}

/** POST /alpha/v1/payment with a fresh order_id each time, signed over the exact bytes sent. */
export function alphaCreatePayment(merchant: CreatedMerchantView): LoadRequest {
  const run = randomUUID().slice(0, 8);
  let next = 0;
  return {
    method: 'POST',
    path: '/alpha/v1/payment',
    setupRequest: (request) => {
      const body = JSON.stringify({
        amount: '20',
        currency: 'USD',
        order_id: `bench-${run}-${next++}`,
        to_currency: 'BTC',
        network: 'btc',
      });
      return {
        ...request,
        body,
        headers: {
          'content-type': 'application/json',
          merchant: merchant.merchant_id,
          sign: alphaSign(body, merchant.payment_key),
        },
      };
    },
  };
}

/** POST /beta/v1/payment/invoice, oxapay-python's Payment.generate_invoice. */
export function betaCreateInvoice(merchant: CreatedMerchantView): LoadRequest {
  return {
    method: 'POST',
    path: '/beta/v1/payment/invoice',
    headers: { 'content-type': 'application/json', merchant_api_key: merchant.beta_api_key },
    body: JSON.stringify({ amount: 20, currency: 'USD', to_currency: 'BTC' }),
  };
}

export function betaListPayments(merchant: CreatedMerchantView): LoadRequest {
  return {
    method: 'GET',
    path: '/beta/v1/payment/?page=1&size=100',
    headers: { merchant_api_key: merchant.beta_api_key },
  };
}

interface V1ListAnswer {
  data: { payment_id: number }[];
  total: number;
}

const ID_PAGE = 100;

/**
 * Ids of `wanted` of the merchant's payments, taken from pages spread over the whole store (so reads
 * touch old and new payments alike), creating payments over the API first when there are fewer.
 */
export async function paymentIdsOf(
  url: string,
  merchant: CreatedMerchantView,
  wanted: number,
  concurrency?: number,
): Promise<number[]> {
  const page = async (limit: number, index: number) => {
    const response = await fetch(`${url}/v1/payment/?limit=${limit}&page=${index}&orderBy=desc`, {
      headers: { 'x-api-key': merchant.api_key },
    });
    if (!response.ok) throw new Error(`listing payments answered ${response.status}`);
    return (await response.json()) as V1ListAnswer;
  };
  let { total } = await page(1, 0);
  if (total < wanted) {
    await createPayments(url, merchant, wanted - total, concurrency);
    // Reads follow the projector, which may still be writing the last few.
    const deadline = Date.now() + 10_000;
    while ((total = (await page(1, 0)).total) < wanted && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const pages = Math.ceil(wanted / ID_PAGE);
  const lastPage = Math.floor((total - 1) / ID_PAGE);
  const ids: number[] = [];
  for (let i = 0; i < pages; i++) {
    const answer = await page(ID_PAGE, Math.floor((i * lastPage) / Math.max(1, pages - 1)));
    ids.push(...answer.data.map((payment) => payment.payment_id));
  }
  return ids;
}

export interface CreatedPayment {
  payment_id: number;
  pay_address: string;
  pay_amount: number;
}

/** Creates payments over the API, `concurrency` at a time; none is started after `deadline` (epoch ms). */
export async function createPayments(
  url: string,
  merchant: CreatedMerchantView,
  count: number,
  concurrency = 16,
  deadline = Infinity,
): Promise<CreatedPayment[]> {
  const created: CreatedPayment[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count && Date.now() < deadline) {
      next++;
      const response = await fetch(`${url}/v1/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': merchant.api_key },
        body: V1_CREATE_PAYMENT_BODY,
      });
      if (response.status !== 201)
        throw new Error(`creating a payment answered ${response.status}: ${await response.text()}`);
      created.push((await response.json()) as CreatedPayment);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return created;
}
