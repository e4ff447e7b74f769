import { forbiddenReason, resolveDestination } from '../src/http/destination';
import { WebhookClient } from '../src/http/webhook-client';
import { replyWith, startReceiver, type Receiver } from './support/receiver';

describe('addresses the notifier refuses', () => {
  it.each([
    ['127.0.0.1', 'loopback address'],
    ['::1', 'loopback address'],
    ['10.1.2.3', 'private address'],
    ['172.16.0.1', 'private address'],
    ['192.168.1.1', 'private address'],
    ['100.64.0.1', 'carrierGradeNat address'],
    ['169.254.169.254', 'cloud metadata address'],
    ['fd00:ec2::254', 'cloud metadata address'],
    ['fe80::1', 'linkLocal address'],
    ['fc00::1', 'uniqueLocal address'],
    ['224.0.0.1', 'multicast address'],
    ['ff02::1', 'multicast address'],
    ['0.0.0.0', 'unspecified address'],
    ['::', 'unspecified address'],
    ['255.255.255.255', 'broadcast address'],
  ])('%s is a %s', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it('lets public unicast addresses through', () => {
    expect(forbiddenReason('93.184.216.34')).toBeNull();
    expect(forbiddenReason('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });
});

/**
 * Every IPv6 form that carries an IPv4 address reaches that host (through the host's own stack, a
 * translator or a tunnel), so it is refused as that host is; the forms are written as the URL parser
 * and DNS give them (`[::127.0.0.1]` becomes `::7f00:1`).
 */
describe('IPv6 forms carrying a refused IPv4 address', () => {
  const loopback = ['127.0.0.1', 'loopback address'] as const;
  const metadata = ['169.254.169.254', 'cloud metadata address'] as const;
  const privateNetwork = ['10.0.0.1', 'private address'] as const;
  it.each([
    ['IPv4-compatible (RFC 4291)', '::7f00:1', ...loopback],
    ['IPv4-compatible (RFC 4291)', '::a9fe:a9fe', ...metadata],
    ['IPv4-compatible (RFC 4291)', '::a00:1', ...privateNetwork],
    ['IPv4-mapped (RFC 4291)', '::ffff:7f00:1', ...loopback],
    ['IPv4-mapped (RFC 4291)', '::ffff:169.254.169.254', ...metadata],
    ['IPv4-mapped (RFC 4291)', '::ffff:a00:1', ...privateNetwork],
    ['SIIT (RFC 6145)', '::ffff:0:7f00:1', ...loopback],
    ['SIIT (RFC 6145)', '::ffff:0:a9fe:a9fe', ...metadata],
    ['SIIT (RFC 6145)', '::ffff:0:a00:1', ...privateNetwork],
    ['NAT64 (RFC 6052)', '64:ff9b::7f00:1', ...loopback],
    ['NAT64 (RFC 6052)', '64:ff9b::a9fe:a9fe', ...metadata],
    ['NAT64 (RFC 6052)', '64:ff9b::a00:1', ...privateNetwork],
    ['6to4 (RFC 3056)', '2002:7f00:1::', ...loopback],
    ['6to4 (RFC 3056)', '2002:a9fe:a9fe::1', ...metadata],
    ['6to4 (RFC 3056)', '2002:a00:1::1', ...privateNetwork],
    ['Teredo (RFC 4380, client inverted)', '2001:0:4136:e378:8000:63bf:80ff:fffe', ...loopback],
    ['Teredo (RFC 4380, client inverted)', '2001:0:4136:e378:8000:63bf:5601:5601', ...metadata],
    ['Teredo (RFC 4380, client inverted)', '2001:0:4136:e378:8000:63bf:f5ff:fffe', ...privateNetwork],
  ])('%s %s is refused as the %s it carries (a %s)', (form, address, ipv4, reason) => {
    const shortForm = form.replace(/ \(.*$/, '');
    expect(forbiddenReason(address)).toBe(`${reason} (${ipv4} in ${shortForm} form)`);
  });

  it.each([
    ['IPv4-compatible, deprecated whatever it carries', '::808:808', 'IPv4-compatible address'],
    ['NAT64 local-use prefix (RFC 8215)', '64:ff9b:1::808:808', 'rfc6052 address'],
    ['NAT64 to a public host', '64:ff9b::808:808', 'rfc6052 address'],
    ['6to4 to a public host', '2002:808:808::1', '6to4 address'],
    ['Teredo to a public host', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'teredo address'],
  ])('%s (%s) stays refused as a whole range', (_what, address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it('refuses them written in a URL, and when a name resolves to them, without connecting', async () => {
    const literals = ['http://[::169.254.169.254]/', 'http://[::a9fe:a9fe]/', 'http://[::127.0.0.1]:9/ipn'];
    for (const url of literals)
      await expect(resolveDestination(url, [], async () => [])).rejects.toThrow(/^refused: /);
    for (const address of ['::7f00:1', '::a9fe:a9fe', '64:ff9b::a00:1', '2002:a9fe:a9fe::'])
      await expect(
        resolveDestination('http://hooks.shop.example/ipn', [], async () => [{ address, family: 6 }]),
      ).rejects.toThrow(new RegExp(`^refused: hooks.shop.example is a .* \\(${address}\\)$`));
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
