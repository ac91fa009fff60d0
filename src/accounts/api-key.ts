import { createHash, randomBytes } from 'node:crypto';

/** `ta_` for regular keys, `test_` for 10-scan test keys (spec: `<prefix>_<hex>`, `test_<hex>`). */
export type KeyKind = 'ta' | 'test';

const KEY_PATTERN = /^(ta|test)_[0-9a-f]{64}$/;

/** A new key: 256 random bits as hex behind its prefix. Shown once; only its hash is stored. */
export function generateApiKey(kind: KeyKind): string {
  return `${kind}_${randomBytes(32).toString('hex')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What listings show: the prefix and the first 8 hex digits, enough to tell keys apart. */
export function displayPrefix(key: string): string {
  const [kind, hex] = key.split('_');
  return `${kind}_${hex.slice(0, 8)}`;
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

const KEY_LIKE = /\b(ta|test)_[0-9a-f]{32,}/gi;

/** Loose check used to refuse keys sent in URLs, where they end up in proxies' and browsers' logs. */
export function containsApiKey(value: string): boolean {
  KEY_LIKE.lastIndex = 0;
  return KEY_LIKE.test(value);
}

/** The text with anything shaped like a key replaced, for log lines. */
export function redactApiKeys(value: string): string {
  return value.replace(KEY_LIKE, '[redacted]');
}
