import { NonceResponse } from '../../shared/dto/nonce.dto';
import { TestKeyResponse } from '../dto/auth.dto';
import { nonceFields } from '../../shared/presenters/account-fields';
import { IssuedKey } from '../../../accounts/api-key.service';
import { NonceGrant } from '../../../accounts/wallet-proof/wallet-proof.service';


export function presentTestKey({ apiKey, record }: IssuedKey): TestKeyResponse {
  return {
    success: true,
    api_key: apiKey,
    quota: record.quotaLimit ?? 0,
    expires_at: record.expiresAt.toISOString(),
    plan: record.plan,
  };
}

export function presentNonce(grant: NonceGrant): NonceResponse {
  return { success: true, ...nonceFields(grant) };
}
