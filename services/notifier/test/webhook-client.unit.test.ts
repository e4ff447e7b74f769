import { forbiddenReason } from '../src/http/destination';
import { WebhookClient } from '../src/http/webhook-client';
import { replyWith, startReceiver, type Receiver } from './support/receiver';

describe('addresses the notifier refuses', () => {
  it.each([
    ['127.0.0.1', 'loopback address'],
    ['::1', 'loopback address'],
    ['::ffff:127.0.0.1', 'loopback address'],
    ['::ffff:7f00:1', 'loopback address'],
    ['10.1.2.3', 'private address'],
    ['172.16.0.1', 'private address'],
    ['192.168.1.1', 'private address'],
    ['100.64.0.1', 'carrierGradeNat address'],
    ['169.254.169.254', 'cloud metadata address'],
    ['::ffff:169.254.169.254', 'cloud metadata address'],
    ['fd00:ec2::254', 'cloud metadata address'],
    ['fe80::1', 'linkLocal address'],
    ['fc00::1', 'uniqueLocal address'],
    ['224.0.0.1', 'multicast address'],
    ['ff02::1', 'multicast address'],
    ['0.0.0.0', 'unspecified address'],
    ['::', 'unspecified address'],
    ['255.255.255.255', 'broadcast address'],
    ['2002:7f00:1::', '6to4 address'],
    ['64:ff9b::7f00:1', 'rfc6052 address'],
  ])('%s is a %s', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it('lets public unicast addresses through', () => {
    expect(forbiddenReason('93.184.216.34')).toBeNull();
    expect(forbiddenReason('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });
});

describe('WebhookClient', () => {
  let receiver: Receiver;
  let client: WebhookClient;
  const post = (url: string) =>
    client.post({ url, body: '{"a":"é/"}', headers: { 'content-type': 'application/json', 'x-sig': 'abc' } });

  beforeEach(async () => {
    receiver = await startReceiver();
    client = new WebhookClient({ timeoutMs: 500, allowedHosts: ['127.0.0.1'], socketsPerHost: 4 });
  });
  afterEach(async () => {
    client.close();
    await receiver.close();
  });

  it('POSTs the exact bytes and headers to an allow-listed host and reports the answer', async () => {
    const result = await post(`${receiver.url}/ipn?x=1`);
    expect(result).toMatchObject({ statusCode: 200, error: null, responseBody: 'ok', permanent: false });
    expect(receiver.calls[0]).toMatchObject({
      path: '/ipn?x=1',
      headers: { 'x-sig': 'abc', 'content-type': 'application/json' },
    });
    expect(receiver.calls[0]!.rawBody.toString('utf8')).toBe('{"a":"é/"}');
  });

  it('keeps only the first 1 KiB of the response body', async () => {
    receiver.setReply(replyWith(500, 'x'.repeat(5000)));
    const result = await post(receiver.url);
    expect(result.statusCode).toBe(500);
    expect(result.responseBody).toHaveLength(1024);
  });

  it('does not follow redirects', async () => {
    receiver.setReply((call, res) => {
      if (call.path === '/elsewhere') return replyWith(200)(call, res);
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    const result = await post(receiver.url);
    expect(result.statusCode).toBe(302);
    expect(receiver.calls.map((c) => c.path)).toEqual(['/']);
  });

  it('gives up on a receiver that never answers within the timeout', async () => {
    receiver.setReply(() => undefined);
    const result = await post(receiver.url);
    expect(result).toMatchObject({ statusCode: null, permanent: false });
    expect(result.error).toMatch(/timed out after 500 ms/);
  });

  it('refuses loopback, mapped and metadata URLs unless allow-listed, without connecting', async () => {
    const strict = new WebhookClient({ timeoutMs: 500, allowedHosts: [], socketsPerHost: 4 });
    try {
      for (const url of [
        receiver.url,
        `http://[::ffff:127.0.0.1]:${receiver.port}/`,
        'http://169.254.169.254/latest/meta-data',
        'http://[fd00:ec2::254]/',
      ]) {
        const result = await strict.post({ url, body: '{}', headers: {} });
        expect(result).toMatchObject({ statusCode: null, permanent: true });
        expect(result.error).toMatch(/^refused: /);
      }
      const viaName = await strict.post({
        url: `http://localhost:${receiver.port}/`,
        body: '{}',
        headers: {},
      });
      expect(viaName).toMatchObject({ permanent: true });
      expect(receiver.calls).toHaveLength(0);
    } finally {
      strict.close();
    }
  });

  it('refuses a name that resolves to any private address, even next to a public one', async () => {
    const rebinding = new WebhookClient({
      timeoutMs: 500,
      allowedHosts: [],
      socketsPerHost: 4,
      resolver: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    try {
      expect(await rebinding.post({ url: 'http://shop.example/ipn', body: '{}', headers: {} })).toMatchObject(
        { permanent: true },
      );
    } finally {
      rebinding.close();
    }
  });

  it('connects to the address it vetted, keeping the host name in the Host header', async () => {
    const pinned = new WebhookClient({
      timeoutMs: 500,
      allowedHosts: ['hooks.shop.test'],
      socketsPerHost: 4,
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      const result = await pinned.post({
        url: `http://hooks.shop.test:${receiver.port}/cb`,
        body: '{}',
        headers: {},
      });
      expect(result.statusCode).toBe(200);
      expect(receiver.calls[0]!.headers.host).toBe(`hooks.shop.test:${receiver.port}`);
    } finally {
      pinned.close();
    }
  });

  it('refuses non-HTTP schemes', async () => {
    expect(await post('file:///etc/passwd')).toMatchObject({
      permanent: true,
      error: 'refused: file: URLs are not called',
    });
  });
});
