import { assertNever } from './errors';
import { decideInvoice, type InvoiceCommand } from './invoice/invoice.decide';
import { evolveInvoice, initialInvoice, type Invoice, type InvoiceEvent } from './invoice/invoice';
import { decideMerchant, type MerchantCommand } from './merchant/merchant.decide';
import { evolveMerchant, initialMerchant, type Merchant, type MerchantEvent } from './merchant/merchant';
import { decidePayment, type PaymentCommand } from './payment/payment.decide';
import { evolvePayment, initialPayment, type Payment, type PaymentEvent } from './payment/payment';
import {
  decideWallet,
  evolveWallet,
  initialWallet,
  type Wallet,
  type WalletCommand,
  type WalletEvent,
} from './wallet/wallet';
import {
  decideSubscriptionPlan,
  evolveSubscriptionPlan,
  initialSubscriptionPlan,
  type SubscriptionPlan,
  type SubscriptionPlanCommand,
  type SubscriptionPlanEvent,
} from './subscription-plan/subscription-plan';
import {
  decideSubscription,
  evolveSubscription,
  initialSubscription,
  type Subscription,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from './subscription/subscription';

export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, Payment> = {
  decide: decidePayment,
  evolve: evolvePayment,
  initialState: initialPayment,
};
export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, Invoice> = {
  decide: decideInvoice,
  evolve: evolveInvoice,
  initialState: initialInvoice,
};
export const merchantDecider: Decider<MerchantCommand, MerchantEvent, Merchant> = {
  decide: decideMerchant,
  evolve: evolveMerchant,
  initialState: initialMerchant,
};
export const subscriptionPlanDecider: Decider<
  SubscriptionPlanCommand,
  SubscriptionPlanEvent,
  SubscriptionPlan
> = {
  decide: decideSubscriptionPlan,
  evolve: evolveSubscriptionPlan,
  initialState: initialSubscriptionPlan,
};
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, Subscription> = {
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscription,
};
export const walletDecider: Decider<WalletCommand, WalletEvent, Wallet> = {
  decide: decideWallet,
  evolve: evolveWallet,
  initialState: initialWallet,
};

export const AGGREGATE_NAMES = ['payment', 'invoice', 'merchant', 'plan', 'subscription', 'wallet'] as const;
export type AggregateName = (typeof AGGREGATE_NAMES)[number];

export type AnyCommand =
  | PaymentCommand
  | InvoiceCommand
  | MerchantCommand
  | SubscriptionPlanCommand
  | SubscriptionCommand
  | WalletCommand;
export type AnyCommandType = AnyCommand['type'];
export type AnyEvent =
  PaymentEvent | InvoiceEvent | MerchantEvent | SubscriptionPlanEvent | SubscriptionEvent | WalletEvent;
export type AnyEventType = AnyEvent['type'];

export function aggregateOfCommand(type: AnyCommandType): AggregateName {
  switch (type) {
    case 'CreatePayment':
    case 'OpenRepeatedPayment':
    case 'RecordDeposit':
    case 'DropDeposit':
    case 'StartPayout':
    case 'CompletePayout':
    case 'FailPayment':
    case 'RefundPayment':
    case 'ExpirePayment':
    case 'UpdatePaymentEstimate':
      return 'payment';
    case 'CreateInvoice':
    case 'StartInvoicePayment':
      return 'invoice';
    case 'CreateMerchant':
    case 'RotateMerchantCredential':
    case 'ResealMerchantCredentials':
    case 'SetMerchantCoins':
    case 'SetMerchantOutcomeCurrency':
    case 'SetMerchantWallet':
    case 'RemoveMerchantWallet':
      return 'merchant';
    case 'CreateSubscriptionPlan':
      return 'plan';
    case 'CreateSubscription':
    case 'ChangeSubscriptionStatus':
      return 'subscription';
    case 'AllocatePayAddress':
    case 'SkipUsedPayAddress':
      return 'wallet';
    default:
      return assertNever(type);
  }
}

/** Stream ids are `<aggregate>-<id>`; the id part is the aggregate's public identifier. */
export const streamIdOf = (aggregate: AggregateName, id: string | number): string => `${aggregate}-${id}`;

export function parseStreamId(streamId: string): { aggregate: AggregateName; id: string } {
  const dash = streamId.indexOf('-');
  const aggregate = streamId.slice(0, dash) as AggregateName;
  if (!(AGGREGATE_NAMES as readonly string[]).includes(aggregate)) {
    throw new Error(`not a stream id: ${streamId}`);
  }
  return { aggregate, id: streamId.slice(dash + 1) };
}

/** Runs the decider of the command's aggregate over a folded state built from `history`. */
export function decideFromHistory(command: AnyCommand, history: AnyEvent[]): AnyEvent[] {
  const run = <C, E, S>(decider: Decider<C, E, S>) =>
    decider.decide(
      command as C,
      (history as E[]).reduce(decider.evolve, decider.initialState()),
    ) as AnyEvent[];
  switch (aggregateOfCommand(command.type)) {
    case 'payment':
      return run(paymentDecider);
    case 'invoice':
      return run(invoiceDecider);
    case 'merchant':
      return run(merchantDecider);
    case 'plan':
      return run(subscriptionPlanDecider);
    case 'subscription':
      return run(subscriptionDecider);
    case 'wallet':
      return run(walletDecider);
  }
}
