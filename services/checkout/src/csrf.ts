import { randomBytes } from 'node:crypto';
import { timingSafeEqualStr } from '@gw/platform';
import type { Request, Response } from 'express';

export const CSRF_COOKIE = 'checkout_csrf';
export const CSRF_FIELD = 'csrf';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

export function cookieValue(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/**
 * Double-submit token: the same random value in a SameSite=Strict, HttpOnly cookie and in the form's
 * hidden field. A page on another site can post the form but can neither read nor set our cookie, so
 * its post never matches. Stateless, so any checkout instance can check it.
 */
export function issueCsrfToken(req: Request, res: Response, secure: boolean): string {
  const existing = cookieValue(req, CSRF_COOKIE);
  const token = existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(24).toString('base64url');
  res.append(
    'Set-Cookie',
    `${CSRF_COOKIE}=${token}; Path=/invoice; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
  return token;
}

/** The posted token matches the cookie, and the browser, when it says where the post came from, says us. */
export function isGenuinePost(req: Request, submitted: string | null, publicBaseUrl: string): boolean {
  const cookie = cookieValue(req, CSRF_COOKIE);
  if (!cookie || !submitted || !TOKEN_PATTERN.test(cookie)) return false;
  if (!timingSafeEqualStr(cookie, submitted)) return false;
  const origin = req.get('origin');
  if (origin === undefined) return true;
  const host = hostOf(origin);
  return host !== null && (host === req.get('host') || host === hostOf(publicBaseUrl));
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
