import path from 'node:path';
import { paymentUris, qrCodePngDataUrl } from '@gw/chain';
import { AlphaClient } from '../alpha/alpha-client';
import { readyMerchant, storedPayment } from '../alpha/alpha-fixtures';
import { SandboxTester } from '../alpha/sandbox-tester';
import { runPythonDriver } from '../../support/python-sdks';
import { startTestGateway, type TestGateway } from '../../support/gateway';
import type { MerchantKeys } from '@gw/application';

type Outcome = { returned?: unknown; raised?: string; message?: string };

const WAIT_MS = 20_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * pyCryptomusAPI `payment_qr_code` (the real SDK from PyPI): the PNG data URL of the payment's wallet
 * link (address, coin, the amount still due), as upstream's `{"state":0,"result":{"image":…}}`.
 */
describe('pyCryptomusAPI payment_qr_code', () => {
  let gateway: TestGateway;
  let merchant: MerchantKeys;
  let client: AlphaClient;
  const run = (calls: Record<string, unknown[]>) =>
    runPythonDriver<Record<string, Outcome>>(path.join(__dirname, 'alpha-wallet-driver.py'), [
      gateway.baseUrl,
      merchant.merchantId,
      merchant.paymentKey,
      JSON.stringify(calls),
    ]);

  beforeAll(async () => {
    gateway = await startTestGateway();
    merchant = await readyMerchant(gateway, gateway.demoMerchant);
    client = new AlphaClient(gateway.baseUrl, merchant);
  }, 600_000);

  afterAll(() => gateway?.stop());

  it('returns the PNG QR code of the wallet link for what is due, none once it is paid', async () => {
    const payment = await client.createPayment({ amount: '0.002', currency: 'BTC' });
    const stored = await storedPayment(gateway, payment.uuid);
    const uriOf = paymentUris(gateway.gateway.ctx.config.chainWatchers);
    const waiting = await run({ waiting: ['pyCryptomusAPI', 'payment_qr_code', payment.uuid] });
    const image = waiting.waiting?.returned as string;
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(image.split(',')[1]!, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(image).toBe(
      await qrCodePngDataUrl(uriOf(stored.payCurrency, stored.payAddress, stored.payAmount)),
    );

    await new SandboxTester(gateway, 'alpha').pay(stored.paymentId);
    await client.paymentWhen(payment.uuid, (read) => read.status === 'paid', WAIT_MS);
    const paid = await run({ paid: ['pyCryptomusAPI', 'payment_qr_code', payment.uuid] });
    expect(paid.paid?.returned).toBe(
      await qrCodePngDataUrl(uriOf(stored.payCurrency, stored.payAddress, null)),
    );
  });

  it("raises the SDK's exception for a payment it does not know", async () => {
    const unknown = await run({
      unknown: ['pyCryptomusAPI', 'payment_qr_code', '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.unknown).toEqual({ raised: 'pyCryptomusAPIException', message: 'Payment not found' });
  });
});
