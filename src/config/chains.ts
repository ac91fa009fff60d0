/**
 * The one chain table: every chain the service knows, its EIP-155 id, and the chains each surface
 * takes. It imports nothing, so the web console's build reads the same table the API does.
 */

/** Chains the service knows; `devnet` is the embedded anvil world. */
export const CHAIN_KEYS = ['eth', 'bsc', 'polygon', 'arbitrum', 'optimism', 'base', 'devnet'] as const;
export type ChainKey = (typeof CHAIN_KEYS)[number];

/** Chains with a public mainnet; `devnet` is embedded and has no RPC variable. */
export type MainnetChainKey = Exclude<ChainKey, 'devnet'>;
export const MAINNET_CHAIN_KEYS = CHAIN_KEYS.filter((key): key is MainnetChainKey => key !== 'devnet');

/** The variable that configures a mainnet chain's RPC URLs (`ETH_RPC_URL` for `eth`): named by the key, so a new chain has one. */
export type RpcEnvVar<K extends MainnetChainKey = MainnetChainKey> = `${Uppercase<K>}_RPC_URL`;
export function rpcEnvVarOf<K extends MainnetChainKey>(key: K): RpcEnvVar<K> {
  return `${key.toUpperCase()}_RPC_URL` as RpcEnvVar<K>;
}

/**
 * The EIP-155 chain id of each chain (the devnet's is anvil's): what a caller may give for the key. An
 * answer names the id of the chain that serves the key (`ChainRegistry.identity`): 31337 for `eth` on
 * the embedded devnet.
 */
export const CHAIN_IDS = {
  eth: 1,
  bsc: 56,
  polygon: 137,
  arbitrum: 42161,
  optimism: 10,
  base: 8453,
  devnet: 31337,
} as const satisfies Record<ChainKey, number>;

/** Surface A's chains (spec), plus the embedded devnet. */
export const A_CHAINS = [
  'eth',
  'bsc',
  'polygon',
  'arbitrum',
  'optimism',
  'devnet',
] as const satisfies readonly ChainKey[];

/** Surface B's chains (spec), plus the embedded devnet. */
export const B_CHAINS = ['eth', 'base', 'bsc', 'devnet'] as const satisfies readonly ChainKey[];
