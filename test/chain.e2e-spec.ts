import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { parseAbi, type Address, type BaseError } from 'viem';
import { socketClientCache } from 'viem/utils';
import { ChainRegistry } from '../src/chain/chain-registry';
import { ChainUnavailableError, throwIfTransportFailed, withChainErrors } from '../src/chain/chain.errors';
import { MULTICALL3_ADDRESS } from '../src/chain/chain-facts';
import { devnetFactsFromManifest } from '../src/chain/devnet-facts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const solc = require('solc') as { compile(input: string): string };

const ANVIL = join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
const TIMEOUT_MS = 1_000;
const NO_CODE: Address = '0x00000000000000000000000000000000DeaDBeef';
const erc20 = parseAbi(['function name() view returns (string)', 'function decimals() view returns (uint8)']);
const multicallAbi = parseAbi(['function getBlockNumber() view returns (uint256)']);

/** The part of Multicall3 viem uses (aggregate3, getEthBalance) plus getBlockNumber, compiled here so plain anvil can host it. */
const MULTICALL3_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Multicall3 {
  struct Call3 { address target; bool allowFailure; bytes callData; }
  struct Result { bool success; bytes returnData; }
  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i = 0; i < calls.length; i++) {
      (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
      require(ok || calls[i].allowFailure, "Multicall3: call failed");
      returnData[i] = Result(ok, ret);
    }
  }
  function getBlockNumber() external view returns (uint256) { return block.number; }
  function getEthBalance(address addr) external view returns (uint256) { return addr.balance; }
}`;

function multicall3RuntimeCode(): string {
  const input = {
    language: 'Solidity',
    sources: { 'Multicall3.sol': { content: MULTICALL3_SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  return '0x' + output.contracts['Multicall3.sol'].Multicall3.evm.deployedBytecode.object;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function rawRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

async function startAnvil(port: number): Promise<ChildProcess> {
  const child = spawn(ANVIL, ['--port', String(port), '--silent'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await rawRpc(url, 'eth_chainId').catch(() => undefined)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`anvil did not start on port ${port}`);
}

async function stopAnvil(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A TCP server that accepts connections and never answers: the worst kind of dead node. */
async function startBlackhole(): Promise<{ url: string; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, sockets };
}

const originalFetch = globalThis.fetch;

/** Records every JSON-RPC body viem sends, to see batching on the wire. */
function spyOnRpcBodies(): { bodies: unknown[]; restore: () => void } {
  const bodies: unknown[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return originalFetch(input, init);
  });
  return { bodies, restore: () => spy.mockRestore() };
}

describe('chain access against a real anvil', () => {
  let anvil: ChildProcess | undefined;
  let port: number;
  let anvilUrl: string;
  let deadUrl: string;
  let sut: ChainRegistry;

  beforeAll(async () => {
    port = await freePort();
    anvilUrl = `http://127.0.0.1:${port}`;
    deadUrl = `http://127.0.0.1:${await freePort()}`;
    anvil = await startAnvil(port);
    await rawRpc(anvilUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, multicall3RuntimeCode()]);
    await rawRpc(anvilUrl, 'evm_mine');
    const devnetFacts = devnetFactsFromManifest({
      chainId: 31337,
      contracts: {
        WETH: NO_CODE,
        USDC: NO_CODE,
        Multicall3: MULTICALL3_ADDRESS,
        UniswapV2Factory: NO_CODE,
        UniswapV2Router02: NO_CODE,
      },
    });
    sut = new ChainRegistry({
      config: { rpcUrls: { bsc: [deadUrl, anvilUrl] }, rpcTimeoutMs: TIMEOUT_MS, devnetRpcUrl: anvilUrl },
      devnetFacts,
    });
  });

  afterAll(async () => {
    sut?.close();
    await stopAnvil(anvil);
  });

  it('reads through the devnet-served eth chain', async () => {
    const { client, facts, servedByDevnet } = sut.get('eth');
    expect(servedByDevnet).toBe(true);
    expect(await client.getChainId()).toBe(facts.chainId);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
  });

  it('sends concurrent requests as one JSON-RPC batch', async () => {
    const { client } = sut.get('devnet');
    const spy = spyOnRpcBodies();
    try {
      const [block, chainId, code] = await Promise.all([
        client.getBlockNumber({ cacheTime: 0 }),
        client.getChainId(),
        client.getCode({ address: NO_CODE }),
      ]);
      expect([block, chainId, code]).toEqual([1n, 31337, undefined]);
    } finally {
      spy.restore();
    }
    expect(spy.bodies).toHaveLength(1);
    expect((spy.bodies[0] as { method: string }[]).map((b) => b.method).sort()).toEqual([
      'eth_blockNumber',
      'eth_chainId',
      'eth_getCode',
    ]);
  });

  it('finds Multicall3 deployed where it is', async () => {
    await expect(sut.healthCheck('devnet')).resolves.toMatchObject({ status: 'operational', multicall3: 'deployed' });
  });

  it('folds concurrent contract reads into one Multicall3 eth_call', async () => {
    const { client } = sut.get('devnet');
    const spy = spyOnRpcBodies();
    try {
      const reads = [0, 1, 2].map(() =>
        client.readContract({ address: MULTICALL3_ADDRESS, abi: multicallAbi, functionName: 'getBlockNumber' }),
      );
      expect(await Promise.all(reads)).toEqual([1n, 1n, 1n]);
    } finally {
      spy.restore();
    }
    const calls = spy.bodies.flat() as { method: string; params: [{ to: string }] }[];
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('eth_call');
    expect(calls[0].params[0].to.toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
  });

  it('returns clean per-call failures for an address with no contract', async () => {
    const { client } = sut.get('eth');
    const results = await client.multicall({
      allowFailure: true,
      contracts: [
        { address: NO_CODE, abi: erc20, functionName: 'name' },
        { address: NO_CODE, abi: erc20, functionName: 'decimals' },
        { address: MULTICALL3_ADDRESS, abi: multicallAbi, functionName: 'getBlockNumber' },
      ],
    });
    expect(results.map((r) => r.status)).toEqual(['failure', 'failure', 'success']);
    expect(
      (results[0].error as BaseError).walk((e) => (e as Error).name === 'ContractFunctionZeroDataError'),
    ).toBeTruthy();
    expect(results[2].result).toBe(1n);
    expect(throwIfTransportFailed('eth', results)).toBe(results);
  });

  it('falls back past a dead first URL', async () => {
    const { client, source } = sut.get('bsc');
    expect(source).toBe('rpc');
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
    await expect(sut.healthCheck('bsc')).resolves.toMatchObject({ status: 'operational', blockNumber: 1 });
  });

  it('reads over WebSocket and releases the socket on close', async () => {
    const wsRegistry = new ChainRegistry({
      config: { rpcUrls: { optimism: [`ws://127.0.0.1:${port}`] }, rpcTimeoutMs: TIMEOUT_MS },
    });
    try {
      expect(await wsRegistry.get('optimism').client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
      expect(socketClientCache.size).toBe(1);
    } finally {
      wsRegistry.close();
    }
    expect(socketClientCache.size).toBe(0);
  });

  it('reports a healthy chain with its block number and latency', async () => {
    const health = await sut.healthCheck('eth');
    expect(health).toEqual({
      status: 'operational',
      blockNumber: 1,
      latencyMs: expect.any(Number),
      multicall3: 'deployed',
    });
    await expect(sut.healthCheck('polygon')).resolves.toEqual({ status: 'not_configured' });
  });

  it('gives ChainUnavailableError quickly once the node stops, and recovers when it is back', async () => {
    const { client } = sut.get('eth');
    await stopAnvil(anvil);

    const startedAt = Date.now();
    const read = withChainErrors('eth', () => client.getBalance({ address: NO_CODE }));
    await expect(read).rejects.toBeInstanceOf(ChainUnavailableError);
    // Refused (network) or unanswered before the deadline (timeout): either way unavailable and retryable.
    await expect(read).rejects.toMatchObject({
      chain: 'eth',
      reason: expect.stringMatching(/^(network|timeout)$/),
      retryable: true,
    });
    // Bounded by the retry deadline, not hanging; the exact figure is the benchmarks' business.
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS * 2.5 * 4);
    await expect(sut.healthCheck('eth')).resolves.toEqual({ status: 'unavailable' });

    const results = await client.multicall({
      allowFailure: true,
      contracts: [{ address: NO_CODE, abi: erc20, functionName: 'name' }],
    });
    expect(() => throwIfTransportFailed('eth', results)).toThrow(ChainUnavailableError);

    anvil = await startAnvil(port);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
    await expect(sut.healthCheck('eth')).resolves.toMatchObject({ status: 'operational', blockNumber: 0 });
  });
});

