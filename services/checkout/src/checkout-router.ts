import { randomBytes } from 'node:crypto';
import { asyncRoute, pageSecurityHeaders } from '@gw/platform';
import { CommandTimeoutError, type ServiceContext } from '@gw/runtime';
import { COLLECTIONS, type InvoiceDocument, type MerchantDocument, type PaymentDocument } from '@gw/views';
import compression from 'compression';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { CHECKOUT_SCRIPT, CHECKOUT_STYLE_CSP_SOURCE } from './assets';
import { checkoutStateOf, paymentPath } from './checkout-state';
import { coinChoicesFor, findChoice, preselectedCode } from './coin-choices';
import { coinLogoFiles } from './coin-logos';
import { CSRF_FIELD, isGenuinePost, issueCsrfToken } from './csrf';
import { InvoicePaymentStarter, PaymentRefusedError } from './invoice-payment-starter';
import { paymentStatusBody } from './payment-status';
import { paymentUriFor, qrCodeSvg } from './qr-code';
import { textsFor, type CheckoutTexts } from './texts';
import { formatPrice } from './views/format';
import { renderInvoicePage } from './views/invoice-page';
import { renderMessagePage } from './views/message-page';
import { renderPaymentPage } from './views/payment-page';

export interface CheckoutRouterOptions {
  /** How often the page asks for the payment's status. Default 2 s. */
  pollMs?: number;
  /** How long a pick waits for a duplicate submit or for the read model. Default: the command timeout. */
  pickWaitMs?: number;
}

/** Every path this service answers under; its not-found and error pages stay inside them. */
export const CHECKOUT_PREFIXES = ['/invoice', '/pay', '/static/checkout', '/static/coins'];

const INVOICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAYMENT_UUID = /^[0-9a-fA-F-]{36}$/;
const ATTEMPT = /^[A-Za-z0-9_-]{16,64}$/;
const ONGOING_STAGES = ['confirming', 'paid', 'partially_paid'];
const LONG_CACHE = 'public, max-age=31536000, immutable';
const DAY_CACHE = 'public, max-age=86400';

