import type { RequestHandler } from 'express';
import { timingSafeEqualStr } from '@gw/platform';
import { errorBody } from './admin-errors';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every admin call presents `Authorization: Bearer <ADMIN_TOKEN>`. Without a configured token the API
 * is switched off rather than open. The comparison is constant-time, so response timing reveals
 * nothing about how much of a guessed token was right.
 */
export function requireAdminToken(adminToken: string | null): RequestHandler {
  return (req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    if (adminToken === null) {
      res.status(503).json(errorBody(503, 'admin API disabled: set ADMIN_TOKEN'));
      return;
    }
    const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (presented === undefined || !timingSafeEqualStr(presented, adminToken)) {
      res.setHeader('www-authenticate', 'Bearer realm="admin"');
      const message =
        presented === undefined ? 'Authorization: Bearer <admin token> is required' : 'Invalid admin token';
      res.status(401).json(errorBody(401, message));
      return;
    }
    next();
  };
}