describe('a node that accepts connections and never answers', () => {
  it('fails with a timeout within the deadline instead of hanging', async () => {
    const blackhole = await startBlackhole();
    const sut = new ChainRegistry({ config: { rpcUrls: { polygon: [blackhole.url] }, rpcTimeoutMs: 300 } });
    try {
      const startedAt = Date.now();
      const read = withChainErrors('polygon', () => sut.get('polygon').client.getBlockNumber({ cacheTime: 0 }));
      await expect(read).rejects.toMatchObject({ name: 'ChainUnavailableError', reason: 'timeout' });
      const elapsed = Date.now() - startedAt;
      expect(elapsed).toBeGreaterThanOrEqual(300);
      // The deadline (2.5 × timeout) stops it; the margin absorbs a loaded machine, the point is "not hanging".
      expect(elapsed).toBeLessThan(300 * 2.5 * 4);
      await expect(sut.healthCheck('polygon')).resolves.toEqual({ status: 'unavailable' });
    } finally {
      sut.close();
      blackhole.sockets.forEach((socket) => socket.destroy());
      blackhole.server.close();
    }
  });
});

describe('a chain whose Multicall3 address holds no code (a fork, a test chain)', () => {
  /** Answers 1 to any call: `PUSH1 1 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`. */
  const ANSWER_ONE = '0x600160005260206000f3';
  const TOKEN: Address = '0x00000000000000000000000000000000000a0001';

  it('batches reads deployless once it has looked, and its health says which', async () => {
    const port = await freePort();
    const anvil = await startAnvil(port);
    const url = `http://127.0.0.1:${port}`;
    const sut = new ChainRegistry({ config: { rpcUrls: { eth: [url] }, rpcTimeoutMs: TIMEOUT_MS } });
    try {
      await rawRpc(url, 'anvil_setCode', [TOKEN, ANSWER_ONE]);
      expect(await rawRpc(url, 'eth_getCode', [MULTICALL3_ADDRESS, 'latest'])).toBe('0x');
      await sut.ready('eth');
      expect(sut.multicall3Mode('eth')).toBe('deployless');

      const { client } = sut.get('eth');
      // Concurrent reads, folded into one aggregate3 that carries Multicall3's code, and an explicit multicall.
      const reads = [0, 1].map(() => client.readContract({ address: TOKEN, abi: erc20, functionName: 'decimals' }));
      expect(await Promise.all(reads)).toEqual([1, 1]);
      const results = await client.multicall({
        allowFailure: true,
        contracts: [{ address: TOKEN, abi: erc20, functionName: 'decimals' }],
      });
      expect(results).toEqual([{ status: 'success', result: 1 }]);
      await expect(sut.healthCheck('eth')).resolves.toMatchObject({ status: 'operational', multicall3: 'deployless' });
    } finally {
      sut.close();
      await stopAnvil(anvil);
    }
  });
});
