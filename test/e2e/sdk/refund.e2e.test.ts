import path from 'node:path';
import { AlphaClient } from '../alpha/alpha-client';
import { readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { runPythonDriver } from '../../support/python-sdks';
import { startTestGateway, type TestGateway } from '../../support/gateway';

type Outcome = { returned?: unknown; raised?: string; code?: number | null; message?: string };

const WAIT_MS = 20_000;
const BUYER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * pyCryptomusAPI's `refund` (the real SDK from PyPI, in the test's virtual environment), by uuid and by
 * order_id: upstream's answer (`result` []), the payment then pending its refund; refusals raise the
 * SDK's own exception, never a 404 or a 500.
 */
describe('pyCryptomusAPI refund', () => {
  let gateway: TestGateway;
  let client: AlphaClient;
  let results: Record<string, Outcome>;
  const uuids: string[] = [];

  beforeAll(async () => {
    gateway = await startTestGateway();
    const merchant = await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, merchant);
    const tester = new SandboxTester(gateway, 'alpha');
    const paid = [];
    for (let i = 0; i < 2; i++) {
      const payment = await client.createPayment({ amount: '0.002', currency: 'BTC' });
      await tester.pay((await storedPayment(gateway, payment.uuid)).paymentId);
      await client.paymentWhen(payment.uuid, (read) => read.status === 'paid', WAIT_MS);
      paid.push(payment);
      uuids.push(payment.uuid);
    }
    const unpaid = await client.createPayment({ amount: '0.002', currency: 'BTC' });
    results = await runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'refund-driver.py'), [
      gateway.baseUrl,
      merchant.merchantId,
      merchant.paymentKey,
      paid[0]!.uuid,
      paid[1]!.order_id ?? '',
      BUYER,
      unpaid.uuid,
    ]);
  }, 600_000);

  afterAll(() => gateway?.stop());

  it("returns upstream's empty result by uuid and by order_id, and the payments show refund_process", async () => {
    expect(results['by uuid']).toEqual({ returned: [] });
    expect(results['by order_id']).toEqual({ returned: [] });
    for (const uuid of uuids) {
      const pending = await client.paymentWhen(uuid, (read) => read.status === 'refund_process');
      expect(pending).toMatchObject({ payment_status: 'finished' });
    }
  });

  it('raises the SDK exception for an address of another network and for an unpaid payment', () => {
    // pyCryptomusAPI reports code -5 for every non-2xx answer, with the body's message.
    expect(results['bad address']).toEqual({
      raised: 'pyCryptomusAPIException',
      code: -5,
      message: 'Validation error: address (validation.invalid)',
    });
    expect(results.unpaid).toEqual({
      raised: 'pyCryptomusAPIException',
      code: -5,
      message: 'Payment cannot be refunded: a waiting payment cannot be refunded',
    });
  });
});
