import { ApiKeyRecord } from './api-key.repository';
import { IssuedKey } from './api-key.service';
import { KeyIssuanceResponse, KeyValidationResponse, NonceResponse, TestKeyResponse } from './dto/auth.dto';
import { NonceGrant } from './wallet-proof/wallet-proof.service';

export const rateLimitText = (key: ApiKeyRecord): string => `${key.rateLimitPerMinute}/minute`;

export function presentKeyIssuance({ apiKey, record }: IssuedKey): KeyIssuanceResponse {
  return {
    success: true,
    data: {
      api_key: apiKey,
      client_id: record.id,
      rate_limit: rateLimitText(record),
      tier: record.plan,
      expires_at: record.expiresAt.toISOString(),
    },
  };
}

export function presentTestKey({ apiKey, record }: IssuedKey): TestKeyResponse {
  return {
    success: true,
    api_key: apiKey,
    quota: record.quotaLimit ?? 0,
    expires_at: record.expiresAt.toISOString(),
    plan: record.plan,
  };
}

export function presentValidation(key: ApiKeyRecord): KeyValidationResponse {
  return {
    success: true,
    data: {
      valid: true,
      tier: key.plan,
      rate_limit: rateLimitText(key),
      expires_at: key.expiresAt.toISOString(),
      remaining_quota: key.quotaRemaining,
    },
  };
}

/** A nonce grant as every surface shows it (B adds `success`). */
export function nonceFields(grant: NonceGrant): Omit<NonceResponse, 'success'> {
  return {
    nonce: grant.nonce,
    expires_at: grant.expiresAt.toISOString(),
    domain: grant.domain,
    uri: grant.uri,
    chain_id: grant.chainId,
    ...(grant.message ? { message: grant.message } : {}),
  };
}

export function presentNonce(grant: NonceGrant): NonceResponse {
  return { success: true, ...nonceFields(grant) };
}
