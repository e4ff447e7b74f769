import {
  ForeignEventError,
  decideFromHistory,
  merchantAggregate,
  subscriptionPlanAggregate,
  type AnyEvent,
  type PlanTerms,
} from '@gw/domain';
import { EventContractError, eventMessageOf, eventOf, foldStream, type EventRecord } from '../src';

const at = '2026-03-01T12:00:00.000Z';
const metadata = { now: at, correlationId: 'c', causationId: 'c' };
const plan: PlanTerms = {
  planId: 7,
  merchantId: 'm1',
  title: 'Monthly',
  amount: '9.99',
  currency: 'usd',
  intervalDay: 30,
  successUrl: null,
  cancelUrl: null,
  partiallyPaidUrl: null,
  ipnCallbackUrl: null,
  createdAt: at,
};

/** What the decider produced, as the store hands it back: type and a record of data. */
const created = decideFromHistory({ type: 'CreateSubscriptionPlan', data: plan, metadata }, []);
const record = (event: AnyEvent): EventRecord => ({ type: event.type, data: { ...event.data } });
const stored = created.map(record);

describe('eventOf: a stored or published event as a member of the typed union', () => {
  it('gives back the event the decider produced, type and data', () => {
    expect(stored.map((event) => eventOf(event))).toEqual(created);
  });

  it("narrows to the aggregate's union when given its module", () => {
    const event = eventOf(stored[0]!, subscriptionPlanAggregate);
    expect(event.data.amount).toBe('9.99');
  });

  it('refuses data its contract refuses, naming the field (the plan of issue 22)', () => {
    const broken = { type: 'SubscriptionPlanCreated', data: { ...plan, amount: 'Infinity' } };
    expect(() => eventOf(broken)).toThrow(EventContractError);
    expect(() => eventOf(broken)).toThrow(/SubscriptionPlanCreated: \/data\/amount must match pattern/);
  });

  it('refuses a type that is no event', () => {
    expect(() => eventOf({ type: 'PaymentTeleported', data: {} })).toThrow(
      new EventContractError('PaymentTeleported', 'not an event type of payments.events'),
    );
  });

  it("refuses an event of another aggregate's stream", () => {
    expect(() => eventOf(stored[0]!, merchantAggregate)).toThrow(ForeignEventError);
  });
});

describe('foldStream: the state of an aggregate after its stream', () => {
  it("folds with the aggregate's evolve from its initial state", () => {
    expect(foldStream(subscriptionPlanAggregate, stored)).toEqual({ status: 'active', terms: plan });
  });

  it('is the initial state for an empty stream', () => {
    expect(foldStream(merchantAggregate, [])).toEqual(merchantAggregate.initialState());
  });

  it("stops at an event the stream's aggregate does not hold", () => {
    const merchantEvent = { type: 'MerchantCoinsChanged', data: { enabledCoins: null, at } };
    expect(() => foldStream(subscriptionPlanAggregate, [...stored, merchantEvent])).toThrow(
      /MerchantCoinsChanged is not an event of the plan aggregate/,
    );
  });
});

describe('eventMessageOf: a message consumed from payments.events', () => {
  const message = {
    eventId: '6f1c2f0e-0000-4000-8000-000000000001',
    streamId: 'plan-7',
    version: 1,
    occurredAt: at,
    merchantId: 'm1',
    metadata: { correlationId: 'c', causationId: 'c' },
    ...stored[0]!,
  };

  it('is the message itself once its contract accepts it', () => {
    expect(eventMessageOf(message)).toBe(message);
  });

  it('refuses what its contract refuses, naming the field', () => {
    expect(() => eventMessageOf({ ...message, data: { ...plan, amount: 'Infinity' } })).toThrow(
      /SubscriptionPlanCreated: \/data\/amount must match pattern/,
    );
    expect(() => eventMessageOf({ ...message, version: 0 })).toThrow(EventContractError);
    expect(() => eventMessageOf('not a message')).toThrow(EventContractError);
  });
});
