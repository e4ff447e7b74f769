import type { Request } from 'express';
import { callerLookup } from '../src/request-caller';

const request = (key: string) => ({ headers: { 'x-api-key': key } }) as unknown as Request;

describe('callerLookup: who a request comes from, looked up once per request', () => {
  it('asks once however many middlewares of the request want the caller', async () => {
    const asked: string[] = [];
    const callerOf = callerLookup(async (req) => {
      const key = String(req.headers['x-api-key']);
      asked.push(key);
      return { merchantId: `merchant-of-${key}` };
    });
    const req = request('k1');

    const [limiter, auth] = await Promise.all([callerOf(req), callerOf(req)]);
    expect(await callerOf(req)).toBe(limiter);
    expect(auth).toBe(limiter);
    expect(asked).toEqual(['k1']);
  });

  it('asks again for the next request: a key revoked in between is refused from then on', async () => {
    const revoked = new Set<string>();
    const callerOf = callerLookup(async (req) => {
      const key = String(req.headers['x-api-key']);
      return revoked.has(key) ? null : { merchantId: 'merchant-1' };
    });

    expect(await callerOf(request('k1'))).toEqual({ merchantId: 'merchant-1' });
    revoked.add('k1');
    expect(await callerOf(request('k1'))).toBeNull();
  });

  it('keeps no failed lookup: the next middleware of the request asks again', async () => {
    let calls = 0;
    const callerOf = callerLookup(async () => {
      calls++;
      if (calls === 1) throw new Error('read model unreachable');
      return { merchantId: 'merchant-1' };
    });
    const req = request('k1');

    await expect(callerOf(req)).rejects.toThrow('read model unreachable');
    expect(await callerOf(req)).toEqual({ merchantId: 'merchant-1' });
    expect(calls).toBe(2);
  });
});
