import { randomBytes } from 'node:crypto';
import { SecretBox, SecretBoxError, timingSafeEqualHex, timingSafeEqualStr } from '../src';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips a secret in the v1 format', () => {
    const sealed = box.seal('payment-key-123');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('payment-key-123');
    expect(box.open(sealed)).toBe('payment-key-123');
  });

  it('uses a fresh IV every time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('round-trips unicode and empty secrets', () => {
    expect(box.open(box.seal('clé-🔑'))).toBe('clé-🔑');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('binds the context', () => {
    const sealed = box.seal('ipn-secret', 'merchant-1');
    expect(box.open(sealed, 'merchant-1')).toBe('ipn-secret');
    expect(() => box.open(sealed, 'merchant-2')).toThrow(SecretBoxError);
  });

  it('refuses another key', () => {
    expect(() => new SecretBox(randomBytes(32)).open(box.seal('x'))).toThrow(/failed authentication/);
  });

  it('detects tampering with any part', () => {
    const parts = box.seal('api-key').split('.');
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const part = tampered[index] ?? '';
      tampered[index] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
      expect(() => box.open(tampered.join('.'))).toThrow(SecretBoxError);
    }
  });

  it.each([
    '',
    'v1.a.b',
    'v2.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA',
    'v1.!!.AAAA.AAAA',
    'v1.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA',
  ])('refuses the malformed %j', (sealed) => {
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('timingSafeEqualStr', () => {
  it('compares strings, including different lengths', () => {
    expect(timingSafeEqualStr('Invalid Sign.', 'Invalid Sign.')).toBe(true);
    expect(timingSafeEqualStr('abc', 'abd')).toBe(false);
    expect(timingSafeEqualStr('abc', 'abcd')).toBe(false);
    expect(timingSafeEqualStr('', '')).toBe(true);
    expect(timingSafeEqualStr('', 'a')).toBe(false);
  });
});

describe('timingSafeEqualHex', () => {
  const md5 = '28057990863fcc7480ddf6fb83d20709';

  it('matches hex digests case-insensitively', () => {
    expect(timingSafeEqualHex(md5, md5)).toBe(true);
    expect(timingSafeEqualHex(md5, md5.toUpperCase())).toBe(true);
  });

  it('rejects different digests and different lengths', () => {
    expect(timingSafeEqualHex(md5, `${md5.slice(0, -1)}8`)).toBe(false);
    expect(timingSafeEqualHex(md5, md5.slice(0, 30))).toBe(false);
    expect(timingSafeEqualHex(md5, `${md5}00`)).toBe(false);
  });

  it('never matches text that is not hex', () => {
    expect(timingSafeEqualHex('zz', 'zz')).toBe(false);
    expect(timingSafeEqualHex('', '')).toBe(false);
    expect(timingSafeEqualHex('abc', 'abc')).toBe(false);
  });
});
