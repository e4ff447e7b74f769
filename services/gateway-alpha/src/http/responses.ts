import type { ErrorRequestHandler, Response } from 'express';
import { httpErrorOf } from '@gw/platform';
import { CommandTimeoutError } from '@gw/application';
import type { Logger } from 'pino';
import { AlphaError } from '@gw/families';

/** Every success is HTTP 200 `{state: 0, result}`; SDKs index `state` and return `result`. */
export function sendResult(res: Response, result: unknown): void {
  res.status(200).json({ state: 0, result });
}

/** The one place family A failures become HTTP answers; nothing reaches the client as a bare 500 page. */
export function alphaErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AlphaError) {
      res.status(error.status).json(error.body);
      return;
    }
    const httpError = httpErrorOf(error);
    if (httpError) {
      res
        .status(httpError.status)
        .json({ state: 1, message: httpError.expose ? httpError.message : 'Bad request' });
      return;
    }
    if (error instanceof CommandTimeoutError) {
      logger.warn({ err: error, url: req.originalUrl }, 'payments did not answer');
      res.status(503).json({ state: 1, message: 'Service temporarily unavailable, try again' });
      return;
    }
    logger.error({ err: error, url: req.originalUrl }, 'family A request failed');
    res.status(500).json({ state: 1, message: 'Internal server error' });
  };
}
