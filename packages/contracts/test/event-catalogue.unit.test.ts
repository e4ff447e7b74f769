import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_DATA_SCHEMAS } from '../src/messages/event-data.schemas';
import { renderEventCatalogue } from '../src/catalogue/event-catalogue';

describe('the payments.events catalogue', () => {
  const catalogue = renderEventCatalogue();

  it('is what docs/events.md holds (run `pnpm -s events:catalogue` after changing an event schema)', () => {
    const committed = readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'events.md'), 'utf8');
    expect(committed).toBe(catalogue);
  });

  it('has a section with every data field of every event type', () => {
    for (const [type, schema] of Object.entries(EVENT_DATA_SCHEMAS)) {
      const section = catalogue.split(`\n## ${type}\n`)[1]?.split('\n## ')[0];
      expect(section).toBeDefined();
      for (const field of Object.keys(schema.properties as object))
        expect(section).toContain(`| \`${field}\` |`);
    }
  });

  it('names the stream of each aggregate', () => {
    expect(catalogue).toContain('## PaymentCreated\n\nStream `payment-<paymentId>`');
    expect(catalogue).toContain('## SubscriptionPlanCreated\n\nStream `plan-<planId>`');
    expect(catalogue).toContain('## SubscriptionCreated\n\nStream `subscription-<subscriptionId>`');
    expect(catalogue).toContain('## MerchantCreated\n\nStream `merchant-<merchantId>`');
    expect(catalogue).toContain('## InvoicePaymentStarted\n\nStream `invoice-<invoiceId>`');
    // Named by the aggregate that holds them, not by a prefix of their name.
    expect(catalogue).toContain('## PayAddressAllocated\n\nStream `wallet-<merchantId>:<network>:<keyId>`');
    expect(catalogue).toContain('## StaticDepositCredited\n\nStream `static-<merchantId>:');
  });
});
