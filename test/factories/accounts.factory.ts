import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { displayPrefix, generateApiKey } from '../../src/accounts/api-key';
import type { ApiKeyRecord } from '../../src/accounts/api-key.repository';
import type { IssuedKey } from '../../src/accounts/api-key.service';
import type { CallEntry } from '../../src/accounts/call-log/call-log.repository';
import type { VerifiedPayment } from '../../src/accounts/plans/payment-verifier';
import type { NonceGrant } from '../../src/accounts/wallet-proof/wallet-proof.service';
import { FIXED_NOW } from '../fakes/fixed-clock';

const DAY_MS = 86_400_000;
export const WALLET = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;

/** A live free key, issued a day before FIXED_NOW. */
export function apiKeyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: randomUUID(),
    prefix: 'ta_1234abcd',
    plan: 'free',
    ownerWallet: null,
    clientName: 'Acme Bot',
    rateLimitPerMinute: 60,
    quotaLimit: 10_000,
    quotaRemaining: 9_990,
    quotaResetAt: new Date(FIXED_NOW.getTime() + 10 * DAY_MS),
    expiresAt: new Date(FIXED_NOW.getTime() + 364 * DAY_MS),
    revokedAt: null,
    createdAt: new Date(FIXED_NOW.getTime() - DAY_MS),
    ...overrides,
  };
}

/** A key as issued: the full key once, and its record (prefix matching the key). */
export function issuedKey(overrides: Partial<ApiKeyRecord> = {}, kind: 'ta' | 'test' = 'ta'): IssuedKey {
  const apiKey = generateApiKey(kind);
  return { apiKey, record: apiKeyRecord({ prefix: displayPrefix(apiKey), ...overrides }) };
}

/** A confirmed 49 USDC payment from WALLET, mined an hour before FIXED_NOW. */
export function verifiedPayment(overrides: Partial<VerifiedPayment> = {}): VerifiedPayment {
  return {
    chain: 'eth',
    txHash: `0x${'ab'.repeat(32)}`,
    logIndex: 0,
    token: { symbol: 'USDC', address: USDC, decimals: 6 },
    amount: 49_000_000n,
    from: WALLET,
    blockNumber: 1_234n,
    blockTime: new Date(FIXED_NOW.getTime() - 3_600_000),
    ...overrides,
  };
}

export function callEntry(overrides: Partial<CallEntry> = {}): CallEntry {
  return {
    keyId: randomUUID(),
    surface: 'B',
    method: 'POST',
    endpoint: '/scanner/api/v1/token/analyze',
    status: 200,
    latencyMs: 120,
    at: FIXED_NOW,
    ...overrides,
  };
}

export function nonceGrant(overrides: Partial<NonceGrant> = {}): NonceGrant {
  return {
    nonce: 'f'.repeat(32),
    expiresAt: new Date(FIXED_NOW.getTime() + 300_000),
    domain: 'api.example.com',
    uri: 'https://api.example.com',
    chainId: 1,
    ...overrides,
  };
}
