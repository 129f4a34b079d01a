import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretKeyMismatchError } from '@/lib/server/core/crypto/secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = 'the configured key';

  it('gives back the secret, and a fresh ciphertext each time that does not contain it', () => {
    const first = encryptSecret('s3cret-value', 'ctx', key);
    const second = encryptSecret('s3cret-value', 'ctx', key);
    expect(first).not.toBe(second);
    expect(first).not.toContain('s3cret-value');
    expect(decryptSecret(first, 'ctx', key)).toBe('s3cret-value');
  });

  it('fails clearly with another key, another context or an altered value', () => {
    const stored = encryptSecret('s3cret-value', 'ctx', key);
    expect(() => decryptSecret(stored, 'ctx', 'another key')).toThrow(SecretKeyMismatchError);
    expect(() => decryptSecret(stored, 'ctx', 'another key')).toThrow(/ENCRYPTION_KEY/);
    expect(() => decryptSecret(stored, 'other ctx', key)).toThrow(SecretKeyMismatchError);
    const altered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}${stored.slice(-1)}`;
    expect(() => decryptSecret(altered, 'ctx', key)).toThrow(SecretKeyMismatchError);
    expect(() => decryptSecret('plain text', 'ctx', key)).toThrow(SecretKeyMismatchError);
  });
});
