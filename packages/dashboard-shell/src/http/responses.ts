import { html } from '@gw/platform';
import type { ServiceContext } from '@gw/application';
import type { ErrorRequestHandler, Request, Response } from 'express';
import { renderPage } from '../views/layout';
import { renderMessagePage } from '../views/message-page';
import { NoMerchantChosenError, signedInOf, type SignedIn } from './signed-in';

const NOT_FOUND = 'There is nothing here, or it belongs to another merchant.';

/** Signed in, the page keeps its navigation; before the sign-in, a plain page. */
export function sendNotFound(_req: Request, res: Response): void {
  const signedIn = res.locals.signedIn as SignedIn | undefined;
  const page = signedIn
    ? renderPage({
        title: 'Not found',
        chrome: signedIn.chrome(null),
        body: html`<h1>Not found</h1>
          <p class="panel">${NOT_FOUND}</p>`,
      })
    : renderMessagePage('Not found', NOT_FOUND);
  res.status(404).type('html').send(page);
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
