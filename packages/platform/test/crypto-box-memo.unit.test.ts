import { randomBytes } from 'node:crypto';
import { SecretBox, SecretBoxError } from '../src';

/** How many decryptions the box ran: what the memo of opened secrets saves. */
const mockDeciphers = { count: 0 };
jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return {
    ...actual,
    createDecipheriv: (...args: Parameters<typeof actual.createDecipheriv>) => {
      mockDeciphers.count++;
      return actual.createDecipheriv(...args);
    },
  };
});

describe('SecretBox: secrets opened again', () => {
  const box = new SecretBox(randomBytes(32));

  beforeEach(() => {
    mockDeciphers.count = 0;
  });

  it('decrypts a sealed secret once for the same context, however often it is opened', () => {
    const sealed = box.seal('payment-key', 'merchant-1');

    for (let i = 0; i < 50; i++) expect(box.open(sealed, 'merchant-1')).toBe('payment-key');

    expect(mockDeciphers.count).toBe(1);
  });

  it('still refuses the same sealed secret under another context, and a tampered one, every time', () => {
    const sealed = box.seal('payment-key', 'merchant-1');
    expect(box.open(sealed, 'merchant-1')).toBe('payment-key');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const tampered = [version, iv, tag, `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`].join('.');

    for (let i = 0; i < 2; i++) {
      expect(() => box.open(sealed, 'merchant-2')).toThrow(SecretBoxError);
      expect(() => box.open(tampered, 'merchant-1')).toThrow(SecretBoxError);
    }
    expect(mockDeciphers.count).toBe(5);
  });
});
