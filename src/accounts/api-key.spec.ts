import { containsApiKey, displayPrefix, generateApiKey, hashApiKey, looksLikeApiKey, redactApiKeys } from './api-key';

describe('api keys', () => {
  it('carry 256 random bits behind their prefix', () => {
    const a = generateApiKey('ta');
    const b = generateApiKey('ta');
    expect(a).toMatch(/^ta_[0-9a-f]{64}$/);
    expect(generateApiKey('test')).toMatch(/^test_[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(looksLikeApiKey(a)).toBe(true);
  });

  it('are stored as a SHA-256 hex hash and shown by a short prefix', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(displayPrefix(`test_${'1234abcd'.repeat(8)}`)).toBe('test_1234abcd');
  });

  it('are found and redacted in text such as URLs', () => {
    const key = generateApiKey('ta');
    expect(containsApiKey(`/x/${key}/y`)).toBe(true);
    expect(containsApiKey(`/x/${key}/y`)).toBe(true); // stateless across calls
    expect(containsApiKey('/api/v1/token/scan')).toBe(false);
    expect(redactApiKeys(`/a/${key}?b`)).toBe('/a/[redacted]?b');
  });
});
