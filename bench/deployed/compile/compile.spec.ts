/**
 * Compile-and-match stage, with the installed compilers only (solc 0.8.37 and solc-0.4 = 0.4.26):
 * downloads are off (and never happen under Jest), the soljson and compile caches are temporary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import type { CompileOutcome, CompiledRow, SourceRow } from '../types';
import { compileRows, rowCandidates, sourcePragmas, type CompileRowsOptions } from './compile-rows';
import { compareCode, normalisePair, similarity, stripMetadata } from './match';
import { candidateVersions, codeHints, normalisePragma } from './solc-builds';

const TOKEN_04 = `pragma solidity 0.4.26;
contract Token {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;
    address public owner;
    constructor(uint256 supply) public { owner = msg.sender; totalSupply = supply; balanceOf[msg.sender] = supply; }
    function transfer(address to, uint256 value) public returns (bool) {
        require(balanceOf[msg.sender] >= value);
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
`;

const OTHER_04 = `pragma solidity 0.4.26;
contract Other {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;
    address public owner;
    bool public paused;
    constructor(uint256 supply) public { owner = msg.sender; totalSupply = supply; balanceOf[msg.sender] = supply; }
    function transfer(address to, uint256 value) public returns (bool) {
        require(!paused && balanceOf[msg.sender] >= value);
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
    function pause() public { require(msg.sender == owner); paused = true; }
}
`;

const IMMUTABLE_08 = `// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.37;
interface IERC20 { function totalSupply() external view returns (uint256); }
contract Capped {
    address public immutable owner;
    uint256 public immutable cap;
    constructor(uint256 c) { owner = msg.sender; cap = c; }
    function room(uint256 used) external view returns (uint256) { return cap - used; }
}
`;

const BROKEN_04 = `pragma solidity 0.4.26;
contract Broken { function f() public { uint x = ; } }
`;

let n = 0;
function row(source: string, pragma: string | null, code: string): SourceRow {
  n++;
  return {
    address: `0x${n.toString(16).padStart(40, '0')}`,
    code: code as Hex,
    source,
    pragma,
    labels: { mint: null, leak: null, limit: null },
    label_source: 'test',
  };
}

function compiled(outcome: CompileOutcome | undefined): CompiledRow {
  if (!outcome?.ok) throw new Error(`expected a compile, got ${JSON.stringify(outcome)}`);
  return outcome.compiled;
}

function failure(outcome: CompileOutcome | undefined): string {
  if (!outcome || outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  expect(outcome.failure.step).toBe('compile');
  return outcome.failure.reason;
}

describe('candidateVersions', () => {
  it('orders the floor first, then the newest, then the rest ascending', () => {
    expect(candidateVersions('^0.4.24')).toEqual(['0.4.24', '0.4.26', '0.4.25']);
    expect(candidateVersions('^ 0.4.11').slice(0, 3)).toEqual(['0.4.11', '0.4.26', '0.4.13']);
    expect(candidateVersions('0.4.18')).toEqual(['0.4.18']);
    expect(candidateVersions('>=0.4.22 <0.6.0').slice(0, 3)).toEqual(['0.4.22', '0.5.17', '0.4.23']);
    expect(normalisePragma('>= 0.4.22 < 0.6.0')).toBe('>=0.4.22 <0.6.0');
  });

  it('gives a default list without a pragma and none for a pragma no build satisfies', () => {
    expect(candidateVersions(null)).toEqual(expect.arrayContaining(['0.4.24', '0.4.25', '0.4.26', '0.5.17']));
    expect(candidateVersions('^0.3.0')).toEqual([]);
    expect(candidateVersions('>=0.9.0')).toEqual([]);
    expect(candidateVersions('not a range')).toEqual([]);
  });

  it('intersects every pragma of a flattened file and puts releases that fit the code first', () => {
    const source =
      'pragma solidity ^0.4.15;\n// pragma solidity ^0.4.99;\ncontract A {}\npragma solidity ^0.4.18;\ncontract B { string s = "// x"; }';
    expect(sourcePragmas(source)).toEqual(['^0.4.15', '^0.4.18']);
    const bzzr0 = `00a165627a7a72305820${'11'.repeat(32)}0029`;
    expect(candidateVersions('^0.4.15 ^0.4.18').slice(0, 3)).toEqual(['0.4.18', '0.4.26', '0.4.19']);
    // a 0x60 free-memory pointer and bzzr0 metadata: 0.4.7 to 0.4.21
    expect(rowCandidates({ pragma: '^0.4.15', source, code: `0x6060604052${bzzr0}` }).slice(0, 5)).toEqual([
      '0.4.18',
      '0.4.19',
      '0.4.20',
      '0.4.21',
      '0.4.26',
    ]);
    // 0x80: 0.4.22 on
    expect(rowCandidates({ pragma: '^0.4.15', source, code: `0x6080604052${bzzr0}` }).slice(0, 3)).toEqual([
      '0.4.26',
      '0.4.22',
      '0.4.23',
    ]);
    expect(codeHints(`0x6080${'00'.repeat(10)}a265627a7a72315820${'11'.repeat(32)}64736f6c634300050c0032`)).toEqual({
      exact: '0.5.12',
    });
  });
});

describe('match', () => {
  const h1 = 'ab'.repeat(32);
  const h2 = 'cd'.repeat(32);
  const child = `6080604052600080fd00a165627a7a72305820${h1}0029`;
  const code04 = `60806040526004361060${child}a165627a7a72305820${h2}0029`;

  it('zeroes every bzzr0 hash, embedded sub-contract metadata included', () => {
    const stripped = stripMetadata(`0x${code04}`);
    expect(stripped).toHaveLength(code04.length);
    expect(stripped).not.toContain(h1);
    expect(stripped).not.toContain(h2);
    expect(stripped.startsWith('60806040526004361060')).toBe(true);
  });

  it('zeroes the 0.5 bzzr1 hash but keeps the compiler version', () => {
    const code05 = `6080604052600080fd00a265627a7a72315820${h1}64736f6c634300050c0032`;
    const stripped = stripMetadata(code05);
    expect(stripped).not.toContain(h1);
    expect(stripped.endsWith('64736f6c634300050c0032')).toBe(true);
    expect(compareCode(code05, code05.replace(h1, h2))).toBe('no-metadata');
    expect(compareCode(code05, code05.replace('00050c', '00050d'))).toEqual(expect.any(Number));
  });

  it('neutralises library placeholders against the deployed bytes', () => {
    const lib = 'de'.repeat(20);
    const ours = `6080604052${'73'}__$${'0'.repeat(34)}$__6000f3`;
    const ours04 = `6080604052${'73'}${'__Token.sol:SafeMath'.padEnd(40, '_')}6000f3`;
    const theirs = `6080604052${'73'}${lib}6000f3`;
    expect(normalisePair(ours, theirs).ours).toBe(theirs);
    expect(compareCode(ours, theirs)).toBe('no-metadata');
    expect(compareCode(ours04, theirs)).toBe('no-metadata');
  });

  it('scores different code below 1', () => {
    expect(similarity(code04, code04)).toBe(1);
    const s = compareCode(code04, code04.replace('6004361060', '6005361060'));
    expect(typeof s === 'number' && s < 1 && s > 0.5).toBe(true);
  });
});

describe('compileRows (installed solc 0.4.26 and 0.8.37, in worker processes)', () => {
  let dir: string;
  let opts: CompileRowsOptions;
  let token: CompiledRow;
  let other: CompiledRow;
  let capped: CompiledRow;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-spec-'));
    opts = {
      cacheDir: join(dir, 'compiles'),
      solcCacheDir: join(dir, 'solc'),
      allowDownload: false,
      workers: 2,
      lateRuns: false,
    };
    // Our own compiles, obtained through the stage itself: against a dummy code they come back as 'closest'.
    const seed = [
      row(TOKEN_04, '0.4.26', '0x6000'),
      row(OTHER_04, '0.4.26', '0x6000'),
      row(IMMUTABLE_08, '0.8.37', '0x6000'),
    ];
    const out = await compileRows(seed, opts);
    [token, other, capped] = seed.map((r) => compiled(out.get(r.address.toLowerCase())));
    expect(token.contract).toBe('Token');
    expect(capped.contract).toBe('Capped');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('matches exact, no-metadata, closest, immutables and reports failures as values', async () => {
    const code = token.deployedBytecode.slice(2);
    const hashAt = code.lastIndexOf('65627a7a72305820') + 16;
    const rehashed = `0x${code.slice(0, hashAt)}${'42'.repeat(32)}${code.slice(hashAt + 64)}`;
    // the deployed Capped: its constructor wrote owner and cap where our runtime code has PUSH32 0
    const zeroPush = `7f${'0'.repeat(64)}`;
    expect(capped.deployedBytecode.split(zeroPush).length - 1).toBeGreaterThanOrEqual(2);
    const deployedCapped = capped.deployedBytecode
      .replace(zeroPush, `7f${'0'.repeat(24)}${'ab'.repeat(20)}`)
      .replace(zeroPush, `7f${1000n.toString(16).padStart(64, '0')}`);

    const rows = {
      exact: row(TOKEN_04, '0.4.26', token.deployedBytecode),
      noMetadata: row(TOKEN_04, '0.4.26', rehashed),
      closest: row(TOKEN_04, '0.4.26', other.deployedBytecode),
      immutables: row(IMMUTABLE_08, '0.8.37', deployedCapped),
      broken: row(BROKEN_04, '0.4.26', token.deployedBytecode),
      ancient: row('pragma solidity ^0.3.0; contract A {}', '^0.3.0', '0x6000'),
      future: row('pragma solidity >=0.9.0; contract A {}', '>=0.9.0', '0x6000'),
      noSource: row('', '0.4.26', '0x6000'),
    };
    const progress: number[] = [];
    const started = Date.now();
    const out = await compileRows(Object.values(rows), { ...opts, onProgress: (done) => progress.push(done) });
    const get = (r: SourceRow) => out.get(r.address.toLowerCase());

    expect(compiled(get(rows.exact))).toMatchObject({
      match: 'exact',
      similarity: 1,
      version: '0.4.26',
      contract: 'Token',
      optimizer: { enabled: true, runs: 200 },
    });
    expect(compiled(get(rows.exact)).bytecode).toMatch(/^0x[0-9a-f]+$/);
    expect(compiled(get(rows.noMetadata))).toMatchObject({ match: 'no-metadata', similarity: 1, contract: 'Token' });
    const closest = compiled(get(rows.closest));
    expect(closest.match).toBe('closest');
    expect(closest.similarity).toBeGreaterThan(0.3);
    expect(closest.similarity).toBeLessThan(1);
    expect(compiled(get(rows.immutables))).toMatchObject({
      match: 'no-metadata',
      version: '0.8.37',
      contract: 'Capped',
    });
    expect(failure(get(rows.broken))).toMatch(/ParserError|Expected/);
    expect(failure(get(rows.ancient))).toContain('^0.3.0');
    expect(failure(get(rows.future))).toContain('>=0.9.0');
    expect(failure(get(rows.noSource))).toBe('row has no source');
    expect(out.size).toBe(Object.keys(rows).length);
    expect(progress[progress.length - 1]).toBe(Object.keys(rows).length);
    // all but the broken source came from the compile cache
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('abandons a compile that takes too long and restarts the worker for the next one', async () => {
    const r = row(
      OTHER_04.replace('bool public paused;', 'bool public paused; uint256 public extra;'),
      '0.4.26',
      token.deployedBytecode,
    );
    const attempts: string[] = [];
    const out = await compileRows([r], {
      ...opts,
      jobTimeoutMs: 1,
      onAttempt: (_a, _v, _s, _f, outcome) => attempts.push(outcome),
    });
    expect(failure(out.get(r.address.toLowerCase()))).toBe('compile timed out');
    // both settings were tried, each by a fresh worker
    expect(attempts).toEqual(['failed: compile timed out', 'failed: compile timed out']);
  });

  it('reports a release it cannot load (downloads off) as the failure', async () => {
    const r = row(TOKEN_04.replace('0.4.26', '0.4.25'), '0.4.25', token.deployedBytecode);
    const out = await compileRows([r], opts);
    expect(failure(out.get(r.address.toLowerCase()))).toMatch(/0\.4\.25.*downloads are off/);
  });
});
