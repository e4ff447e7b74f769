import type { MerchantKeys } from '@gw/application';
import { upstreamSign } from './alpha-client';
import type { TestGateway } from '../../support/gateway';

/** Which of its family credentials the merchant presents to the sandbox. */
export type SandboxCredentials = 'alpha' | 'beta' | 'v1';

export interface SandboxTransaction {
  tx_hash: string;
  payment_id: number;
  amount: string;
  confirmations: number;
}

/**
 * The merchant's side of the sandbox chain (/sandbox/v1), signed with one of its family credentials,
 * and the operator's refund (/admin/v1), over HTTP.
 */
export class SandboxTester {
  constructor(
    private readonly gateway: TestGateway,
    private readonly credentials: SandboxCredentials,
    private readonly merchant: MerchantKeys = gateway.demoMerchant,
  ) {}

  private async call<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
    const raw = JSON.stringify(body);
    const response = await fetch(`${this.gateway.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headers ?? this.credentialHeaders(raw)) },
      body: raw,
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  deposit(payAddress: string, amount: string, confirmations = 0): Promise<SandboxTransaction> {
    return this.call('/sandbox/v1/deposits', { pay_address: payAddress, amount, confirmations });
  }

  confirm(txHash: string, confirmations: number): Promise<SandboxTransaction> {
    return this.call(`/sandbox/v1/deposits/${txHash}/confirmations`, { confirmations });
  }

  /** Pays what is still missing, fully confirmed. */
  pay(paymentId: number | string): Promise<SandboxTransaction> {
    return this.call(`/sandbox/v1/payments/${paymentId}/pay`, {});
  }

  refund(paymentId: number | string): Promise<unknown> {
    return this.call(
      `/admin/v1/payments/${paymentId}/refund`,
      {},
      { authorization: `Bearer ${this.gateway.adminToken}` },
    );
  }

  private credentialHeaders(raw: string): Record<string, string> {
    switch (this.credentials) {
      case 'alpha':
        return { merchant: this.merchant.merchantId, sign: upstreamSign(raw, this.merchant.paymentKey) };
      case 'beta':
        return { merchant_api_key: this.merchant.betaApiKey };
      case 'v1':
        return { 'x-api-key': this.merchant.apiKey };
    }
  }

  async eventTypes(paymentId: number): Promise<string[]> {
    return (await this.gateway.gateway.ctx.eventStore.readStream(`payment-${paymentId}`)).map(
      (event) => event.type,
    );
  }
}
