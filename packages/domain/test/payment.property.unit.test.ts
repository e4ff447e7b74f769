import fc from 'fast-check';
import { DomainError } from '../src/errors';
import { compare, isDecimalString, isNegative } from '../src/money';
import {
  evolvePayment,
  initialPayment,
  statusAfter,
  type Payment,
  type PaymentEvent,
} from '../src/payment/payment';
import { decidePayment, type PaymentCommand } from '../src/payment/payment.decide';
import { canTransition, isFinalStatus, type PaymentStatus } from '../src/payment/statuses';
import { CREATED_AT, paymentTerms } from './fixtures';

// ---------------------------------------------------------------------------------------------
// Generators: any command, with amounts that may be zero, negative or huge, and repeated tx hashes

const STREAMS = ['payment-1', 'payment-2', 'payment-3'] as const;
type StreamId = (typeof STREAMS)[number];

/** Mostly amounts of the size of a payment (so deposits can settle one), some zero or negative. */
const decimal = fc
  .integer({ min: -200, max: 20_000 })
  .map((hundredths) =>
    hundredths < 0 ? `-${(-hundredths / 100).toFixed(2)}` : (hundredths / 100).toFixed(2),
  );
const percent = fc.integer({ min: -10, max: 250 }).map(String);
const txHash = fc.constantFrom('tx-a', 'tx-b', 'tx-c', 'tx-d');

type CommandWithoutMetadata = PaymentCommand extends infer C
  ? C extends PaymentCommand
    ? Omit<C, 'metadata'>
    : never
  : never;

const createPayment = fc
  .record({ payAmount: decimal, priceAmount: decimal, tolerance: fc.integer({ min: 0, max: 10 }) })
  .map(({ payAmount, priceAmount, tolerance }): CommandWithoutMetadata => ({
    type: 'CreatePayment',
    data: paymentTerms({ payAmount, priceAmount, underpaidTolerancePercent: String(tolerance) }),
  }));

const paymentCommand: fc.Arbitrary<CommandWithoutMetadata> = fc.oneof(
  createPayment,
  {
    weight: 6,
    arbitrary: fc
      .record({ txHash, amount: decimal, confirmations: fc.integer({ min: 0, max: 4 }) })
      .map(({ txHash: hash, amount, confirmations }): CommandWithoutMetadata => ({
        type: 'RecordDeposit',
        data: { txHash: hash, amount, fromAddress: null, confirmations },
      })),
  },
  {
    weight: 2,
    arbitrary: percent.map((serviceFeePercent): CommandWithoutMetadata => ({
      type: 'StartPayout',
      data: { serviceFeePercent },
    })),
  },
  {
    weight: 2,
    arbitrary: fc.constant<CommandWithoutMetadata>({
      type: 'CompletePayout',
      data: { payoutHash: 'payout-tx' },
    }),
  },
  fc.constant<CommandWithoutMetadata>({ type: 'FailPayment', data: { reason: 'operator' } }),
  fc.constant<CommandWithoutMetadata>({ type: 'RefundPayment', data: { refundHash: null } }),
  fc.constant<CommandWithoutMetadata>({ type: 'ExpirePayment', data: {} }),
  decimal.map((payAmount): CommandWithoutMetadata => ({
    type: 'UpdatePaymentEstimate',
    data: { payAmount, expiresAt: '2026-01-03T10:00:00.000Z' },
  })),
);

interface Step {
  stream: StreamId;
  command: CommandWithoutMetadata;
  minutesLater: number;
}

/** Every stream is created first (or tried with a bad amount), then takes commands in any order. */
const scenario: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.tuple(...STREAMS.map(() => createPayment)),
    fc.array(
      fc.record({
        stream: fc.constantFrom(...STREAMS),
        command: paymentCommand,
        minutesLater: fc.integer({ min: 0, max: 36 * 60 }),
      }),
      { minLength: 1, maxLength: 40 },
    ),
  )
  .map(([creations, rest]) => [
    ...creations.map((command, index) => ({ stream: STREAMS[index]!, command, minutesLater: 0 })),
    ...rest,
  ]);

// ---------------------------------------------------------------------------------------------
// A stream store with optimistic concurrency, as the payments service appends

interface StoredEvent {
  version: number;
  event: PaymentEvent;
}

class Streams {
  private readonly streams = new Map<StreamId, StoredEvent[]>();

  read(stream: StreamId): StoredEvent[] {
    return this.streams.get(stream) ?? [];
  }

