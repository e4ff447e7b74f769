import { EventEmitter } from 'node:events';
import type { PaymentDocument } from '@gw/views';
import type { Response } from 'express';
import { sendPaymentsCsv } from '../src/payment-export';

/** A response whose socket buffer is full after every write until the test lets it drain. */
class SlowResponse extends EventEmitter {
  chunks: string[] = [];
  headers: Record<string, string> = {};
  destroyed = false;
  ended = false;
  statusCode = 0;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return false;
  }
  end() {
    this.ended = true;
  }
}

const payment = (paymentId: number) =>
  ({
    paymentId,
    family: 'v1',
    merchantId: 'm',
    orderId: `o-${paymentId}`,
    status: 'waiting',
    createdAt: 't',
    updatedAt: 't',
    priceAmount: '10',
    priceCurrency: 'usd',
    payAmount: '1',
    payCurrency: 'btc',
    actuallyPaid: '0.5',
    payNetwork: 'btc',
    payAddress: 'addr',
    deposits: [{ txHash: 'h1' }, { txHash: 'h2' }],
    testPayment: false,
  }) as unknown as PaymentDocument;

/** Pages of one payment each, counting how many the export has asked for. */
function pages(count: number) {
  const state = { pulled: 0, returned: false };
  async function* generate(): AsyncGenerator<PaymentDocument[]> {
    try {
      for (let i = count; i > 0; i--) {
        state.pulled++;
        yield [payment(i)];
      }
    } finally {
      state.returned = true;
    }
  }
  return { state, pages: generate() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sendPaymentsCsv', () => {
  it('reads the next page only once the response has drained', async () => {
    const res = new SlowResponse();
    const { state, pages: source } = pages(3);
    const sent = sendPaymentsCsv(res as unknown as Response, source, 'p.csv');
    await turn();
    // The first page is read before the headers (an error there still answers an error), then waits.
    expect(state.pulled).toBe(1);
    expect(res.chunks).toHaveLength(1);
    expect(res.headers['content-disposition']).toBe('attachment; filename="p.csv"');
    res.emit('drain');
    await turn();
    expect(res.chunks).toHaveLength(2);
    expect(res.chunks[1]).toBe('3,v1,m,o-3,waiting,t,t,10,usd,1,btc,0.5,5,btc,addr,h1 h2,false\r\n');
    expect(state.pulled).toBe(1);
    res.emit('drain');
    await turn();
    expect(state.pulled).toBe(2);
    res.emit('drain');
    await turn();
    res.emit('drain');
    await sent;
    expect(state.pulled).toBe(3);
    expect(res.chunks).toHaveLength(4);
    expect(res.ended).toBe(true);
  });

  it('stops reading and closes the pages when the client goes away', async () => {
    const res = new SlowResponse();
    const { state, pages: source } = pages(100);
    const sent = sendPaymentsCsv(res as unknown as Response, source, 'p.csv');
    await turn();
    res.emit('drain');
    await turn();
    res.destroyed = true;
    res.emit('close');
    await sent;
    expect(state.pulled).toBe(1);
    expect(state.returned).toBe(true);
    expect(res.ended).toBe(false);
  });
});
