/**
 * Compiles the clean-token benchmark (bench/clean-tokens/contracts/) and writes clean-tokens.json.
 *
 *   npx tsx bench/clean-tokens/build.ts        (or: npm run clean-tokens:build)
 *
 * One solc version can be loaded per process, so the parent spawns one child per compiler line
 * (`--child <package> <outFile>`, as many at once as there are cores); each child compiles its
 * files in-process with the npm `solc` package aliased for that line and writes its artifacts to a
 * temporary file.
 * The parent then checks the set (non-empty runtime code, unique names, >= 44 tokens, >= 4 compiler
 * lines, >= 15 decoys, every decoy present in the ABI, the ERC-20 surface present) and runs each
 * runtime code on empty storage in @ethereumjs/evm: a stranger's zero-value transfer must succeed,
 * also after address(0) (the owner of an empty-storage token) called every decoy with zero arguments.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeAbiParameters, encodeFunctionData, keccak256, parseAbiParameters, toHex, type Hex } from 'viem';
import { compilerPackageOf, TOKENS, type CompilerPackage, type TokenSpec } from './manifest';

const HERE = __dirname;
const CONTRACTS_DIR = join(HERE, 'contracts');
const OUT_FILE = join(HERE, 'clean-tokens.json');
const MIN_TOKENS = 44;
const MIN_COMPILER_LINES = 4;
const MIN_DECOYS = 15;

interface AbiParam {
  type: string;
  components?: AbiParam[];
}
interface AbiItem {
  type: string;
  name?: string;
  inputs?: AbiParam[];
}

interface ChildArtifact {
  name: string;
  code: string;
  signatures: string[];
  /** Creation code and ABI: not written to clean-tokens.json, kept for ad-hoc checks. */
  creation: string;
  abi: AbiItem[];
}
interface ChildResult {
  version: string;
  artifacts: ChildArtifact[];
  errors: string[];
}

export interface CleanTokenEntry {
  name: string;
  contract: string;
  file: string;
  compiler: string;
  optimizer: boolean;
  code: string;
  notes: string;
  decoys: string[];
}

interface Solc {
  version(): string;
  compile?(input: string): string;
  compileStandardWrapper?(input: string): string;
}

// ---------------------------------------------------------------- child: one compiler line

function canonicalType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  return `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`;
}

function settingsKey(t: TokenSpec): string {
  return JSON.stringify([t.optimizer, t.runs ?? 200, t.evmVersion ?? '', t.viaIR ?? false]);
}

function runChild(pkg: CompilerPackage, outFile: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require(pkg) as Solc;
  const version = solc.version().replace(/\.Emscripten.*$/, '');
  const mine = TOKENS.filter((t) => compilerPackageOf(t) === pkg);
  const groups = new Map<string, TokenSpec[]>();
  for (const t of mine) groups.set(settingsKey(t), [...(groups.get(settingsKey(t)) ?? []), t]);

  const result: ChildResult = { version, artifacts: [], errors: [] };
  for (const specs of groups.values()) {
    const first = specs[0];
    const sources: Record<string, { content: string }> = {};
    for (const t of specs) sources[t.file] = { content: readFileSync(join(CONTRACTS_DIR, t.file), 'utf8') };
    const settings: Record<string, unknown> = {
      optimizer: { enabled: first.optimizer, runs: first.runs ?? 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    };
    if (first.evmVersion) settings.evmVersion = first.evmVersion;
    if (first.viaIR) settings.viaIR = true;
    const input = JSON.stringify({ language: 'Solidity', sources, settings });
    const raw = solc.compileStandardWrapper ? solc.compileStandardWrapper(input) : solc.compile!(input);
    const output = JSON.parse(raw) as {
      errors?: { severity: string; formattedMessage?: string; message: string }[];
      contracts?: Record<
        string,
        Record<string, { abi: AbiItem[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
      >;
    };
    const fatal = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (fatal.length) {
      result.errors.push(...fatal.map((e) => e.formattedMessage ?? e.message));
      continue;
    }
    for (const t of specs) {
      const c = output.contracts?.[t.file]?.[t.contract];
      if (!c) {
        result.errors.push(`${t.name}: contract ${t.contract} not found in ${t.file}`);
        continue;
      }
      const signatures = c.abi
        .filter((i) => i.type === 'function' && i.name)
        .map((i) => `${i.name}(${(i.inputs ?? []).map(canonicalType).join(',')})`);
      result.artifacts.push({
        name: t.name,
        code: c.evm.deployedBytecode.object,
        signatures,
        creation: c.evm.bytecode.object,
        abi: c.abi,
      });
    }
  }
  writeFileSync(outFile, JSON.stringify(result));
}

// ---------------------------------------------------------------- parent: build and verify

function runChildProcess(pkg: CompilerPackage, outFile: string): Promise<void> {
  const tsxCli = require.resolve('tsx/cli');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, __filename, '--child', pkg, outFile], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`compiler child for ${pkg} exited with ${code}`)),
    );
  });
}

