import type { Request, Response } from 'express';
import { requireAdminToken } from '../src/admin-auth';

const TOKEN = 'admin-token-0123456789abcdef';

function call(adminToken: string | null, authorization?: string) {
  const result = {
    status: 200,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    passed: false,
  };
  const res = {
    setHeader(name: string, value: string) {
      result.headers[name] = value;
    },
    status(code: number) {
      result.status = code;
      return this;
    },
    json(body: unknown) {
      result.body = body;
      return this;
    },
  } as unknown as Response;
  const req = { headers: authorization === undefined ? {} : { authorization } } as Request;
  requireAdminToken(adminToken)(req, res, () => {
    result.passed = true;
  });
  return result;
}

describe('admin token check', () => {
  it('lets the configured bearer token through', () => {
    expect(call(TOKEN, `Bearer ${TOKEN}`).passed).toBe(true);
    expect(call(TOKEN, `bearer   ${TOKEN}`).passed).toBe(true);
  });

  it('answers 401 with a Bearer challenge when the token is missing', () => {
    const result = call(TOKEN);
    expect(result).toMatchObject({
      passed: false,
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="admin"' },
    });
    expect(result.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Authorization: Bearer <admin token> is required',
    });
  });

  it.each([
    ['a wrong token', 'Bearer nope'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token plus a character', `Bearer ${TOKEN}x`],
    ['another scheme', `Basic ${TOKEN}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 for %s', (_case, header) => {
    const result = call(TOKEN, header);
    expect(result.passed).toBe(false);
    expect(result.status).toBe(401);
  });

  it('switches the API off with 503 when no token is configured, whatever is presented', () => {
    for (const header of [undefined, `Bearer ${TOKEN}`, 'Bearer anything']) {
      const result = call(null, header);
      expect(result.passed).toBe(false);
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'admin API disabled: set ADMIN_TOKEN',
      });
    }
  });

  it('keeps admin responses out of caches', () => {
    expect(call(TOKEN, `Bearer ${TOKEN}`).headers['cache-control']).toBe('no-store');
  });
});
