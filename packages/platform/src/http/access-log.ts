import type { RequestHandler } from 'express';

/** One line per finished request on `req.log` (install after requestId). Aborted requests are logged too. */
export function accessLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const completed = res.writableFinished;
      const entry = {
        method: req.method,
        target: req.requestTarget ?? req.originalUrl,
        status: completed ? res.statusCode : undefined,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (!completed) req.log.warn(entry, 'request aborted by the client');
      else if (res.statusCode >= 500) req.log.error(entry, 'request failed');
      else req.log.info(entry, 'request completed');
    });
    next();
  };
}
