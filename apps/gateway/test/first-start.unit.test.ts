import { describeFirstStart } from '../src/demo-merchant';

const keys = {
  merchantId: '8b03432e-0000-4000-8000-000000000001',
  apiKey: 'api-key',
  betaApiKey: 'beta-key',
  paymentKey: 'payment-key',
  ipnSecret: 'ipn-secret',
};

describe('the first start banner', () => {
  it('says in plain words that payments run on a simulated chain while the sandbox is on', () => {
    const banner = describeFirstStart('http://localhost:8080', keys, true);
    expect(banner).toContain('SIMULATED chain');
    expect(banner).toContain('no real money moves');
    expect(banner).toContain('SANDBOX_ENABLED=false');
  });

  it('says nothing of a simulated chain when the sandbox is off', () => {
    expect(describeFirstStart('http://localhost:8080', keys, false)).not.toMatch(/simulated/i);
  });
});
