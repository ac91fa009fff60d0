/**
 * Compiles the modern-token set (bench/modern-tokens/contracts/) and writes
 * bench/corpus/modern.jsonl.gz: one SourceRow (bench/deployed/types.ts) per token.
 *
 *   npx tsx bench/modern-tokens/build.ts        (or: npm run modern-tokens:build)
 *
 * Every file is compiled with the installed npm `solc` (standard JSON, default evmVersion), in
 * two batches: optimizer on (200 runs) and optimizer off, as the manifest says. The build fails
 * loudly on any compile error and on any inconsistency of the set (see checkSet()).
 * check.ts reuses compileModernTokens() to deploy the tokens on a local chain.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Abi, AbiParameter, Address, Hex } from 'viem';
import { FINDING_KINDS, flagOf, type FindingKind } from '../../src/analysis/contract/engine/findings';
import type { SourceRow } from '../deployed/types';
import { TOKENS, type ModernToken } from './manifest';

const HERE = __dirname;
export const CONTRACTS_DIR = join(HERE, 'contracts');
const OUT_FILE = join(HERE, '..', 'corpus', 'modern.jsonl.gz');
const MIN_SCAM = 30;
const MIN_CLEAN = 20;
/** The compiler every pragma must accept (the installed npm solc). */
const SOLC_MINOR = 8;
const SOLC_PATCH = 37;

export interface CompiledToken {
  token: ModernToken;
  source: string;
  pragma: string | null;
  abi: Abi;
  /** Creation code (no constructor arguments). */
  bytecode: Hex;
  deployedBytecode: Hex;
  /** ABIs of every contract in the file (helpers such as a ledger or fee processor). */
  fileAbis: Record<string, Abi>;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage?: string; message: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm?: { bytecode?: { object: string }; deployedBytecode?: { object: string } } }>
  >;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

export function pragmaOf(source: string): string | null {
  const m = /pragma\s+solidity\s+([^;]+);/.exec(source);
  return m ? m[1].trim() : null;
}

/** Whether 0.8.<SOLC_PATCH> satisfies the pragma (the forms used here: ^0.8.x, >=0.8.x <0.9.0, 0.8.x). */
export function pragmaAccepts(pragma: string): boolean {
  const parts = pragma.split(/\s+/).filter(Boolean);
  return parts.every((p) => {
    const m = /^(\^|>=|<=|>|<|=)?0\.(\d+)\.(\d+)$/.exec(p);
    if (!m) return false;
    const op = m[1] ?? '=';
    const cmp =
      Number(m[2]) !== SOLC_MINOR ? Math.sign(SOLC_MINOR - Number(m[2])) : Math.sign(SOLC_PATCH - Number(m[3]));
    switch (op) {
      case '^':
        return Number(m[2]) === SOLC_MINOR && cmp >= 0;
      case '>=':
        return cmp >= 0;
      case '>':
        return cmp > 0;
      case '<=':
        return cmp <= 0;
      case '<':
        return cmp < 0;
      default:
        return cmp === 0;
    }
  });
}

function readSource(t: ModernToken): string {
  return readFileSync(join(CONTRACTS_DIR, t.file), 'utf8');
}

function sourcesHash(): string {
  const h = createHash('sha256');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  h.update((require('solc/package.json') as { version: string }).version);
  for (const t of TOKENS) h.update(`\0${t.name}\0${t.file}\0${t.contract}\0${t.optimizer}\0${readSource(t)}`);
  return h.digest('hex');
}

/**
 * Compiles every token. With a cacheDir (check.ts), an unchanged set is read back from
 * `<cacheDir>/<hash>.json` instead of recompiled; the build itself always compiles.
 */
