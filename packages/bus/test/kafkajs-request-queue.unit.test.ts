/**
 * patches/kafkajs@2.2.4.patch. Every broker connection has a RequestQueue; after each answered request
 * it checks its pending queue and, unpatched, scheduled the next check even with nothing pending, at a
 * negative delay (1 ms): each connection of an idle service checked its empty queue a thousand times
 * a second for as long as it lived (tulios/kafkajs#1556, #1704).
 */
// kafkajs' internal module, the one the patch changes; it has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => {
  push(request: object): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
};

const silent = {
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
};

function queue(maxInFlightRequests: number | null = null) {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: silent,
  });
}

/** A request as kafkajs' Connection pushes it; `sent` records the sends. */
function request(correlationId: number, sent: number[]) {
  return {
    entry: {
      correlationId,
      apiKey: 1,
      apiName: 'Fetch',
      apiVersion: 11,
      resolve: () => undefined,
      reject: () => undefined,
    },
    expectResponse: true,
    sendRequest: () => sent.push(correlationId),
  };
}

describe('kafkajs as patched: the request queue of a connection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('leaves no timer behind once its last request is answered', () => {
    const sent: number[] = [];
    const requests = queue();
    requests.push(request(1, sent));

    requests.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });

    expect(sent).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
    requests.destroy();
  });

  it('still sends a request that waited for a free slot, and one that waited out a throttle', () => {
    const sent: number[] = [];
    const oneAtATime = queue(1);
    oneAtATime.push(request(1, sent));
    oneAtATime.push(request(2, sent));
    expect(sent).toEqual([1]);
    oneAtATime.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);

    const throttled = queue();
    throttled.maybeThrottle(500);
    throttled.push(request(3, sent));
    expect(sent).toEqual([1, 2]);
    jest.advanceTimersByTime(500);
    expect(sent).toEqual([1, 2, 3]);
    throttled.fulfillRequest({ correlationId: 3, payload: Buffer.alloc(0), size: 0 });
    oneAtATime.fulfillRequest({ correlationId: 2, payload: Buffer.alloc(0), size: 0 });
    expect(jest.getTimerCount()).toBe(0);
    oneAtATime.destroy();
    throttled.destroy();
  });
});
