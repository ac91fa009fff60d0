/** Public API of the local devnet: start/reuse an anvil with a prebuilt token world. */
export { startDevnet, type DevnetHandle, type DevnetOptions } from './devnet';
export { anvilBinary } from './anvil';
export { readManifest } from './devnet-manifest';
export {
  readSocialPosts,
  socialPostsFor,
  type SocialLinks,
  type SocialPost,
  type SocialPostSet,
  type TokenSocial,
} from './devnet-social';
export type {
  Address,
  BackdoorAuthorityKind,
  BackdoorEntry,
  BackdoorLabel,
  BackdoorPower,
  CoreContracts,
  DevnetManifest,
  ReferencePool,
  SourceRef,
  TokenEntry,
  TokenLabel,
  TokenLabels,
  VenueLabel,
  VenuePool,
  VenuesSection,
  VenueTokenEntry,
  WalletEntry,
  WalletRole,
} from './devnet-manifest';
export {
  compileContracts,
  COMPILER_SETTINGS,
  UNPUBLISHED_DIR,
  type CompileResult,
  type CompiledContract,
} from './compile';
export { worldFingerprint } from './fingerprint';
export { MULTICALL3_ADDRESS } from './world/deploy';
export { CHAIN_ID } from './world/build';
