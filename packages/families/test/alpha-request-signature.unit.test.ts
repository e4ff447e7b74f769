import { alphaSign, verifyAlphaSign } from '../src';

// Test vectors from reference/upstream-apis.md §2.1.
const KEY = 'api-key-123';
const PHP_BODY =
  '{"amount":"10.00","currency":"USD","order_id":"A-1","url_callback":"https:\\/\\/shop.example\\/cb"}';

describe('family A request signature', () => {
  it('is md5 of base64(body) + key, as upstream computes it', () => {
    expect(alphaSign(PHP_BODY, KEY)).toBe('862fac81d168c599e80d160f737df09d');
  });

  it('of an empty body is md5 of the key alone', () => {
    expect(alphaSign('', KEY)).toBe('175122a2b903cb8d57010c9b50a0b962');
  });

  describe('verification over the raw bytes', () => {
    it('accepts the signature of exactly the bytes received', () => {
      expect(verifyAlphaSign(Buffer.from(PHP_BODY), KEY, '862fac81d168c599e80d160f737df09d')).toBe(true);
    });

    it('accepts an uppercase hex signature', () => {
      expect(verifyAlphaSign(Buffer.from(PHP_BODY), KEY, '862FAC81D168C599E80D160F737DF09D')).toBe(true);
    });

    it('refuses a signature over the same JSON written differently (unescaped slashes)', () => {
      const sent = Buffer.from(PHP_BODY.replace(/\\\//g, '/'));
      expect(verifyAlphaSign(sent, KEY, '862fac81d168c599e80d160f737df09d')).toBe(false);
    });

    it('refuses a signature made with another key', () => {
      expect(verifyAlphaSign(Buffer.from(PHP_BODY), 'other-key', '862fac81d168c599e80d160f737df09d')).toBe(
        false,
      );
    });

    it('refuses text that is not a hex digest', () => {
      expect(verifyAlphaSign(Buffer.from(PHP_BODY), KEY, 'not-a-signature')).toBe(false);
      expect(verifyAlphaSign(Buffer.from(PHP_BODY), KEY, '')).toBe(false);
    });

    it('accepts Python-spaced JSON signed as sent', () => {
      const spaced = Buffer.from('{"amount": "10.00", "currency": "USD", "order_id": "A-1"}');
      expect(verifyAlphaSign(spaced, KEY, alphaSign(spaced, KEY))).toBe(true);
    });
  });

  describe('a call without parameters and without a body', () => {
    const empty = Buffer.alloc(0);

    it.each([
      ['{} (the spec)', '{}'],
      ['"" (pycryptomusapi: md5 of the key)', ''],
      ['[] (PHP json_encode of an empty array)', '[]'],
    ])('verifies a signature over %s', (_name, signedBody) => {
      expect(verifyAlphaSign(empty, KEY, alphaSign(signedBody, KEY))).toBe(true);
    });

    it('refuses a signature over some other body', () => {
      expect(verifyAlphaSign(empty, KEY, alphaSign('{"a":1}', KEY))).toBe(false);
    });
  });

  it('does not widen a non-empty body to the parameterless forms', () => {
    expect(verifyAlphaSign(Buffer.from('{"a":1}'), KEY, alphaSign('{}', KEY))).toBe(false);
  });
});
