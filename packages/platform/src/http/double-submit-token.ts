import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { timingSafeEqualStr } from '../crypto-box';
import { cookieValue, isSameOriginPost } from './cookies';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Double-submit token: the same random value in a SameSite=Strict, HttpOnly cookie and in the form's
 * hidden field. A page on another site can post the form but can neither read nor set our cookie, so
 * its post never matches. Stateless, so any instance of a service can check it.
 */
export class DoubleSubmitToken {
  constructor(
    readonly cookie: string,
    private readonly path: string,
  ) {}

  /** The token for the form being rendered; a browser's existing token is kept, so two open tabs both work. */
  issue(req: Request, res: Response, secure: boolean): string {
    const existing = cookieValue(req, this.cookie);
    const token = existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(24).toString('base64url');
    res.append(
      'Set-Cookie',
      `${this.cookie}=${token}; Path=${this.path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    );
    return token;
  }

  /** The posted token matches the cookie, and the browser, when it says where the post came from, says us. */
  isGenuine(req: Request, submitted: string | null, publicBaseUrl: string): boolean {
    const cookie = cookieValue(req, this.cookie);
    if (!cookie || !submitted || !TOKEN_PATTERN.test(cookie)) return false;
    return timingSafeEqualStr(cookie, submitted) && isSameOriginPost(req, publicBaseUrl);
  }
}
