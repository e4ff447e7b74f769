import { cookieValue } from '@gw/platform';
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'dashboard_session';
export const DASHBOARD_PATH = '/dashboard';

/** Secure whenever the browser reached us over https: directly, or through a trusted proxy (TRUST_PROXY). */
export const isHttps = (req: Request, baseUrl: string): boolean => req.secure || baseUrl.startsWith('https:');

export function setSessionCookie(
  req: Request,
  res: Response,
  id: string,
  maxAgeMs: number,
  baseUrl: string,
): void {
  const secure = isHttps(req, baseUrl) ? '; Secure' : '';
  res.append(
    'Set-Cookie',
    `${SESSION_COOKIE}=${id}; Path=${DASHBOARD_PATH}; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearSessionCookie(req: Request, res: Response, baseUrl: string): void {
  const secure = isHttps(req, baseUrl) ? '; Secure' : '';
  res.append(
    'Set-Cookie',
    `${SESSION_COOKIE}=; Path=${DASHBOARD_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure}`,
  );
}

export const sessionIdOf = (req: Request): string | null => cookieValue(req, SESSION_COOKIE);