  append(stream: StreamId, expectedVersion: number, events: PaymentEvent[]): void {
    const stored = this.read(stream);
    if (stored.length !== expectedVersion)
      throw new Error(`${stream} is at ${stored.length}, not ${expectedVersion}`);
    this.streams.set(stream, [
      ...stored,
      ...events.map((event, index) => ({ version: expectedVersion + index + 1, event })),
    ]);
  }
}

const fold = (events: readonly StoredEvent[]): Payment =>
  events.reduce((state, { event }) => evolvePayment(state, event), initialPayment());

// ---------------------------------------------------------------------------------------------
// Invariants of one state, and of one step from a state to the next

const MONEY_FIELDS = ['actuallyPaid', 'payAmount', 'outcomeAmount'] as const;

function assertMoneyNeverNegative(state: Payment): void {
  if (state.status === 'none') return;
  for (const field of MONEY_FIELDS) {
    expect(isDecimalString(state[field])).toBe(true);
    if (isNegative(state[field])) throw new Error(`${field} is negative: ${state[field]}`);
  }
  for (const deposit of state.deposits) expect(isNegative(deposit.amount)).toBe(false);
}

function assertEventMoneyNeverNegative(event: PaymentEvent): void {
  for (const [field, value] of Object.entries(event.data)) {
    if (/amount|paid/i.test(field) && typeof value === 'string' && isNegative(value)) {
      throw new Error(`${event.type}.${field} is negative: ${value}`);
    }
  }
}

function assertStep(before: Payment, events: readonly PaymentEvent[], after: Payment): void {
  if (before.status === 'none') return;
  if (after.status === 'none') throw new Error('an existing payment disappeared');
  expect(compare(after.actuallyPaid, before.actuallyPaid)).toBeGreaterThanOrEqual(0);
  if (isFinalStatus(before.status) && after.status !== before.status) {
    // The one way out of a final status: a finished payment is refunded.
    expect([before.status, after.status]).toEqual(['finished', 'refunded']);
  }
  let status: PaymentStatus = before.status;
  for (const event of events) {
    const next = statusAfter(event);
    if (next === null || next === status) continue;
    if (!canTransition(status, next)) throw new Error(`${event.type} moved ${status} to ${next}`);
    status = next;
  }
  expect(after.status).toBe(status);
}

// ---------------------------------------------------------------------------------------------

describe('payment invariants under any sequence of commands', () => {
  it('keeps money non-negative, final states final, actually_paid growing and stream versions gapless', () => {
    fc.assert(
      fc.property(scenario, (steps) => {
        const streams = new Streams();
        let now = Date.parse(CREATED_AT);
        for (const { stream, command, minutesLater } of steps) {
          now += minutesLater * 60_000;
          const history = streams.read(stream);
          const before = fold(history);
          let events: PaymentEvent[];
          try {
            events = decidePayment(
              {
                ...command,
                metadata: { now: new Date(now).toISOString(), correlationId: 'c', causationId: 'c' },
              } as PaymentCommand,
              before,
            );
          } catch (error) {
            if (error instanceof DomainError) continue;
            throw error;
          }
          events.forEach(assertEventMoneyNeverNegative);
          streams.append(stream, history.length, events);
          const after = fold(streams.read(stream));
          assertMoneyNeverNegative(after);
          assertStep(before, events, after);
        }
        for (const stream of STREAMS) {
          const versions = streams.read(stream).map((stored) => stored.version);
          expect(versions).toEqual(versions.map((_, index) => index + 1));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('replays to the same state event by event and all at once', () => {
    fc.assert(
      fc.property(scenario, (steps) => {
        const streams = new Streams();
        const live = new Map<StreamId, Payment>();
        let now = Date.parse(CREATED_AT);
        for (const { stream, command, minutesLater } of steps) {
          now += minutesLater * 60_000;
          const state = live.get(stream) ?? initialPayment();
          try {
            const events = decidePayment(
              {
                ...command,
                metadata: { now: new Date(now).toISOString(), correlationId: 'c', causationId: 'c' },
              } as PaymentCommand,
              state,
            );
            streams.append(stream, streams.read(stream).length, events);
            live.set(stream, events.reduce(evolvePayment, state));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
        }
        for (const stream of STREAMS)
          expect(fold(streams.read(stream))).toEqual(live.get(stream) ?? initialPayment());
      }),
      { numRuns: 200 },
    );
  });
});
