import { FAMILY_WEBHOOKS, describeErrors, validatorFor } from '@gw/contracts';
import { PAYMENT_STATUSES, type Family } from '@gw/domain';
import { paymentAtVersion } from '../src/payloads/payment-history';
import { samplePayment } from '../src/payloads/sample-payment';
import { buildWebhookRequest, type WebhookRequest } from '@gw/families';
import { fixedFacts, lateDeposit, paidLifecycle, paymentTerms, stored } from './support/payments';

const FAMILIES: Family[] = ['v1', 'alpha', 'beta'];

/** Every webhook a paid payment (then one late deposit) produces, and a sample one in every status. */
function webhooksOf(family: Family): WebhookRequest[] {
  const history = stored('payment-1', [...paidLifecycle(paymentTerms({ family })), lateDeposit(family)]);
  const lifecycle = history.map((event) =>
    buildWebhookRequest(paymentAtVersion(history, event.version)!.payment, fixedFacts, 'key'),
  );
  const samples = PAYMENT_STATUSES.map((status) =>
    buildWebhookRequest(
      samplePayment({ family, merchantId: 'm', status, url: 'https://shop.example/ipn', now: new Date(0) }),
      fixedFacts,
      'key',
    ),
  );
  return [...lifecycle, ...samples];
}

describe('the webhooks the OpenAPI documents describe', () => {
  it.each(FAMILIES)('%s: every payload the notifier builds matches the documented schema', (family) => {
    const validate = validatorFor(FAMILY_WEBHOOKS[family].payload);
    const webhooks = webhooksOf(family);
    expect(webhooks.length).toBeGreaterThan(PAYMENT_STATUSES.length);
    for (const webhook of webhooks) {
      const valid = validate(JSON.parse(webhook.body));
      expect(valid ? 'valid' : describeErrors(validate.errors)).toBe('valid');
    }
  });

  it.each(FAMILIES)('%s: carries the documented signature header, and only that', (family) => {
    const documented = FAMILY_WEBHOOKS[family].signatureHeader?.name;
    for (const webhook of webhooksOf(family)) {
      expect(Object.keys(webhook.headers).filter((name) => name !== 'content-type')).toEqual(
        documented ? [documented] : [],
      );
    }
  });
});
