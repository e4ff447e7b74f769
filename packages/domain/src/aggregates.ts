import { invoiceAggregate, type InvoiceCommand } from './invoice/invoice.decide';
import type { InvoiceEvent } from './invoice/invoice';
import { merchantAggregate, type MerchantCommand } from './merchant/merchant.decide';
import type { MerchantEvent } from './merchant/merchant';
import { paymentAggregate, type PaymentCommand } from './payment/payment.decide';
import type { PaymentEvent } from './payment/payment';
import { staticAddressAggregate, type StaticAddressCommand } from './static-address/static-address.decide';
import type { StaticAddressEvent } from './static-address/static-address';
import { walletAggregate, type WalletCommand, type WalletEvent } from './wallet/wallet';
import {
  subscriptionPlanAggregate,
  type SubscriptionPlanCommand,
  type SubscriptionPlanEvent,
} from './subscription-plan/subscription-plan';
import {
  subscriptionAggregate,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from './subscription/subscription';

export const AGGREGATE_NAMES = [
  'payment',
  'invoice',
  'merchant',
  'plan',
  'subscription',
  'wallet',
  'static',
] as const;
export type AggregateName = (typeof AGGREGATE_NAMES)[number];

export type AnyCommand =
  | PaymentCommand
  | InvoiceCommand
  | MerchantCommand
  | SubscriptionPlanCommand
  | SubscriptionCommand
  | WalletCommand
  | StaticAddressCommand;
export type AnyCommandType = AnyCommand['type'];
export type AnyEvent =
  | PaymentEvent
  | InvoiceEvent
  | MerchantEvent
  | SubscriptionPlanEvent
  | SubscriptionEvent
  | WalletEvent
  | StaticAddressEvent;
export type AnyEventType = AnyEvent['type'];

/**
 * Every aggregate module by the name its streams start with. Each module lists its own commands and
 * events, so a new command or event type touches its aggregate's folder only.
 */
export const AGGREGATES = {
  payment: paymentAggregate,
  invoice: invoiceAggregate,
  merchant: merchantAggregate,
  plan: subscriptionPlanAggregate,
  subscription: subscriptionAggregate,
  wallet: walletAggregate,
  static: staticAddressAggregate,
} as const satisfies { [Name in AggregateName]: { name: Name } };

/** The aggregate that decides commands of this type. */
export function aggregateOfCommand(type: AnyCommandType): AggregateName {
  const name = AGGREGATE_NAMES.find((candidate) => Object.hasOwn(AGGREGATES[candidate].commandTypes, type));
  if (!name) throw new Error(`no aggregate decides ${type}`);
  return name;
}

/** Stream ids are `<aggregate>-<id>`; the id part is the aggregate's public identifier. */
export const streamIdOf = (aggregate: AggregateName, id: string | number): string => `${aggregate}-${id}`;

const isAggregateName = (name: string): name is AggregateName =>
  (AGGREGATE_NAMES as readonly string[]).includes(name);

export function parseStreamId(streamId: string): { aggregate: AggregateName; id: string } {
  const dash = streamId.indexOf('-');
  const aggregate = streamId.slice(0, dash);
  if (!isAggregateName(aggregate)) throw new Error(`not a stream id: ${streamId}`);
  return { aggregate, id: streamId.slice(dash + 1) };
}

/** Runs the decider of the command's aggregate over the state its stream's `history` folds to. */
export function decideFromHistory(command: AnyCommand, history: Iterable<AnyEvent>): AnyEvent[] {
  return AGGREGATES[aggregateOfCommand(command.type)].decideOn(command, history);
}
