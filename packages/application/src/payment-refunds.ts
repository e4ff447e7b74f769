import { streamIdOf } from '@gw/domain';
import type { ServiceContext } from './context';
import { nullable, validateInput } from './input-validation';
import { MerchantCommandError } from './merchant-onboarding';
import { ReadSide } from './read-side';

// Marking a payment refunded (the money went back outside the gateway), as the admin API (so the CLI)
// and the dashboard do it: the same input, the same command.

export interface RefundInput {
  refund_hash?: string | null;
}

export const refundSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { refund_hash: nullable({ type: 'string', minLength: 1, maxLength: 200 }) },
};

export interface RefundedPayment {
  paymentId: number;
  merchantId: string;
  refundHash: string | null;
}

/**
 * Marks a finished or partially paid payment refunded; the payment decides whether it may be.
 * `ownedBy` scopes it to one merchant (the dashboard): another merchant's payment is not found. The
 * operator passes null. Throws MerchantCommandError (NOT_FOUND, or the payment's refusal).
 */
export async function refundPayment(
  ctx: ServiceContext,
  paymentId: number,
  input: unknown,
  ownedBy: string | null,
): Promise<RefundedPayment> {
  const body = validateInput<RefundInput>(refundSchema, input);
  const streamId = streamIdOf('payment', paymentId);
  const merchantId = await new ReadSide(ctx.readModels).ownerOfPayment(paymentId);
  if (merchantId === null || (ownedBy !== null && merchantId !== ownedBy)) {
    throw new MerchantCommandError('NOT_FOUND', 'payment not found');
  }
  const refundHash = body.refund_hash ?? null;
  const reply = await ctx.commands.send(streamId, merchantId, {
    type: 'RefundPayment',
    data: { refundHash },
  });
  if (!reply.ok) throw new MerchantCommandError(reply.error.code, reply.error.message);
  return { paymentId, merchantId, refundHash };
}