async function compileAll(): Promise<{ entries: CleanTokenEntry[]; signatures: Map<string, string[]> }> {
  const queue = [...new Set(TOKENS.map(compilerPackageOf))];
  const tmp = mkdtempSync(join(tmpdir(), 'clean-tokens-'));
  const byName = new Map<string, { version: string; artifact: ChildArtifact }>();
  const errors: string[] = [];
  try {
    const worker = async (): Promise<void> => {
      for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
        const outFile = join(tmp, `${pkg}.json`);
        await runChildProcess(pkg, outFile);
        const res = JSON.parse(readFileSync(outFile, 'utf8')) as ChildResult;
        console.log(`${pkg}: solc ${res.version}, ${res.artifacts.length} contracts`);
        errors.push(...res.errors);
        for (const a of res.artifacts) byName.set(a.name, { version: res.version, artifact: a });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, worker));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  if (errors.length) throw new Error(`compilation failed:\n${errors.join('\n')}`);

  const signatures = new Map<string, string[]>();
  const entries = TOKENS.map((t): CleanTokenEntry => {
    const built = byName.get(t.name);
    if (!built) throw new Error(`${t.name}: no artifact`);
    signatures.set(t.name, built.artifact.signatures);
    const settings = [
      `solc ${built.version}`,
      t.optimizer ? `optimizer runs ${t.runs ?? 200}` : 'optimizer off',
      t.evmVersion ? `evm ${t.evmVersion}` : 'default evm',
      ...(t.viaIR ? ['via-IR'] : []),
    ].join(', ');
    return {
      name: t.name,
      contract: t.contract,
      file: `bench/clean-tokens/contracts/${t.file}`,
      compiler: built.version,
      optimizer: t.optimizer,
      code: `0x${built.artifact.code}`,
      notes: `${t.notes} [${settings}]`,
      decoys: t.decoys,
    };
  });
  return { entries, signatures };
}

function verifyStatic(entries: CleanTokenEntry[], signatures: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) problems.push(`duplicate name ${e.name}`);
    names.add(e.name);
    if (!/^0x[0-9a-f]+$/.test(e.code) || e.code.length < 4) problems.push(`${e.name}: empty or unlinked code`);
    const sigs = signatures.get(e.name) ?? [];
    for (const d of e.decoys) if (!sigs.includes(d)) problems.push(`${e.name}: decoy ${d} is not in the ABI`);
    for (const need of [
      'balanceOf(address)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
      'approve(address,uint256)',
    ]) {
      if (!sigs.includes(need)) problems.push(`${e.name}: missing ${need}`);
    }
  }
  if (entries.length < MIN_TOKENS) problems.push(`only ${entries.length} tokens (< ${MIN_TOKENS})`);
  const lines = new Set(entries.map((e) => e.compiler.split('.').slice(0, 2).join('.')));
  if (lines.size < MIN_COMPILER_LINES) problems.push(`only ${lines.size} compiler lines (< ${MIN_COMPILER_LINES})`);
  const decoys = entries.reduce((n, e) => n + e.decoys.length, 0);
  if (decoys < MIN_DECOYS) problems.push(`only ${decoys} decoys (< ${MIN_DECOYS})`);
  return problems;
}

