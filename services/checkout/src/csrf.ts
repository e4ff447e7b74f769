import { DoubleSubmitToken } from '@gw/platform';
import type { Request, Response } from 'express';

export const CSRF_COOKIE = 'checkout_csrf';
export const CSRF_FIELD = 'csrf';

const invoiceFormToken = new DoubleSubmitToken(CSRF_COOKIE, '/invoice');

export const issueCsrfToken = (req: Request, res: Response, secure: boolean): string =>
  invoiceFormToken.issue(req, res, secure);

export const isGenuinePost = (req: Request, submitted: string | null, publicBaseUrl: string): boolean =>
  invoiceFormToken.isGenuine(req, submitted, publicBaseUrl);
