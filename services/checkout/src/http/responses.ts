import { CommandTimeoutError, type ServiceContext } from '@gw/application';
import type { ErrorRequestHandler, Request, Response } from 'express';
import { textsFor, type CheckoutTexts } from '../texts';
import { renderMessagePage } from '../views/message-page';

export const textsOf = (req: Request): CheckoutTexts => textsFor(req.get('accept-language'));

export function sendNotFound(req: Request, res: Response): void {
  const texts = textsOf(req);
  res
    .status(404)
    .type('html')
    .send(renderMessagePage(texts, texts.errors.notFoundTitle, texts.errors.notFoundDetail));
}

/** One error handler for the pages: a timeout is "busy, retry", anything else a plain apology, both logged. */
export function checkoutErrorHandler(ctx: ServiceContext): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const texts = textsOf(req);
    const clientStatus = clientErrorStatusOf(error);
    if (clientStatus !== null) {
      res
        .status(clientStatus)
        .type('html')
        .send(renderMessagePage(texts, texts.errors.failureTitle, texts.errors.failureDetail));
      return;
    }
    const busy = error instanceof CommandTimeoutError;
    ctx.logger[busy ? 'warn' : 'error']({ err: error, path: req.path }, 'checkout page failed');
    res
      .status(busy ? 503 : 500)
      .type('html')
      .send(
        busy
          ? renderMessagePage(texts, texts.errors.unavailableTitle, texts.errors.unavailableDetail)
          : renderMessagePage(texts, texts.errors.failureTitle, texts.errors.failureDetail),
      );
  };
}

/** Body-parser refusals (too large, malformed) carry a 4xx status; they are the client's, not ours. */
function clientErrorStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}
