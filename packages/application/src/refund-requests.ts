import { isRefundAddress, paymentUri } from '@gw/chain';
import { moneyProblemText, parseMoney, streamIdOf, type Amount, type MoneyInput } from '@gw/domain';
import { COLLECTIONS, pendingRefund, type PaymentDocument } from '@gw/views';
import type { ServiceContext } from './context';
import { decimalAmount, inputRefused, NOT_BLANK, validateInput } from './input-validation';
import { MerchantCommandError } from './merchant-onboarding';

// A refund request, as every surface makes it (the admin API and so the CLI, the dashboard, family A's
// `payment/refund`): the gateway holds no keys, so it records where the money goes back and how much,
// shows the merchant what to send, and the chain watcher marks the payment refunded when it arrives.

export interface RefundRequestInput {
  /** The buyer's address, on the payment's network. */
  address: string;
  /** In the pay currency; null or absent: everything the payment received. */
  amount?: MoneyInput | null;
}

/** The admin API's and the dashboard's body: `address`, and `amount` (optional). */
export const refundRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['address'],
  properties: {
    address: { type: 'string', minLength: 1, maxLength: 200, pattern: NOT_BLANK },
    amount: { ...decimalAmount, type: ['number', 'string', 'null'] },
  },
};

/** A refund request from an operator's or merchant's body, checked against {@link refundRequestSchema}. */
export function requestRefundFromInput(
  ctx: Pick<ServiceContext, 'readModels' | 'commands' | 'config'>,
  paymentId: number,
  body: unknown,
  ownedBy: string | null,
): Promise<RequestedRefund> {
  return requestRefund(ctx, paymentId, validateInput<RefundRequestInput>(refundRequestSchema, body), ownedBy);
}

/** What the merchant must send to refund the payment. */
export interface RequestedRefund {
  paymentId: number;
  merchantId: string;
  address: string;
  amount: Amount;
  payCurrency: string;
  payNetwork: string;
  /** What a wallet scans to send exactly that: the network's payment URI, or the bare address. */
  paymentUri: string;
}

/**
 * Asks the merchant to refund a payment: the address must be one of the payment's network (of the chain
 * the node follows), the amount a positive amount of the coin, at most what the payment received (the
 * payment decides). `ownedBy` scopes it to one merchant (the dashboard, family A): another merchant's
 * payment is not found; the operator passes null. Throws InvalidInputError for the input, or
 * MerchantCommandError (NOT_FOUND, INVALID_TRANSITION, INVALID_AMOUNT).
 */
export async function requestRefund(
  ctx: Pick<ServiceContext, 'readModels' | 'commands' | 'config'>,
  paymentId: number,
  input: RefundRequestInput,
  ownedBy: string | null,
): Promise<RequestedRefund> {
  const streamId = streamIdOf('payment', paymentId);
  const payment = await ctx.readModels
    .collection<PaymentDocument>(COLLECTIONS.payments)
    .get(String(paymentId));
  if (!payment || (ownedBy !== null && payment.merchantId !== ownedBy)) {
    throw new MerchantCommandError('NOT_FOUND', 'payment not found');
  }
  const address = input.address.trim();
  if (!isRefundAddress(payment.payNetwork, address, ctx.config.chainWatchers)) {
    throw inputRefused('address', `address is not a ${payment.payNetwork} address`);
  }
  const amount = refundAmountOf(payment, input.amount ?? null);
  const reply = await ctx.commands.send(streamId, payment.merchantId, {
    type: 'RequestRefund',
    data: { address, amount },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  const owed = amount ?? payment.actuallyPaid;
  return {
    paymentId,
    merchantId: payment.merchantId,
    address,
    amount: owed,
    payCurrency: payment.payCurrency,
    payNetwork: payment.payNetwork,
    paymentUri: refundUri(ctx, payment.payCurrency, address, owed),
  };
}

function refundAmountOf(payment: PaymentDocument, value: MoneyInput | null): Amount | null {
  if (value === null) return null;
  const parsed = parseMoney(value, {
    decimals: payment.payDecimals,
    currency: payment.payCurrency,
  });
  if (!parsed.ok) throw inputRefused('amount', `amount ${moneyProblemText(parsed.problem)}`);
  return parsed.amount;
}

/** The wallet link for sending the refund; the bare address where the network has no URI scheme. */
export function refundUri(
  ctx: Pick<ServiceContext, 'config'>,
  payCurrency: string,
  address: string,
  amount: Amount,
): string {
  try {
    return paymentUri(payCurrency, address, amount, { chainWatchers: ctx.config.chainWatchers });
  } catch {
    return address;
  }
}

/** Where a payment's refund stands, as the admin API, the CLI and the dashboard show it. */
export interface RefundState {
  /** none: never asked nor marked; pending: asked, not seen yet; refunded: done. */
  status: 'none' | 'pending' | 'refunded';
  address: string | null;
  amount: Amount | null;
  payCurrency: string;
  payNetwork: string;
  paymentUri: string | null;
  requestedAt: string | null;
  refundHash: string | null;
  refundedAt: string | null;
}

export function refundStateOf(ctx: Pick<ServiceContext, 'config'>, payment: PaymentDocument): RefundState {
  const refund = payment.refund ?? null;
  const pending = pendingRefund(payment);
  const status = payment.status === 'refunded' ? 'refunded' : pending ? 'pending' : 'none';
  return {
    status,
    address: refund?.address ?? null,
    amount: refund?.amount ?? null,
    payCurrency: payment.payCurrency,
    payNetwork: payment.payNetwork,
    paymentUri: pending ? refundUri(ctx, payment.payCurrency, pending.address, pending.amount) : null,
    requestedAt: refund?.requestedAt ?? null,
    refundHash: refund?.refundHash ?? null,
    refundedAt: refund?.refundedAt ?? null,
  };
}
