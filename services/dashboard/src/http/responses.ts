import { html } from '@gw/platform';
import type { ServiceContext } from '@gw/runtime';
import type { ErrorRequestHandler, Request, Response } from 'express';
import { renderPage } from '../views/layout';
import { renderMessagePage } from '../views/sign-in-page';
import { NoMerchantChosenError, signedInOf } from './signed-in';

export function sendNotFound(_req: Request, res: Response): void {
  res
    .status(404)
    .type('html')
    .send(renderMessagePage('Not found', 'There is nothing here, or it belongs to another merchant.'));
}

/** One error handler for the pages: the operator without a merchant is asked to pick one; the rest is logged. */
export function dashboardErrorHandler(ctx: ServiceContext): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof NoMerchantChosenError) {
      return void res.type('html').send(
        renderPage({
          title: 'Choose a merchant',
          chrome: signedInOf(res).chrome(null),
          body: html`<h1>Choose a merchant</h1>
            <p class="panel">Pick the merchant to look at with the switcher at the top of the page.</p>`,
        }),
      );
    }
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return void res
        .status(status)
        .type('html')
        .send(renderMessagePage('That request was refused', 'The form was too large or malformed.'));
    }
    ctx.logger.error({ err: error, path: req.path }, 'dashboard page failed');
    res
      .status(500)
      .type('html')
      .send(renderMessagePage('Something went wrong', 'The page could not be shown. Please try again.'));
  };
}