export function compileModernTokens(cacheDir?: string): CompiledToken[] {
  const cacheFile = cacheDir ? join(cacheDir, `${sourcesHash()}.json`) : undefined;
  if (cacheFile && existsSync(cacheFile)) {
    // The hash covers what compiles (files, contracts, settings); the manifest entry is re-read.
    const byName = new Map(TOKENS.map((t) => [t.name, t]));
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledToken[];
    return cached.map((c) => ({ ...c, token: byName.get(c.token.name)! }));
  }

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as Solc;
  const errors: string[] = [];
  const out: CompiledToken[] = [];
  for (const optimizer of [true, false]) {
    const batch = TOKENS.filter((t) => t.optimizer === optimizer);
    if (!batch.length) continue;
    const sources: Record<string, { content: string }> = {};
    const selection: Record<string, Record<string, string[]>> = {};
    for (const t of batch) {
      sources[t.file] = { content: readSource(t) };
      selection[t.file] = { '*': ['abi'], [t.contract]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] };
    }
    const input = {
      language: 'Solidity',
      sources,
      // Default evmVersion on purpose: the compiler's own default, as most deployers use.
      settings: { optimizer: { enabled: optimizer, runs: 200 }, outputSelection: selection },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
    const fatal = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (fatal.length) {
      errors.push(...fatal.map((e) => e.formattedMessage ?? e.message));
      continue;
    }
    for (const t of batch) {
      const byName = output.contracts?.[t.file] ?? {};
      const c = byName[t.contract];
      const bytecode = c?.evm?.bytecode?.object;
      const deployed = c?.evm?.deployedBytecode?.object;
      if (!c || !bytecode || !deployed) {
        errors.push(`${t.name}: contract ${t.contract} has no bytecode in ${t.file}`);
        continue;
      }
      const source = sources[t.file].content;
      out.push({
        token: t,
        source,
        pragma: pragmaOf(source),
        abi: c.abi,
        bytecode: `0x${bytecode}`,
        deployedBytecode: `0x${deployed}`,
        fileAbis: Object.fromEntries(Object.entries(byName).map(([name, x]) => [name, x.abi])),
      });
    }
  }
  if (errors.length) throw new Error(`compilation failed:\n${errors.join('\n')}`);
  const order = new Map(TOKENS.map((t, i) => [t.name, i]));
  out.sort((a, b) => order.get(a.token.name)! - order.get(b.token.name)!);
  if (cacheDir && cacheFile) {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(out));
    renameSync(tmp, cacheFile);
  }
  return out;
}

// ---------------------------------------------------------------- constructor arguments

export const MAINNET_ROUTER: Address = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const SUPPLY_NAMES = new Set(['supply', 'totalsupply', 'initialsupply', 'amount']);

/**
 * Constructor arguments synthesized from parameter names, the way the deployed harness does:
 * strings (name/symbol) get text, uint8/decimals 18, supply-like uints 1e27, router the mainnet
 * router, any other address the deployer. Throws on a parameter the rules do not cover.
 */
export function constructorArgs(abi: Abi, deployer: Address, label: string): unknown[] {
  const ctor = abi.find((i) => i.type === 'constructor') as { inputs: readonly AbiParameter[] } | undefined;
  return (ctor?.inputs ?? []).map((p) => {
    const key = (p.name ?? '').replace(/^_+|_+$/g, '').toLowerCase();
    if (p.type === 'string') {
      if (key.includes('symbol'))
        return (
          label
            .replace(/[^a-z]/gi, '')
            .slice(0, 6)
            .toUpperCase() || 'TKN'
        );
      if (key.includes('name')) return `${label} token`;
      throw new Error(`${label}: string constructor parameter '${p.name}' is neither name nor symbol`);
    }
    if (p.type === 'uint8' || key === 'decimals') return 18;
    if (p.type.startsWith('uint') && SUPPLY_NAMES.has(key)) return 10n ** 27n;
    if (p.type === 'address') return key.includes('router') ? MAINNET_ROUTER : deployer;
    throw new Error(`${label}: constructor parameter '${p.type} ${p.name}' cannot be synthesized from its name`);
  });
}

// ---------------------------------------------------------------- set checks

