/** A bad command line: said on stderr, exit 2. */
export class UsageError extends Error {}
