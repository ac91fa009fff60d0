import { NonceResponse } from '../dto/nonce.dto';
import { ApiKeyRecord } from '../../../accounts/api-key.repository';
import { NonceGrant } from '../../../accounts/wallet-proof/wallet-proof.service';

export const rateLimitText = (key: ApiKeyRecord): string => `${key.rateLimitPerMinute}/minute`;

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
