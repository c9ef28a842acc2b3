import crypto, { type KeyObject } from 'node:crypto';

/**
 * RSA keys as operators paste them: PEM (newlines possibly escaped as \n in an env file) or the bare
 * base64 body printed by the providers' key tools (PKCS#8 or PKCS#1 private keys, SPKI public keys).
 */
function normalize(text: string): string {
  return text.replace(/\\n/g, '\n').trim();
}

export function loadPrivateKey(text: string): KeyObject {
  const value = normalize(text);
  if (value.includes('-----BEGIN')) return crypto.createPrivateKey(value);
  const der = Buffer.from(value.replace(/\s+/g, ''), 'base64');
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }); // Alipay's "PKCS1" export
  }
}

export function loadPublicKey(text: string): KeyObject {
  const value = normalize(text);
  if (value.includes('-----BEGIN')) return crypto.createPublicKey(value);
  return crypto.createPublicKey({ key: Buffer.from(value.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** SHA256withRSA (PKCS#1 v1.5), base64: Alipay RSA2 and WeChat Pay v3. */
export function rsaSha256Sign(content: string, key: KeyObject): string {
  return crypto.sign('sha256', Buffer.from(content, 'utf8'), key).toString('base64');
}

export function rsaSha256Verify(content: string, signature: string, key: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return crypto.verify('sha256', Buffer.from(content, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false; // malformed signature bytes: not authentic
  }
}

/** 'yyyy-MM-dd HH:mm:ss' on the Asia/Shanghai clock (Alipay's timestamp). */
export function shanghaiTimestamp(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3600 * 1000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** RFC 3339 with the +08:00 offset (WeChat Pay's time_expire). */
export function shanghaiRfc3339(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3600 * 1000).toISOString();
  return `${local.slice(0, 19)}+08:00`;
}
