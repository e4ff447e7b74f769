import type { Request, Response } from 'express';
import { cookieValue } from '@gw/platform';
import { CSRF_COOKIE, isGenuinePost, issueCsrfToken } from '../src/csrf';

const BASE_URL = 'https://pay.example.com';
const TOKEN = 'A'.repeat(32);

function requestWith(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { headers: lower, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

function responseRecorder() {
  const cookies: string[] = [];
  const res = { append: (_name: string, value: string) => cookies.push(value) } as unknown as Response;
  return { res, cookies };
}

describe('the double-submit token', () => {
  it('issues a SameSite=Strict, HttpOnly cookie scoped to the invoice pages, Secure behind https', () => {
    const { res, cookies } = responseRecorder();
    const token = issueCsrfToken(requestWith({}), res, true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookies).toEqual([`${CSRF_COOKIE}=${token}; Path=/invoice; HttpOnly; SameSite=Strict; Secure`]);
  });

  it('keeps the token a browser already has, so two open tabs both work', () => {
    const { res } = responseRecorder();
    expect(issueCsrfToken(requestWith({ cookie: `other=1; ${CSRF_COOKIE}=${TOKEN}` }), res, false)).toBe(
      TOKEN,
    );
  });

  it('replaces a malformed cookie', () => {
    const { res } = responseRecorder();
    expect(issueCsrfToken(requestWith({ cookie: `${CSRF_COOKIE}=short` }), res, false)).not.toBe('short');
  });

  it('accepts a post whose field matches the cookie, from our own origin or with no origin', () => {
    const cookie = `${CSRF_COOKIE}=${TOKEN}`;
    expect(
      isGenuinePost(
        requestWith({ cookie, host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' }),
        TOKEN,
        BASE_URL,
      ),
    ).toBe(true);
    expect(
      isGenuinePost(
        requestWith({ cookie, host: 'internal:8080', origin: 'https://pay.example.com' }),
        TOKEN,
        BASE_URL,
      ),
    ).toBe(true);
    expect(isGenuinePost(requestWith({ cookie, host: 'pay.example.com' }), TOKEN, BASE_URL)).toBe(true);
  });

  it('refuses a missing or different token, a missing cookie, and another or opaque origin', () => {
    const cookie = `${CSRF_COOKIE}=${TOKEN}`;
    const host = 'pay.example.com';
    expect(isGenuinePost(requestWith({ cookie, host }), null, BASE_URL)).toBe(false);
    expect(isGenuinePost(requestWith({ cookie, host }), 'B'.repeat(32), BASE_URL)).toBe(false);
    expect(isGenuinePost(requestWith({ host }), TOKEN, BASE_URL)).toBe(false);
    expect(
      isGenuinePost(requestWith({ cookie, host, origin: 'https://evil.example' }), TOKEN, BASE_URL),
    ).toBe(false);
    expect(isGenuinePost(requestWith({ cookie, host, origin: 'null' }), TOKEN, BASE_URL)).toBe(false);
  });

  it('reads one cookie among several', () => {
    expect(cookieValue(requestWith({ cookie: 'a=1; b=2;c=3' }), 'c')).toBe('3');
    expect(cookieValue(requestWith({}), 'c')).toBeNull();
  });
});
