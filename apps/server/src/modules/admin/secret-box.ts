import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM: a 12-byte nonce and a 16-byte tag travel with each ciphertext. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_BOX_KEY_BYTES = 32;

/** Seals small secrets (TOTP seeds) at rest with the server's key; the database never sees them. */
export interface SecretBox {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_BOX_KEY_BYTES) throw new Error('secret box key must be 32 bytes');
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const nonce = sealed.subarray(0, NONCE_BYTES);
      const tag = sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}
