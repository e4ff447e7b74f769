import { STATUS_CODES } from 'node:http';
import express, { type ErrorRequestHandler, type Request, type Router } from 'express';
import { fakeTxHash } from '@gw/chain';
import { describeErrors, type validatorFor } from '@gw/contracts';
import { isPositive, moneyProblemText, parseMoney, subtract, type Amount } from '@gw/domain';
import { asyncRoute, httpErrorOf, jsonBody } from '@gw/platform';
import type { MerchantDirectory } from '@gw/application';
import type { Filter, ReadModelStore } from '@gw/store';
import { COLLECTIONS, type MerchantDocument, type PaymentDocument } from '@gw/views';
import type { Logger } from 'pino';
import { SandboxError, paymentNotFound } from './errors';
import type { SandboxLedger, SandboxTransaction } from './ledger';
import { requireSandboxMerchant, sandboxMerchantOf } from './sandbox-auth';
import {
  validateConfirmationsRequest,
  validateDepositRequest,
  validatePayRequest,
  type ConfirmationsRequest,
  type DepositRequest,
  type PayRequest,
} from './request-schemas';
import type { PayTarget, SandboxChain } from './sandbox-chain';

export interface SandboxRouterDeps {
  chain: SandboxChain;
  ledger: SandboxLedger;
  readModels: ReadModelStore;
  directory: MerchantDirectory;
  logger: Logger;
  bodyLimitBytes: number;
}

/**
 * The tester's side of the sandbox chain under `/sandbox/v1`: send a transaction to a pay address,
 * advance its confirmations, pay a payment in one call, and look at what the chain saw. Mounted only
 * when the sandbox is enabled, and only the merchant who owns a payment moves it: another merchant's
 * payment or transaction is not found. Errors use V1's `{statusCode, error, message}`.
 */
export function createSandboxRouter(deps: SandboxRouterDeps): Router {
  const { chain, ledger, readModels } = deps;
  const router = express.Router();
  // Family A signs the raw body, so the body is read before the merchant is known, on every route.
  const owner = [jsonBody({ limitBytes: deps.bodyLimitBytes }), requireSandboxMerchant(deps.directory)];
  // A payment is in the read model once its create was acknowledged: payments writes it before replying.
  const lookup = (merchant: MerchantDocument, filter: Filter) =>
    readModels
      .collection<PaymentDocument>(COLLECTIONS.payments)
      .findOne({ ...filter, merchantId: merchant.merchantId });

  router.post(
    '/sandbox/v1/deposits',
    owner,
    asyncRoute(async (req, res) => {
      const input = validated<DepositRequest>(validateDepositRequest, req.body);
      // A V1 repeated payment shares its parent's address; money sent there is the parent's to judge.
      const payment = await lookup(sandboxMerchantOf(res), {
        payAddress: input.pay_address,
        parentPaymentId: null,
      });
      if (!payment) throw paymentNotFound(`pay_address ${input.pay_address}`);
      const transaction = await chain.broadcast({
        target: targetOf(payment),
        txHash: input.tx_hash ?? fakeTxHash(payment.payNetwork),
        amount: depositAmount(input.amount, payment),
        fromAddress: input.from_address ?? null,
        confirmations: input.confirmations ?? 0,
        source: 'tester',
      });
      res.status(202).json(transactionView(transaction));
    }),
  );

  router.post(
    '/sandbox/v1/deposits/:txHash/confirmations',
    owner,
    asyncRoute(async (req: Request<{ txHash: string }>, res) => {
      const input = validated<ConfirmationsRequest>(validateConfirmationsRequest, req.body);
      const known = await ledger.byTxHash(req.params.txHash);
      if (known?.merchantId !== sandboxMerchantOf(res).merchantId)
        throw new SandboxError(404, `No sandbox transaction ${req.params.txHash}`);
      const transaction = await chain.confirm(req.params.txHash, input.confirmations);
      res.status(202).json(transactionView(transaction));
    }),
  );

  router.post(
    '/sandbox/v1/payments/:paymentId/pay',
    owner,
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const input = validated<PayRequest>(validatePayRequest, req.body);
      const payment = await paymentById(sandboxMerchantOf(res), req.params.paymentId);
      const confirmations = input.confirmations ?? payment.requiredConfirmations;
      // Seen first, then confirmed, as a wallet's transaction shows up on a real chain.
      let transaction = await chain.broadcast({
        target: targetOf(payment),
        txHash: input.tx_hash ?? fakeTxHash(payment.payNetwork),
        amount:
          input.amount === undefined ? outstandingAmount(payment) : depositAmount(input.amount, payment),
        fromAddress: input.from_address ?? null,
        confirmations: 0,
        source: 'tester',
      });
      if (confirmations > transaction.confirmations)
        transaction = await chain.confirm(transaction.txHash, confirmations);
      res.status(202).json(transactionView(transaction));
    }),
  );

  router.get(
    '/sandbox/v1/payments/:paymentId',
    owner,
    asyncRoute(async (req: Request<{ paymentId: string }>, res) => {
      const payment = await paymentById(sandboxMerchantOf(res), req.params.paymentId);
      const transactions = await ledger.forPayment(payment.paymentId);
      res.json({
        payment_id: payment.paymentId,
        payment_status: payment.status,
        pay_address: payment.payAddress,
        payin_extra_id: payment.payinExtraId,
        pay_currency: payment.payCurrency,
        network: payment.payNetwork,
        pay_amount: payment.payAmount,
        actually_paid: payment.actuallyPaid,
        required_confirmations: payment.requiredConfirmations,
        sandbox_case: payment.sandboxCase,
        expires_at: payment.expiresAt,
        deposits: transactions.map(transactionView),
      });
    }),
  );

  router.use('/sandbox/v1', (_req, _res, next) => next(new SandboxError(404, 'No such sandbox endpoint')));
  router.use('/sandbox/v1', sandboxErrorHandler(deps.logger));
  return router;

  async function paymentById(merchant: MerchantDocument, raw: string): Promise<PaymentDocument> {
    if (!/^\d{1,16}$/.test(raw)) throw new SandboxError(400, 'payment_id must be a number');
    const payment = await lookup(merchant, { paymentId: Number(raw) });
    if (!payment) throw paymentNotFound(`payment_id ${raw}`);
    return payment;
  }
}