export function createCheckoutRouter(ctx: ServiceContext, options: CheckoutRouterOptions = {}): Router {
  const router = Router();
  const pollMs = options.pollMs ?? 2_000;
  const starter = new InvoicePaymentStarter(ctx, { waitMs: options.pickWaitMs });
  const logos = coinLogoFiles(ctx.rates.current().cryptoCurrencies());
  const secureCookies = ctx.config.baseUrl.startsWith('https:');
  const invoices = () => ctx.readModels.collection<InvoiceDocument>(COLLECTIONS.invoices);
  const payments = () => ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  const merchants = () => ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  const textsOf = (req: Request): CheckoutTexts => textsFor(req.get('accept-language'));

  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 });
  router.use(
    CHECKOUT_PREFIXES,
    // A phone on a slow network gets a third of the bytes; the status polls are too small to bother.
    compression({ threshold: 1024 }),
    pageSecurityHeaders({ csp: { 'style-src': [CHECKOUT_STYLE_CSP_SOURCE] } }),
    (_req, res, next) => {
      // With no-referrer, Chromium posts forms with `Origin: null`; same-origin keeps the origin check
      // possible and still tells other sites (the shop after a redirect) nothing about the payment URL.
      res.setHeader('Referrer-Policy', 'same-origin');
      res.setHeader('Vary', 'Accept-Language');
      next();
    },
  );

  // Invoice pages ------------------------------------------------------------------------------

  interface InvoiceContext {
    invoice: InvoiceDocument;
    merchant: MerchantDocument;
  }

  async function invoiceContextOf(invoiceId: string): Promise<InvoiceContext | null> {
    if (!INVOICE_ID.test(invoiceId)) return null;
    const invoice = await invoices().get(invoiceId);
    if (!invoice) return null;
    const merchant = await merchants().get(invoice.merchantId);
    return merchant ? { invoice, merchant } : null;
  }

  function sendInvoicePage(
    req: Request,
    res: Response,
    { invoice, merchant }: InvoiceContext,
    extra: {
      status?: number;
      error?: string | null;
      selected?: string | null;
      ongoing?: PaymentDocument | null;
    },
  ): void {
    const rates = ctx.rates.current();
    const choices = coinChoicesFor(rates, merchant, invoice);
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

  function tickerOf(payCurrency: string): string {
    try {
      return ctx.rates.current().findCryptoCurrency(payCurrency).ticker.toUpperCase();
    } catch {
      return payCurrency.toUpperCase();
    }
  }

  router.get(
    '/invoice/:invoiceId',
    asyncRoute(async (req: Request<{ invoiceId: string }>, res) => {
      const found = await invoiceContextOf(req.params.invoiceId);
      if (!found) return sendNotFound(req, res);
      const [latest] = await payments().find({
        filter: { merchantId: found.invoice.merchantId, invoiceId: found.invoice.invoiceId },
        sort: [['createdAt', -1]],
        limit: 1,
      });
      const latestState = latest && checkoutStateOf(latest, ctx.clock.now());
      // Once money is on its way, the buyer follows that payment rather than being offered a second one.
      if (latest && latestState && ONGOING_STAGES.includes(latestState.stage)) {
        return res.redirect(303, paymentPath(latest.uuid));
      }
      const resumable =
        latest && latestState?.stage === 'waiting' && latestState.secondsLeft > 0 ? latest : null;
      sendInvoicePage(req, res, found, { ongoing: resumable });
    }),
  );

  router.post(
    '/invoice/:invoiceId',
    form,
    asyncRoute(async (req: Request<{ invoiceId: string }>, res) => {
      const found = await invoiceContextOf(req.params.invoiceId);
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
      if (!picked)
        return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyRequired });
      const choice = findChoice(coinChoicesFor(ctx.rates.current(), found.merchant, found.invoice), picked);
      if (!choice?.available) {
        return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyUnavailable });
      }
      try {
        const uuid = await starter.start(found.invoice, choice.crypto, attempt);
        res.redirect(303, paymentPath(uuid));
      } catch (error) {
        if (error instanceof CommandTimeoutError) {
          return sendInvoicePage(req, res, found, {
            status: 503,
            error: texts.invoice.serviceBusy,
            selected: choice.crypto.code,
          });
        }
        if (error instanceof PaymentRefusedError) {
          ctx.logger.warn(
            { invoiceId: found.invoice.invoiceId, code: error.code, err: error },
            'payment for an invoice refused',
          );
          return sendInvoicePage(req, res, found, { status: 422, error: texts.invoice.currencyUnavailable });
        }
        throw error;
      }
    }),
  );

  // Payment pages ------------------------------------------------------------------------------

  interface PaymentContext {
    payment: PaymentDocument;
    merchant: MerchantDocument;
  }

  async function paymentContextOf(uuid: string): Promise<PaymentContext | null> {
    if (!PAYMENT_UUID.test(uuid)) return null;
    const payment = await payments().findOne({ uuid: uuid.toLowerCase() });
    if (!payment) return null;
    const merchant = await merchants().get(payment.merchantId);
    if (!merchant) return null;
    if (payment.invoiceId !== null) {
      // A payment claiming another merchant's invoice is shown to nobody.
      const invoice = await invoices().get(payment.invoiceId);
      if (invoice && invoice.merchantId !== payment.merchantId) return null;
    }
    return { payment, merchant };
  }

  router.get(
    '/pay/:uuid',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await paymentContextOf(req.params.uuid);
      if (!found) return sendNotFound(req, res);
      const { payment, merchant } = found;
      const rates = ctx.rates.current();
      let ticker = payment.payCurrency.toUpperCase();
      let networkName = payment.payNetwork.toUpperCase();
      try {
        const crypto = rates.findCryptoCurrency(payment.payCurrency);
        ticker = crypto.ticker.toUpperCase();
        networkName = crypto.networkName;
      } catch {
        // A coin the catalogue no longer lists still gets its page, named by its code.
      }
      res.type('html').send(
        renderPaymentPage({
          texts: textsOf(req),
          merchantName: merchant.name,
          payment,
          ticker,
          networkName,
          order: {
            orderId: payment.orderId,
            description: payment.orderDescription ?? payment.beta?.description ?? null,
            price: formatPrice(rates, payment.priceAmount, payment.priceCurrency),
          },
          state: checkoutStateOf(payment, ctx.clock.now()),
          pollMs,
        }),
      );
    }),
  );

  router.get(
    '/pay/:uuid/status.json',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await paymentContextOf(req.params.uuid);
      if (!found) {
        res.status(404).json({ error: 'not_found' });
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(paymentStatusBody(found.payment, checkoutStateOf(found.payment, ctx.clock.now())));
    }),
  );

  router.get(
    '/pay/:uuid/qr.svg',
    asyncRoute(async (req: Request<{ uuid: string }>, res) => {
      const found = await paymentContextOf(req.params.uuid);
      if (!found) return sendNotFound(req, res);
      const { payment } = found;
      const state = checkoutStateOf(payment, ctx.clock.now());
      const svg = await qrCodeSvg(
        paymentUriFor(payment.payCurrency, payment.payAddress, state.amountDue ?? state.payAmount),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.type('image/svg+xml').send(svg);
    }),
  );

  // Static assets ------------------------------------------------------------------------------

  router.get('/static/checkout/checkout.js', (req, res) => {
    res.setHeader('Cache-Control', req.query.v === CHECKOUT_SCRIPT.version ? LONG_CACHE : 'no-cache');
    res.type(CHECKOUT_SCRIPT.contentType).send(CHECKOUT_SCRIPT.body);
  });

  router.get('/static/coins/:file', (req: Request<{ file: string }>, res) => {
    const svg = logos.get(req.params.file);
    if (!svg) return sendNotFound(req, res);
    res.setHeader('Cache-Control', DAY_CACHE);
    res.type('image/svg+xml').send(svg);
  });

  router.use(CHECKOUT_PREFIXES, (req, res) => sendNotFound(req, res));
  router.use(CHECKOUT_PREFIXES, checkoutErrorHandler(ctx, textsOf));
  return router;
}

function sendNotFound(req: Request, res: Response): void {
  const texts = textsFor(req.get('accept-language'));
  res
    .status(404)
    .type('html')
    .send(renderMessagePage(texts, texts.errors.notFoundTitle, texts.errors.notFoundDetail));
}

/** One error handler for the pages: a timeout is "busy, retry", anything else a plain apology, both logged. */
function checkoutErrorHandler(
  ctx: ServiceContext,
  textsOf: (req: Request) => CheckoutTexts,
): ErrorRequestHandler {
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
