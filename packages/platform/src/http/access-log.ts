import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';
import { withoutCredentials } from './url-credentials';

export interface AccessLogOptions {
  /**
   * The logger `req.log` derives from. When given, an entry below its level is dropped before
   * `req.log` is touched, so a quiet server builds no per-request child logger.
   */
  logger?: Logger;
}

/** One line per finished request on `req.log` (install after requestId). Aborted requests are logged too. */
export function accessLog(options: AccessLogOptions = {}): RequestHandler {
  const { logger } = options;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const completed = res.writableFinished;
      const level: Level = !completed ? 'warn' : res.statusCode >= 500 ? 'error' : 'info';
      if (logger && !logger.isLevelEnabled(level)) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        method: req.method,
        // Clients put keys in query strings (`?api_key=`); the log keeps the target, not the key.
        target: withoutCredentials(req.requestTarget ?? req.originalUrl),
        status: completed ? res.statusCode : undefined,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (!completed) req.log.warn(entry, 'request aborted by the client');
      else if (level === 'error') req.log.error(entry, 'request failed');
      else req.log.info(entry, 'request completed');
    });
    next();
  };
}
