import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import { STATIC_LIMITS, StorageLayoutCache } from './static-layer';
import { StorageLayouts, type RawStorageRecord } from './storage-layout';

/** slot 0: `value`, written by set(uint256) (0x60fe47b1) and read by value() (0x3fa4f245). */
const SMALL: Hex = compileOne(`
// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;
contract Small {
  uint256 public value;
  function set(uint256 v) external { value = v; }
}`);

/** The unlabelled corpus code evmole's storage analysis takes longest on: over a second. */
function slowCode(): Hex {
  const file = join(__dirname, '../../../../bench/corpus/bytecodes-unlabelled.jsonl.gz');
  const line = gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .find((l) => l.includes('0xb033d7796effc334c0d5e30210ebc1a336422fa5'));
  if (!line) throw new Error('the slow corpus code is missing');
  return (JSON.parse(line) as { code: Hex }).code;
}

describe('StorageLayouts', () => {
  let sut: StorageLayouts;

  beforeEach(() => {
    sut = new StorageLayouts({ idleMs: 60_000 });
  });

  afterEach(async () => {
    await sut.close();
  });

  it("answers evmole's layout: each slot with the functions that read and write it", async () => {
    const layout = await sut.layout(SMALL, 10_000);

    expect(layout).toEqual([
      { slot: '0'.repeat(64), offset: 0, type: 'uint256', reads: ['3fa4f245'], writes: ['60fe47b1'] },
    ]);
  });

  it("answers 'timeout' past the budget, and the next code is analysed by a fresh thread", async () => {
    const slow = await sut.layout(slowCode(), 1);
    const next = await sut.layout(SMALL, 10_000);

    expect(slow).toBe('timeout');
    expect(next).toHaveLength(1);
  });

  it('answers codes asked at once, each with its own layout', async () => {
    const [a, b] = await Promise.all([
      sut.layout(SMALL, 10_000),
      sut.layout('0x6080604052348015600f57600080fd5b50', 10_000),
    ]);

    expect(a).toHaveLength(1);
    expect(b).toEqual([]);
  });

  it('starts a thread again after close', async () => {
    await sut.layout(SMALL, 10_000);
    await sut.close();

    expect(await sut.layout(SMALL, 10_000)).toHaveLength(1);
  });
});

function compileOne(source: string): Hex {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'one.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const [contract] = Object.values(output.contracts['one.sol']);
  return `0x${contract.evm.deployedBytecode.object}`;
}

describe('StorageLayoutCache', () => {
  const record = { slot: '0'.repeat(64), offset: 0, type: 'uint256', reads: ['3fa4f245'], writes: ['60fe47b1'] };

  function cacheAnswering(...answers: Array<RawStorageRecord[] | null | 'timeout'>) {
    const thread = {
      layout: jest.fn(() => Promise.resolve(answers.shift() ?? null)),
      close: jest.fn(() => Promise.resolve()),
    };
    return { thread, sut: new StorageLayoutCache(STATIC_LIMITS, thread) };
  }

  it('keeps no layout that outran its budget: the next scan of the code asks again', async () => {
    const { thread, sut } = cacheAnswering('timeout', [record]);

    const first = await sut.layout(SMALL);
    const second = await sut.layout(SMALL);

    expect(first).toBeNull();
    expect(second).toEqual([{ slot: 0n, offset: 0, type: 'uint256', reads: ['0x3fa4f245'], writes: ['0x60fe47b1'] }]);
    expect(thread.layout).toHaveBeenCalledTimes(2);
  });

  it('keeps a layout and a failed analysis: one analysis per code', async () => {
    const { thread, sut } = cacheAnswering([record], null);

    await sut.layout(SMALL);
    await sut.layout(SMALL);
    await sut.layout('0x6080');
    await sut.layout('0x6080');

    expect(thread.layout).toHaveBeenCalledTimes(2);
  });

  it('analyses nothing when its budget is 0', async () => {
    const thread = { layout: jest.fn(), close: jest.fn() };
    const sut = new StorageLayoutCache({ ...STATIC_LIMITS, layoutMs: 0 }, thread);

    expect(await sut.layout(SMALL)).toBeNull();
    expect(thread.layout).not.toHaveBeenCalled();
  });
});
