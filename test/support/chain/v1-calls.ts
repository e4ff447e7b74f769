/** A V1 payment as the chain tests read it. */
export interface V1Payment {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  pay_amount: number;
  actually_paid: number;
  payin_hash: string | null;
}

/** A V1 call with the merchant's key that throws on an error answer; `baseUrl` is read per call (a restart moves it). */
export function v1Caller(baseUrl: () => string, apiKey: () => string) {
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { 'x-api-key': apiKey(), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
}
