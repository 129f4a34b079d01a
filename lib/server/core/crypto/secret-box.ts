import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { env } from '@/lib/server/core/env';

/**
 * Secrets that must be sent on to an outside service (so they cannot be hashed) are kept encrypted with
 * AES-256-GCM: a database dump or backup alone does not reveal them. The associated data names what the value is
 * and whose it is, so a ciphertext copied into another row or tenant does not decrypt there.
 */
const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class SecretKeyMismatchError extends Error {
  constructor() {
    super(
      'A stored secret cannot be decrypted with the configured ENCRYPTION_KEY: the key differs from the one that ' +
        'encrypted it (or the stored value was altered). Restore the original key, or enter the secret again.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/** Any configured text becomes a 256-bit key; HKDF so a short passphrase still spreads over the whole key. */
function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'fieldops', 'stored secrets v1', 32));
}

export function encryptSecret(plain: string, context: string, secret = env.encryptionKey): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(stored: string, context: string, secret = env.encryptionKey): string {
  const [prefix, payload] = stored.split(':', 2);
  if (prefix !== version || !payload) throw new SecretKeyMismatchError();
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < ivBytes + tagBytes) throw new SecretKeyMismatchError();
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, ivBytes), {
    authTagLength: tagBytes,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyMismatchError();
  }
}
