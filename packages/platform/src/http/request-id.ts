import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { newUuid } from '../ids';
import { requestLogger } from '../logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy or client may hand us; anything else (too long, control characters) is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=@/-]{1,128}$/;

/**
 * Gives every request an id (the caller's x-request-id when sane, else a fresh uuid), echoes it in the
 * response header and attaches a child logger carrying it as `req.log`.
 */
export function requestId(options: { logger: Logger }): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : newUuid();
    req.id = id;
    // Built on first use: most requests never log, and a pino child per request showed in profiles.
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= requestLogger(options.logger, id)),
      set: (replacement: Logger) => {
        log = replacement;
      },
    });
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}
