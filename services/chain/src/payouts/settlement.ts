import { eventOf, type EventMessage } from '@gw/contracts';
import { parseStreamId, paymentAggregate, type Amount } from '@gw/domain';

/** Our cut of every settled payment, in percent of what the buyer actually paid. */
export const DEFAULT_SERVICE_FEE_PERCENT = '0.5';

interface PaymentRef {
  paymentId: number;
  streamId: string;
  merchantId: string;
  /** Derived from the payment, so a redelivered event issues a command payments recognises as applied. */
  commandId: string;
}

/** What settlement does next for an event, as data: start the payout, or send it and complete it. */
export type SettlementStep =
  | (PaymentRef & { kind: 'start-payout'; serviceFeePercent: Amount })
  | (PaymentRef & { kind: 'send-payout'; outcomeAmount: Amount; outcomeCurrency: string });

export const startPayoutCommandId = (paymentId: number): string => `payout-start:${paymentId}`;
export const completePayoutCommandId = (paymentId: number): string => `payout-complete:${paymentId}`;

/** The event types settlement acts on: its consumer group skips the others undecoded (`accepts`). */
export const SETTLEMENT_EVENT_TYPES: readonly string[] = ['PaymentConfirmed', 'PayoutStarted'];

/** A confirmed payment is paid out: the fee is taken, then the rest goes to the merchant. */
export function settlementStepFor(
  event: EventMessage,
  serviceFeePercent: Amount = DEFAULT_SERVICE_FEE_PERCENT,
): SettlementStep | null {
  if (!SETTLEMENT_EVENT_TYPES.includes(event.type)) return null;
  const paymentId = Number(parseStreamId(event.streamId).id);
  const ref = { paymentId, streamId: event.streamId, merchantId: event.merchantId };
  if (event.type === 'PaymentConfirmed') {
    return { ...ref, kind: 'start-payout', commandId: startPayoutCommandId(paymentId), serviceFeePercent };
  }
  const payout = eventOf(event, paymentAggregate);
  if (payout.type !== 'PayoutStarted') return null;
  const { data } = payout;
  return {
    ...ref,
    kind: 'send-payout',
    commandId: completePayoutCommandId(paymentId),
    outcomeAmount: data.outcomeAmount,
    outcomeCurrency: data.outcomeCurrency,
  };
}