/** Zero-argument calldata for a canonical signature (tuples/arrays not needed by any decoy here). */
function zeroCall(signature: string): Hex {
  const selector = keccak256(toHex(signature)).slice(0, 10) as Hex;
  const params = signature.slice(signature.indexOf('(') + 1, -1);
  if (!params) return selector;
  const types = parseAbiParameters(params);
  const values = types.map((p) => {
    if (p.type === 'address') return '0x0000000000000000000000000000000000000000';
    if (p.type === 'bool') return false;
    if (p.type === 'string') return '';
    if (p.type === 'bytes') return '0x';
    if (p.type.startsWith('bytes')) return `0x${'00'.repeat(Number(p.type.slice(5)))}`;
    if (p.type.endsWith('[]')) return [];
    return 0n;
  });
  return `${selector}${encodeAbiParameters(types, values as never).slice(2)}` as Hex;
}

/** Runs each token's runtime code on empty storage, as the engine does. */
async function verifyDynamic(entries: CleanTokenEntry[]): Promise<string[]> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { Common, Hardfork, Mainnet } = require('@ethereumjs/common') as typeof import('@ethereumjs/common');
  const { createEVM } = require('@ethereumjs/evm') as typeof import('@ethereumjs/evm');
  const { SimpleStateManager } = require('@ethereumjs/statemanager') as typeof import('@ethereumjs/statemanager');
  const { createAddressFromString, hexToBytes } = require('@ethereumjs/util') as typeof import('@ethereumjs/util');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const token = createAddressFromString('0x00000000000000000000000000000000000c1ea0');
  const stranger = createAddressFromString('0x00000000000000000000000000000000c0ffee02');
  const zero = createAddressFromString('0x0000000000000000000000000000000000000000');
  const transfer0 = encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'transfer',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'v', type: 'uint256' },
        ],
        outputs: [],
      },
    ],
    functionName: 'transfer',
    args: ['0x00000000000000000000000000000000c0ffee01', 0n],
  });
  const problems: string[] = [];
  for (const e of entries) {
    const state = new SimpleStateManager();
    await state.putCode(token, hexToBytes(e.code as Hex));
    const evm = await createEVM({
      common: new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }),
      stateManager: state,
    });
    const call = async (caller: typeof zero, data: Hex) =>
      evm.runCall({ caller, to: token, data: hexToBytes(data), gasLimit: 5_000_000n, skipBalance: true });
    const before = await call(stranger, transfer0);
    if (before.execResult.exceptionError) problems.push(`${e.name}: zero transfer reverts on empty storage`);
    for (const d of e.decoys) await call(zero, zeroCall(d));
    const after = await call(stranger, transfer0);
    if (after.execResult.exceptionError)
      problems.push(`${e.name}: zero transfer reverts after the owner called the decoys`);
  }
  return problems;
}

async function main(): Promise<void> {
  const { entries, signatures } = await compileAll();
  const problems = [...verifyStatic(entries, signatures), ...(await verifyDynamic(entries))];
  if (problems.length) {
    console.error(problems.map((p) => `  - ${p}`).join('\n'));
    throw new Error(`${problems.length} problem(s) in the clean-token set`);
  }
  writeFileSync(OUT_FILE, `${JSON.stringify(entries, null, 2)}\n`);
  const compilers = [...new Set(entries.map((e) => e.compiler))];
  const decoys = entries.reduce((n, e) => n + e.decoys.length, 0);
  console.log(`wrote ${OUT_FILE}: ${entries.length} tokens, ${decoys} decoys, compilers ${compilers.join(', ')}`);
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  runChild(process.argv[childAt + 1] as CompilerPackage, process.argv[childAt + 2]);
} else if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
