import { randomBytes } from 'node:crypto';
import { asyncRoute } from '@gw/platform';
import { CommandTimeoutError, priceViewsOf, type ServiceContext } from '@gw/application';
import type { PaymentDocument } from '@gw/views';
import express, { Router, type Request, type Response } from 'express';
import { checkoutStateOf, paymentPath, type CheckoutStage } from '../checkout-state';
import { coinChoicesFor, findChoice, preselectedCode } from '../coin-choices';
import { CSRF_FIELD, isGenuinePost, issueCsrfToken } from '../csrf';
import { InvoicePaymentStarter, PaymentRefusedError } from '../invoice-payment-starter';
import { formatPrice } from '../views/format';
import { renderInvoicePage } from '../views/invoice-page';
import type { CheckoutLookups, InvoiceContext } from './lookups';
import { sendNotFound, textsOf } from './responses';

const ATTEMPT = /^[A-Za-z0-9_-]{16,64}$/;
/** Stages in which money is on its way: the buyer follows that payment rather than being offered another. */
const MONEY_ARRIVED: readonly CheckoutStage[] = ['confirming', 'paid', 'partially_paid'];

interface PageExtras {
  status?: number;
  error?: string | null;
  selected?: string | null;
  ongoing?: PaymentDocument | null;
}

/** `/invoice/<id>`: the V1 invoice page, and the pick that opens its payment. */
export function invoiceRoutes(
  ctx: ServiceContext,
  lookups: CheckoutLookups,
  starter: InvoicePaymentStarter,
): Router {
  const router = Router();
  const secureCookies = ctx.config.baseUrl.startsWith('https:');
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 });

  const tickerOf = (payCurrency: string): string => {
    try {
      return ctx.rates.current().findCryptoCurrency(payCurrency).ticker.toUpperCase();
    } catch {
      return payCurrency.toUpperCase();
    }
  };

  function sendInvoicePage(
    req: Request,
    res: Response,
    { invoice, merchant }: InvoiceContext,
    extra: PageExtras,
  ) {
    const rates = ctx.rates.current();
    const choices = coinChoicesFor(
      priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
      merchant,
      invoice,
      ctx.config,
    );
    const ongoing = extra.ongoing ?? null;
    res
      .status(extra.status ?? 200)
      .type('html')
      .send(
        renderInvoicePage({
          texts: textsOf(req),
          merchantName: merchant.name,
          invoiceId: invoice.invoiceId,
          order: {
            orderId: invoice.orderId,
            description: invoice.orderDescription,
            price: formatPrice(rates, invoice.priceAmount, invoice.priceCurrency),
          },
          choices,
          selectedCode: extra.selected ?? preselectedCode(invoice, choices),
          csrfToken: issueCsrfToken(req, res, secureCookies),
          attempt: randomBytes(16).toString('base64url'),
          error: extra.error ?? null,
          ongoing: ongoing && { uuid: ongoing.uuid, ticker: tickerOf(ongoing.payCurrency) },
        }),
      );
  }

  router.get(
    '/invoice/:invoiceId',
    asyncRoute(async (req: Request<{ invoiceId: string }>, res) => {
      const found = await lookups.invoice(req.params.invoiceId);
      if (!found) return sendNotFound(req, res);
      const latest = await lookups.latestPaymentOf(found.invoice);
      const latestState = latest && checkoutStateOf(latest, ctx.clock.now());
      if (latest && latestState && MONEY_ARRIVED.includes(latestState.stage)) {
        return res.redirect(303, paymentPath(latest.uuid));
      }
      const resumable = latestState?.stage === 'waiting' && latestState.secondsLeft > 0 ? latest : null;
      sendInvoicePage(req, res, found, { ongoing: resumable });
    }),
  );

  router.post(
    '/invoice/:invoiceId',
    form,
    asyncRoute(async (req: Request<{ invoiceId: string }>, res) => {
      const found = await lookups.invoice(req.params.invoiceId);
      if (!found) return sendNotFound(req, res);
      const texts = textsOf(req);
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : null);
      const picked = text('pay_currency');
      const attempt = text('attempt');
      if (!isGenuinePost(req, text(CSRF_FIELD), ctx.config.baseUrl) || !attempt || !ATTEMPT.test(attempt)) {
        return sendInvoicePage(req, res, found, {
          status: 403,
          error: texts.invoice.formExpired,
          selected: picked,
        });
      }
      if (!picked) {
        return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyRequired });
      }
      const choice = findChoice(
        coinChoicesFor(
          priceViewsOf(ctx.rates, ctx.config, ctx.clock.now()),
          found.merchant,
          found.invoice,
          ctx.config,
        ),
        picked,
      );
      if (!choice?.available) {
        return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyUnavailable });
      }
      try {
        const uuid = await starter.start(found.invoice, found.merchant, choice.crypto, attempt);
        res.redirect(303, paymentPath(uuid));
      } catch (error) {
        if (error instanceof CommandTimeoutError) {
          const selected = choice.crypto.code;
          return sendInvoicePage(req, res, found, {
            status: 503,
            error: texts.invoice.serviceBusy,
            selected,
          });
        }
        if (error instanceof PaymentRefusedError) {
          const { invoiceId } = found.invoice;
          ctx.logger.warn({ invoiceId, code: error.code, err: error }, 'payment for an invoice refused');
          return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyUnavailable });
        }
        throw error;
      }
    }),
  );

  return router;
}
