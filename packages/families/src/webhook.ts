import type { Family } from '@gw/domain';
import type { PaymentDocument } from '@gw/views';
import { alphaWebhookBody } from './alpha/signature';
import { alphaWebhookPayload } from './alpha/webhook';
import { betaHmac } from './beta/signature';
import { betaWebhookPayload } from './beta/webhook';
import type { CurrencyFacts } from './currency-facts';
import { v1IpnPayload } from './v1/ipn';
import { v1IpnBody, v1IpnSignature } from './v1/signature';

/** A signed webhook as it goes on the wire; stored once and sent byte-identical on every retry. */
export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The merchant secret each family signs with: V1 IPN secret, family A payment key, family B API key. */
export type SigningKey = string;

const JSON_TYPE = 'application/json';
// Header names go out as upstream spells them: OxaPay's PHP SDK looks for `HMAC`, `Hmac` or `hmac` verbatim.

/**
 * A payment's webhook, signed, from its read-model document (the projection every family's records
 * are built from too): the same document gives the API record and the webhook.
 */
export function buildWebhookRequest(
  payment: PaymentDocument,
  facts: CurrencyFacts,
  signingKey: SigningKey,
): WebhookRequest {
  return signWebhook(payment.family, familyPayload(payment, facts), signingKey);
}

export function familyPayload(payment: PaymentDocument, facts: CurrencyFacts): Record<string, unknown> {
  switch (payment.family) {
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
