import type { Abi, Address, Hex } from 'viem';
import type { Labels } from '../detection/evaluate';

/**
 * One row of a source corpus (gzip JSON lines): the format of ../shared/corpus/sources-dev.jsonl.gz
 * and of our own bench/corpus/modern.jsonl.gz.
 */
export interface SourceRow {
  address: Address;
  /** The runtime code as deployed (mainnet's, or our own compile for the modern set). */
  code: Hex;
  /** One flattened Solidity file. */
  source: string;
  /** Its `pragma solidity` version expression, or null when the file has none. */
  pragma: string | null;
  labels: Labels;
  label_source: string;
  /** Our own rows only: the finding kinds we expect (the vocabulary of src/analysis/contract/engine/findings.ts). */
  expected_kinds?: string[];
  /** Our own rows only: a short name. */
  name?: string;
}

/** The steps a row goes through; a row that fails names the step and why. */
export type Step = 'read' | 'compile' | 'match' | 'deploy' | 'launch' | 'scan';

export interface RowFailure {
  step: Step;
  reason: string;
}

/** How closely our compile reproduces the deployed runtime code. */
export type MatchQuality = 'exact' | 'no-metadata' | 'closest';

export interface CompiledRow {
  /** The solc version used, e.g. '0.4.24'. */
  version: string;
  optimizer: { enabled: boolean; runs: number };
  /** The contract whose runtime code matched. */
  contract: string;
  abi: Abi;
  /** Creation code (constructor arguments not appended). */
  bytecode: Hex;
  deployedBytecode: Hex;
  match: MatchQuality;
  /** 1 for exact and no-metadata; for closest, the share of the deployed code's bytes reproduced (0..1). */
  similarity: number;
}

export type CompileOutcome = { ok: true; compiled: CompiledRow } | { ok: false; failure: RowFailure };

/** A token as deployed on the eval chain. */
export interface DeployedRow {
  token: Address;
  /** Who deployed it: the owner, for the launch. */
  deployer: Address;
  /** The constructor arguments synthesized from the ABI, as text for the report. */
  constructorArgs: string[];
}

export interface TradeResult {
  wallet: Address;
  action: 'buy' | 'sell' | 'transfer';
  ok: boolean;
  /** The revert reason or error when !ok. */
  reason?: string;
}

export interface LaunchedRow {
  /** The WETH pair, when one exists (created by the token or by us). */
  pair: Address | null;
  /** The owner's calls the launch made after adding liquidity (e.g. 'enableTrading()'); empty when buys worked at once. */
  launchCalls: string[];
  trades: TradeResult[];
}
