import { rateLimitText } from '../../shared/presenters/account-fields';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { IssuedKey } from '../../../accounts/api-key.service';
import { KeyIssuanceResponse, KeyValidationResponse } from '../dto/auth.dto';

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
