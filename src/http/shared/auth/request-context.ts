import type { Request } from 'express';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';

/** What the guards attach to a request. */
export interface AuthedRequest extends Request {
  apiKey?: ApiKeyRecord;
  /** Remaining quota after this call (null = unlimited), when the route draws on the quota. */
  quotaRemaining?: number | null;
  /** Wallet proven by a Sign-In with Ethereum message (lowercase). */
  provenWallet?: string;
  startedAt?: number;
}
