import { devnetFactsFromManifest, type DevnetChainFacts, type DevnetManifestLike } from '../../src/chain/devnet-facts';

/** The devnet's core contracts at the addresses its deploy script gives them (chain 31337). */
export const DEVNET_CORE_CONTRACTS = {
  WETH: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  Multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  UniswapV2Factory: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  UniswapV2Router02: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
};

/** A devnet manifest with the core contracts; `contracts` adds to them, the rest overrides. */
export function devnetManifest(overrides: Partial<DevnetManifestLike> = {}): DevnetManifestLike {
  return { chainId: 31337, ...overrides, contracts: { ...DEVNET_CORE_CONTRACTS, ...overrides.contracts } };
}

/** The chain facts of `devnetManifest(overrides)`. */
export function devnetChainFacts(overrides: Partial<DevnetManifestLike> = {}): DevnetChainFacts {
  return devnetFactsFromManifest(devnetManifest(overrides));
}
