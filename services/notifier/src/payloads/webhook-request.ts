import type { ExistingPayment, Family } from '@gw/domain';
import { alphaWebhookPayload } from './alpha-payload';
import { betaWebhookPayload } from './beta-payload';
import type { CurrencyFacts } from './currency-facts';
import { alphaWebhookBody, betaHmac, v1IpnBody, v1IpnSignature } from './signatures';
import { v1IpnPayload } from './v1-payload';

/** A signed webhook as it goes on the wire; stored once and sent byte-identical on every retry. */
export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The merchant secret each family signs with: V1 IPN secret, family A payment key, family B API key. */
export type SigningKey = string;

const JSON_TYPE = 'application/json';
// Header names go out as upstream spells them: OxaPay's PHP SDK looks for `HMAC`, `Hmac` or `hmac` verbatim.

export function buildWebhookRequest(
  payment: ExistingPayment,
  facts: CurrencyFacts,
  signingKey: SigningKey,
): WebhookRequest {
  return signWebhook(payment.terms.family, familyPayload(payment, facts), signingKey);
}

export function familyPayload(payment: ExistingPayment, facts: CurrencyFacts): Record<string, unknown> {
  switch (payment.terms.family) {
    case 'v1':
      return v1IpnPayload(payment);
    case 'alpha':
      return alphaWebhookPayload(payment, facts);
    case 'beta':
      return betaWebhookPayload(payment, facts);
  }
}

export function signWebhook(
  family: Family,
  payload: Record<string, unknown>,
  signingKey: SigningKey,
): WebhookRequest {
  switch (family) {
    case 'v1': {
      const body = v1IpnBody(payload);
      return {
        body,
        headers: { 'content-type': JSON_TYPE, 'x-nowpayments-sig': v1IpnSignature(body, signingKey) },
      };
    }
    case 'alpha':
      return { body: alphaWebhookBody(payload, signingKey), headers: { 'content-type': JSON_TYPE } };
    case 'beta': {
      const body = JSON.stringify(payload);
      return { body, headers: { 'content-type': JSON_TYPE, HMAC: betaHmac(body, signingKey) } };
    }
  }
}
