import { AppError } from '../common/errors/app-error';

export class MissingApiKeyError extends AppError {
  constructor(where: string) {
    super('unauthenticated', `Missing API key: send it in ${where}`);
  }
}

export class UnknownApiKeyError extends AppError {
  constructor() {
    super('unauthenticated', 'Invalid API key: no such key');
  }
}

export class RevokedApiKeyError extends AppError {
  constructor() {
    super('unauthenticated', 'API key revoked');
  }
}

export class ExpiredApiKeyError extends AppError {
  constructor(expiresAt: Date) {
    super('unauthenticated', `API key expired at ${expiresAt.toISOString()}`);
  }
}

/** A test key's scans are spent; nothing will reset them (402: pay for a plan). */
export class TestQuotaSpentError extends AppError {
  constructor(total: number) {
    super('payment_required', `This test key's ${total} scans are spent; buy a plan for more`);
  }
}

/** A monthly quota is spent; it resets on the quota date (429 until then). */
export class QuotaSpentError extends AppError {
  constructor(resetAt: Date, now: Date) {
    super('rate_limited', `Monthly quota spent; it resets at ${resetAt.toISOString()}`, {
      retryAfter: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
      provider: 'api',
    });
  }
}

/**
 * A test key's 10 scans are surfaces A and B's trial; surface C issues its own keys at sign-up, with
 * their own daily tiers, so a test key is refused there rather than counted twice or not at all.
 */
export class TestKeyOnPlatformError extends AppError {
  constructor() {
    super(
      'forbidden',
      'Test keys work on /api/v1 and /scanner/api/v1 only; sign up at POST /v1/auth/signup for a /v1 key',
      { cCode: 'TEST_KEY_NOT_ACCEPTED' },
    );
  }
}

export class TestKeyExistsError extends AppError {
  constructor(expiresAt: Date) {
    super('conflict', `This wallet already has a live test key; it expires at ${expiresAt.toISOString()}`, {
      details: { expires_at: expiresAt.toISOString() },
    });
  }
}

export class KeyInUrlError extends AppError {
  constructor() {
    super('validation', 'API keys must not be sent in the URL: use the X-Service-API-Key or Authorization header');
  }
}
