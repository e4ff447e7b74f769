import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const FORMAT_VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Opened secrets kept; past it the memo starts over (a working set, not every merchant ever seen). */
const OPENED_KEPT = 1_024;

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/**
 * Encrypts short secrets (merchant API keys, IPN secrets) at rest with AES-256-GCM under the master key.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. An optional context (for example the
 * merchant id) is bound as associated data, so a sealed secret copied onto another record fails to open.
 */
export class SecretBox {
  private readonly key: Buffer;
  /**
   * Secrets opened lately, by context and sealed form: a family A merchant's payment key is opened on
   * every signed request, and AES-GCM with its buffers was ~3 % of a family A create's CPU. A sealed
   * form opens to one plaintext only (GCM authenticates it), so a hit is the answer a decryption gives.
   */
  private readonly opened = new Map<string, string>();

  constructor(masterKey: Uint8Array) {
    if (masterKey.length !== KEY_BYTES) {
      throw new SecretBoxError(`the master key must be ${KEY_BYTES} bytes, got ${masterKey.length}`);
    }
    this.key = Buffer.from(masterKey);
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [FORMAT_VERSION, iv, tag, ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context = ''): string {
    const memoKey = `${context}\n${sealed}`;
    const known = this.opened.get(memoKey);
    if (known !== undefined) return known;
    const plaintext = this.decrypt(sealed, context);
    if (this.opened.size >= OPENED_KEPT) this.opened.clear();
    this.opened.set(memoKey, plaintext);
    return plaintext;
  }

  private decrypt(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) {
      throw new SecretBoxError(`not a ${FORMAT_VERSION} sealed secret`);
    }
    const [iv, tag, ciphertext] = parts.slice(1).map(decodePart) as [Buffer, Buffer, Buffer];
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretBoxError('sealed secret has a malformed iv or tag');
    }
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed secret failed authentication (wrong key, context or tampered data)');
    }
  }
}

function decodePart(part: string): Buffer {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new SecretBoxError('sealed secret is not base64url');
  return Buffer.from(part, 'base64url');
}

/**
 * Constant-time string comparison that does not leak where the inputs differ, nor (through an early
 * return) whether their lengths differ: both sides are hashed to equal-length digests first.
 */
export function timingSafeEqualStr(a: string, b: string): boolean {
  return timingSafeEqualBytes(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Compares hex signatures case-insensitively in constant time; anything that is not hex never matches. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  const aValid = isHex(a);
  const bValid = isHex(b);
  const equal = timingSafeEqualBytes(
    Buffer.from(aValid ? a : '', 'hex'),
    Buffer.from(bValid ? b : '', 'hex'),
  );
  return aValid && bValid && equal;
}

function timingSafeEqualBytes(a: Buffer, b: Buffer): boolean {
  const digestA = createHash('sha256').update(a).digest();
  const digestB = createHash('sha256').update(b).digest();
  return timingSafeEqual(digestA, digestB) && a.length === b.length;
}

function isHex(value: string): boolean {
  return value.length > 0 && value.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(value);
}
