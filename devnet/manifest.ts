/**
 * The DevnetManifest type and its reader. Re-exported from devnet-manifest.ts because a module
 * named `manifest` sits next to manifest.json: Node's own resolver (used by e.g. Jest global
 * setup transforms) tries `.json` before `.ts`, so code inside devnet/ imports
 * './devnet-manifest' and other code should import from 'devnet' (index.ts).
 */
export * from './devnet-manifest';