function validated<T>(validate: ReturnType<typeof validatorFor>, body: unknown): T {
  if (!validate(body)) throw new SandboxError(400, describeErrors(validate.errors));
  return body as T;
}

/** The sandbox pays test payments only: a payment to a merchant's own wallet is paid on its real chain. */
function targetOf(payment: PaymentDocument): PayTarget {
  if (payment.testPayment === false)
    throw new SandboxError(
      409,
      `Payment ${payment.paymentId} is a real ${payment.payNetwork} payment to the merchant's wallet; only its chain can pay it`,
    );
  return {
    paymentId: payment.paymentId,
    merchantId: payment.merchantId,
    payAddress: payment.payAddress,
    payNetwork: payment.payNetwork,
  };
}

/**
 * By the domain's one money parser: finite, greater than 0, at most the maximum, and no more decimals
 * than the currency has, just as a transaction on its real chain.
 */
function depositAmount(raw: string | number, payment: PaymentDocument): Amount {
  const parsed = parseMoney(raw, { decimals: payment.payDecimals, currency: payment.payCurrency });
  if (!parsed.ok) throw new SandboxError(400, `amount ${moneyProblemText(parsed.problem)}`);
  return parsed.amount;
}

/** What is still missing, or the whole pay amount once nothing is (a second payment of it, on purpose). */
function outstandingAmount(payment: PaymentDocument): Amount {
  const missing = subtract(payment.payAmount, payment.actuallyPaid);
  return isPositive(missing) ? missing : payment.payAmount;
}

function transactionView(transaction: SandboxTransaction) {
  return {
    tx_hash: transaction.txHash,
    payment_id: transaction.paymentId,
    pay_address: transaction.payAddress,
    network: transaction.network,
    amount: transaction.amount,
    from_address: transaction.fromAddress,
    confirmations: transaction.confirmations,
    source: transaction.source,
    broadcast_at: transaction.broadcastAt,
    observed_at: transaction.observedAt,
  };
}

function sandboxErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof SandboxError ? error : httpErrorOf(error);
    const status = known ? known.status : 500;
    if (!known) logger.error({ err: error, url: req.originalUrl }, 'sandbox request failed');
    res.status(status).json({
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: known ? known.message : 'Internal server error',
    });
  };
}
