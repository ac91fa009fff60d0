import type { KeyLimit } from '../../../metering/limits.service';

/** Route metadata set by @Authenticated and read by ApiKeyGuard. */
export const AUTH_OPTIONS = 'auth:options';

export interface AuthOptions {
  limit: KeyLimit;
  /** Whether the call takes one from the key's quota (surface B's Standard class, A's scans). */
  quota: boolean;
}

/** The surface a route's @Authenticated names (where its key travels); checked against its folder by a test. */
export const AUTH_SURFACE = 'auth:surface';
