/** Public API of the local devnet: start/reuse an anvil with a prebuilt token world. */
export { startDevnet, type DevnetHandle, type DevnetOptions } from './devnet';
export { anvilBinary } from './anvil';
export { readManifest } from './devnet-manifest';
export type {
  Address,
  CoreContracts,
  DevnetManifest,
  SourceRef,
  TokenEntry,
  TokenLabel,
  TokenLabels,
  WalletEntry,
  WalletRole,
} from './devnet-manifest';
export { compileContracts, COMPILER_SETTINGS, UNPUBLISHED_DIR, type CompileResult, type CompiledContract } from './compile';
export { worldFingerprint } from './fingerprint';
export { MULTICALL3_ADDRESS } from './world/deploy';
export { CHAIN_ID } from './world/build';
