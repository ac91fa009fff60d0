/** B's token endpoints serve reports up to this old (B has no cache_ttl parameter). */
export const SCANNER_CACHE_TTL = 300;
