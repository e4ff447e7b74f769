import { AdminError } from '../src/admin-errors';
import { credentialParam, merchantIdParam, numericIdParam, pageQuery } from '../src/admin-params';

const statusOf = (run: () => unknown): number => {
  try {
    run();
  } catch (error) {
    return (error as AdminError).status;
  }
  return 200;
};

describe('admin path and query parameters', () => {
  it('takes merchant uuids, lower-cased, and treats anything else as an unknown merchant', () => {
    expect(merchantIdParam('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
    expect(statusOf(() => merchantIdParam('merchant-1'))).toBe(404);
    expect(statusOf(() => merchantIdParam(undefined))).toBe(404);
  });

  it('takes numeric ids that fit in a JSON number', () => {
    expect(numericIdParam('1234567890', 'payment')).toBe(1234567890);
    for (const raw of ['0', '012', '-5', '1.5', '12a', '99999999999999999']) {
      expect(statusOf(() => numericIdParam(raw, 'payment'))).toBe(404);
    }
  });

  it('knows the four credentials by their path names', () => {
    expect(['api-key', 'beta-api-key', 'payment-key', 'ipn-secret'].map(credentialParam)).toEqual([
      'api-key',
      'beta-api-key',
      'payment-key',
      'ipn-secret',
    ]);
    expect(statusOf(() => credentialParam('apiKey'))).toBe(400);
    expect(statusOf(() => credentialParam('constructor'))).toBe(400);
  });

  it('pages with limit 1..500 (default 100) and offset from 0', () => {
    expect(pageQuery({})).toEqual({ limit: 100, offset: 0 });
    expect(pageQuery({ limit: '500', offset: '7' })).toEqual({ limit: 500, offset: 7 });
    for (const query of [
      { limit: '0' },
      { limit: '501' },
      { limit: 'ten' },
      { offset: '-1' },
      { limit: ['1', '2'] },
    ]) {
      expect(statusOf(() => pageQuery(query))).toBe(400);
    }
  });
});