function checkSet(compiled: CompiledToken[]): string[] {
  const problems: string[] = [];
  const kinds = new Set<string>(FINDING_KINDS);
  const names = new Set<string>();
  const files = new Set<string>();
  for (const c of compiled) {
    const t = c.token;
    if (names.has(t.name)) problems.push(`duplicate name ${t.name}`);
    names.add(t.name);
    if (files.has(t.file)) problems.push(`${t.name}: file ${t.file} used twice`);
    files.add(t.file);
    if (!/^0x[0-9a-f]{200,}$/.test(c.deployedBytecode)) problems.push(`${t.name}: empty or unlinked runtime code`);
    if (!c.source.startsWith('// SPDX-License-Identifier: MIT'))
      problems.push(`${t.name}: missing the MIT licence header`);
    if (/^\s*import\s/m.test(c.source)) problems.push(`${t.name}: has an import (files must be flattened)`);
    if (!c.pragma) problems.push(`${t.name}: no pragma`);
    else if (!pragmaAccepts(c.pragma)) problems.push(`${t.name}: pragma ${c.pragma} does not accept 0.8.${SOLC_PATCH}`);
    for (const k of t.expected_kinds) if (!kinds.has(k)) problems.push(`${t.name}: unknown kind ${k}`);
    const flags = [t.labels.mint, t.labels.leak, t.labels.limit];
    if (flags.some((f) => typeof f !== 'boolean')) problems.push(`${t.name}: every label must be true or false`);
    if (t.style === 'clean') {
      if (flags.some(Boolean)) problems.push(`${t.name}: clean token with a true flag`);
      if (t.expected_kinds.length) problems.push(`${t.name}: clean token with expected kinds`);
    } else if (t.style === 'scam') {
      if (!flags.some(Boolean) && !t.expected_kinds.length)
        problems.push(`${t.name}: scam with no true flag and no expected kind`);
      // Labels and kinds must agree: a kind of flag X needs label X, and a true label needs a kind.
      for (const flag of ['mint', 'leak', 'limit'] as const) {
        const hasKind = t.expected_kinds.some((k) => kinds.has(k) && flagOf(k as FindingKind) === flag);
        if (hasKind && !t.labels[flag])
          problems.push(`${t.name}: a ${flag} kind is expected but labels.${flag} is false`);
        if (!hasKind && t.labels[flag])
          problems.push(`${t.name}: labels.${flag} is true but no ${flag} kind is expected`);
      }
    } else {
      problems.push(`${t.name}: unknown style ${String(t.style)}`);
    }
    for (const call of t.launch) {
      if (!/^\w+\((bool)?\)$/.test(call))
        problems.push(`${t.name}: launch call ${call} must take no argument or one bool`);
      const fn = c.abi.find(
        (i) => i.type === 'function' && `${i.name}(${i.inputs.map((x) => x.type).join(',')})` === call,
      );
      if (!fn) problems.push(`${t.name}: launch call ${call} is not in the ABI`);
    }
    if (t.launch.length > 3) problems.push(`${t.name}: more than three launch calls`);
    try {
      constructorArgs(c.abi, '0x000000000000000000000000000000000000dEaD', t.name);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  for (const f of readdirSync(CONTRACTS_DIR))
    if (f.endsWith('.sol') && !files.has(f)) problems.push(`contracts/${f} is not in the manifest`);
  const scams = compiled.filter((c) => c.token.style === 'scam').length;
  const cleans = compiled.filter((c) => c.token.style === 'clean').length;
  if (scams < MIN_SCAM) problems.push(`only ${scams} scam tokens (< ${MIN_SCAM})`);
  if (cleans < MIN_CLEAN) problems.push(`only ${cleans} clean tokens (< ${MIN_CLEAN})`);
  return problems;
}

/** A synthetic, unique address per row: 0x0de7 then the 1-based index, zero-padded. */
export function syntheticAddress(index: number): Address {
  return `0x0de7${String(index + 1).padStart(36, '0')}` as Address;
}

function toRow(c: CompiledToken, index: number): SourceRow {
  return {
    address: syntheticAddress(index),
    code: c.deployedBytecode,
    source: c.source,
    pragma: c.pragma,
    labels: { ...c.token.labels },
    label_source: `modern:${c.token.style}`,
    expected_kinds: [...c.token.expected_kinds],
    name: c.token.name,
  };
}

function main(): void {
  const started = Date.now();
  const compiled = compileModernTokens();
  const problems = checkSet(compiled);
  if (compiled.length !== TOKENS.length) problems.push(`compiled ${compiled.length} of ${TOKENS.length} tokens`);
  if (problems.length) {
    console.error(problems.map((p) => `  - ${p}`).join('\n'));
    throw new Error(`${problems.length} problem(s) in the modern-token set`);
  }
  const rows = compiled.map(toRow);
  writeFileSync(OUT_FILE, gzipSync(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`));
  const scams = rows.filter((r) => r.label_source === 'modern:scam').length;
  const noOpt = TOKENS.filter((t) => !t.optimizer).map((t) => t.name);
  console.log(
    `wrote ${OUT_FILE}: ${rows.length} tokens (${scams} scam, ${rows.length - scams} clean), ` +
      `optimizer off for ${noOpt.length} (${noOpt.join(', ')}), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
