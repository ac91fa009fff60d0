/**
 * Upstream provider kinds, each with its own bucket and daily counter. The spec names four; each is one of our own engines or an external API:
 * audit_provider = bytecode contract analysis, scanner_provider = trade simulation, market_data =
 * DEX market reads, block_explorer = source verification; plus social_data, llm and chain_rpc (every
 * JSON-RPC call to a chain's node).
 */
export const PROVIDER_KINDS = [
  'audit_provider',
  'scanner_provider',
  'market_data',
  'block_explorer',
  'social_data',
  'llm',
  'chain_rpc',
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * The door a call to an upstream (a chain's node, an explorer) passes first: counted, and refused
 * when its bucket is empty. A port, so the chain layer and the adapters need not know the metering
 * module, which binds it to its limiter.
 */
export abstract class UpstreamGate {
  /** Takes `calls` tokens from `kind`'s bucket (per `key`, e.g. a chain), or throws UpstreamBusyError. */
  abstract take(kind: ProviderKind, calls?: number, key?: string): Promise<void>;
}
