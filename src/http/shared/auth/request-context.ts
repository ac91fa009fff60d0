import type { Request } from 'express';
import type { ApiKeyRecord } from '../../../accounts/api-key.repository';
import type { MeterTicket } from '../../../metering/metering.service';

/** What the guards attach to a request. */
export interface AuthedRequest extends Request {
  apiKey?: ApiKeyRecord;
  /** What metering took for this call (quota, rate budgets, a concurrency slot), and how to give it back. */
  meter?: MeterTicket;
  /** Wallet proven by a Sign-In with Ethereum message (lowercase). */
  provenWallet?: string;
  startedAt?: number;
}
