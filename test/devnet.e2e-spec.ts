/**
 * The devnet world against a real anvil: every label in devnet/manifest.json must hold on chain.
 * Uses the devnet started by the jest global setup (TEST_DEVNET_RPC_URL), or starts its own.
 * Tests that change state run between evm_snapshot / evm_revert, leaving the world untouched.
 */
import { join } from 'node:path';
import {
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  maxUint256,
  parseAbiItem,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { compileContracts, startDevnet, type DevnetHandle, type DevnetManifest } from '../devnet';
import { projectRoot } from '../devnet/paths';
import { PROXY_SLOTS } from '../src/analysis/contract/proxy-detector';
import { compiledAbis, connectDevnet, freePort, freshWallet as newWallet, makeClients } from './support/devnet-chain';

const DEADLINE = 99_999_999_999n;
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const swapEvent = parseAbiItem(
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
);

let own: DevnetHandle | undefined;
let rpcUrl: string;
let m: DevnetManifest;
let abis: Record<string, Abi>;
let pub: ReturnType<typeof makeClients>['pub'];
let wallet: ReturnType<typeof makeClients>['wallet'];
let test: ReturnType<typeof makeClients>['test'];

/** A funded address nobody has used: no whitelist, no exemptions, no history. */
const freshWallet = (): Promise<Address> => newWallet(test);

const tokenAbi = (label: keyof DevnetManifest['tokens']): Abi =>
  abis[label === 'proxy' ? 'UpgradeableToken' : (m.tokens[label].source?.contract ?? 'UnverifiedToken')];
const router = () => ({ address: m.contracts.UniswapV2Router02, abi: abis.UniswapV2Router02 });

/**
 * A fixed gas limit, not an estimate: a pair's price accumulators are written only when the block's
 * timestamp moved since the pair's last trade, so a swap estimated in the buy's second and mined in
 * the next one needs ~40k more gas than the estimate gave, and ran out (a CI flake, twice).
 */
const TX_GAS = 3_000_000n;

async function send(
  from: Address,
  address: Address,
  abi: Abi,
  functionName: string,
  args: unknown[] = [],
  value?: bigint,
) {
  const hash = await wallet.writeContract({
    account: from,
    address,
    abi,
    functionName,
    args,
    value,
    gas: TX_GAS,
    chain: undefined,
  } as never);
  const receipt = await pub.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success')
    throw new Error(
      `${functionName} reverted in block ${receipt.blockNumber}: ${await revertReason(from, address, encodeFunctionData({ abi, functionName, args }), value, receipt.blockNumber)}`,
    );
  return receipt;
}

/** Why a mined transaction reverted: the same call replayed on the state before its block. */
async function revertReason(
  from: Address,
  to: Address,
  data: Hex,
  value: bigint | undefined,
  block: bigint,
): Promise<string> {
  try {
    await pub.call({ account: from, to, data, value, blockNumber: block - 1n });
    return 'the replay succeeds (the state changed within the block, or gas ran out)';
  } catch (err) {
    return err instanceof Error ? err.message.split('\n').slice(0, 3).join(' ') : String(err);
  }
}

const balanceOf = (label: keyof DevnetManifest['tokens'], who: Address) =>
  pub.readContract({
    address: m.tokens[label].address,
    abi: tokenAbi(label),
    functionName: 'balanceOf',
    args: [who],
  }) as Promise<bigint>;

beforeAll(async () => {
  ({ rpcUrl, manifest: m, own } = await connectDevnet());
  abis = compiledAbis();
  ({ pub, wallet, test } = makeClients(rpcUrl, m.contracts.Multicall3));
});

afterAll(async () => {
  await own?.stop();
});

let snapshot: Hex;
beforeEach(async () => {
  snapshot = await test.snapshot();
});
afterEach(async () => {
  await test.revert({ id: snapshot });
});

describe('devnet world', () => {
  it('has code for every contract and a history of at least 3 days', async () => {
    const addrs = [...Object.values(m.contracts), ...Object.values(m.tokens).flatMap((t) => [t.address, t.pair])];
    for (const a of addrs) expect((await pub.getCode({ address: a }))?.length ?? 0).toBeGreaterThan(2);
    expect(m.history.endTimestamp - m.history.startTimestamp).toBeGreaterThanOrEqual(3 * 86400);
    const head = await pub.getBlock({ blockNumber: BigInt(m.history.toBlock) });
    expect(Number(head.timestamp)).toBe(m.history.endTimestamp);
  });

  it('serves viem multicall through Multicall3 at the canonical address', async () => {
    const labels = ['clean', 'taxed', 'powers'] as const;
    const results = await pub.multicall({
      contracts: labels.map((l) => ({ address: m.tokens[l].address, abi: tokenAbi(l), functionName: 'symbol' })),
      allowFailure: false,
    });
    expect(results).toEqual(labels.map((l) => m.tokens[l].symbol));
    const mc = { address: m.contracts.Multicall3, abi: abis.Multicall3 };
    expect(await pub.readContract({ ...mc, functionName: 'getChainId' })).toBe(31337n);
    expect(await pub.readContract({ ...mc, functionName: 'getEthBalance', args: [m.treasury] })).toBeGreaterThan(0n);
  });

  it('matches published sources byte for byte, and only those', async () => {
    const compiled = compileContracts(join(projectRoot(), '.data', 'contracts-cache')).contracts;
    for (const p of m.published)
      expect(await pub.getCode({ address: p.address })).toBe(compiled[p.contract].deployedBytecode);
    const unverified = await pub.getCode({ address: m.tokens.unverified.address });
    expect(m.tokens.unverified.source).toBeNull();
    expect(m.published.map((p) => compiled[p.contract].deployedBytecode)).not.toContain(unverified);
  });

  it('clean: ownership renounced and at least 300 holders', async () => {
    const t = m.tokens.clean;
    expect(await pub.readContract({ address: t.address, abi: tokenAbi('clean'), functionName: 'owner' })).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    const logs = await pub.getLogs({ address: t.address, event: transferEvent, fromBlock: 0n, toBlock: 'latest' });
    const bal = new Map<string, bigint>();
    for (const l of logs) {
      bal.set(l.args.from!, (bal.get(l.args.from!) ?? 0n) - l.args.value!);
      bal.set(l.args.to!, (bal.get(l.args.to!) ?? 0n) + l.args.value!);
    }
    expect([...bal.values()].filter((v) => v > 0n).length).toBeGreaterThanOrEqual(300);
  });

  it('honeypot: a fresh wallet can buy but not sell', async () => {
    const who = await freshWallet();
    const token = m.tokens.honeypot.address;
    await send(
      who,
      router().address,
      router().abi,
      'swapExactETHForTokens',
      [0n, [m.contracts.WETH, token], who, DEADLINE],
      parseEther('1'),
    );
    const bought = await balanceOf('honeypot', who);
    expect(bought).toBeGreaterThan(0n);
    await send(who, token, tokenAbi('honeypot'), 'approve', [router().address, maxUint256]);
    await expect(
      pub.simulateContract({
        account: who,
        ...router(),
        functionName: 'swapExactTokensForETH',
        args: [bought, 0n, [token, m.contracts.WETH], who, DEADLINE],
      }),
    ).rejects.toThrow();
  });

  it('taxed: ~5% on a buy, ~25% on a sell through the fee-on-transfer router functions', async () => {
    const who = await freshWallet();
    const sink = await freshWallet();
    const { WETH } = m.contracts;
    const token = m.tokens.taxed.address;
    const value = parseEther('0.5');
    const [, expectedBuy] = (await pub.readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [value, [WETH, token]],
    })) as bigint[];
    await send(
      who,
      router().address,
      router().abi,
      'swapExactETHForTokensSupportingFeeOnTransferTokens',
      [0n, [WETH, token], who, DEADLINE],
      value,
    );
    const got = await balanceOf('taxed', who);
    expect(Number(expectedBuy - got) / Number(expectedBuy)).toBeCloseTo(0.05, 2);

    const amount = got / 2n;
    const [, expectedEth] = (await pub.readContract({
      ...router(),
      functionName: 'getAmountsOut',
      args: [amount, [token, WETH]],
    })) as bigint[];
    await send(who, token, tokenAbi('taxed'), 'approve', [router().address, maxUint256]);
    const before = await pub.getBalance({ address: sink });
    await send(who, router().address, router().abi, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
      amount,
      0n,
      [token, WETH],
      sink,
      DEADLINE,
    ]);
    const receivedEth = (await pub.getBalance({ address: sink })) - before;
    expect(Number(expectedEth - receivedEth) / Number(expectedEth)).toBeCloseTo(0.25, 2);
    expect(m.tokens.taxed.labels).toMatchObject({ buy_tax: 5, sell_tax: 25 });
    await send(m.tokens.taxed.owner, token, tokenAbi('taxed'), 'setFees', [10n, 50n]);
    expect(await pub.readContract({ address: token, abi: tokenAbi('taxed'), functionName: 'sellFee' })).toBe(50n);
  });

  it('powers: the owner can mint, pause and blacklist', async () => {
    const { address, owner } = m.tokens.powers;
    const abi = tokenAbi('powers');
    const supply = (await pub.readContract({ address, abi, functionName: 'totalSupply' })) as bigint;
    await send(owner, address, abi, 'mint', [owner, 1000n]);
    expect(await pub.readContract({ address, abi, functionName: 'totalSupply' })).toBe(supply + 1000n);
    const other = await freshWallet();
    await send(owner, address, abi, 'pause');
    await expect(
      pub.simulateContract({ account: owner, address, abi, functionName: 'transfer', args: [other, 1n] }),
    ).rejects.toThrow();
    await send(owner, address, abi, 'unpause');
    await send(owner, address, abi, 'blacklist', [other]);
    await expect(
      pub.simulateContract({ account: owner, address, abi, functionName: 'transfer', args: [other, 1n] }),
    ).rejects.toThrow();
  });

  it('proxy: EIP-1967 implementation slot points at the implementation', async () => {
    const t = m.tokens.proxy;
    const slot = await pub.getStorageAt({ address: t.address, slot: PROXY_SLOTS.eip1967 });
    expect(getAddress(`0x${slot!.slice(-40)}`)).toBe(getAddress(t.implementation!));
    expect(await pub.readContract({ address: t.address, abi: tokenAbi('proxy'), functionName: 'owner' })).toBe(t.owner);
  });

  it('hidden_mint: the owner inflates supply through a function not named mint', async () => {
    const { address, owner } = m.tokens.hidden_mint;
    const abi = tokenAbi('hidden_mint');
    expect(abi.some((f) => f.type === 'function' && /mint/i.test(f.name))).toBe(false);
    const supply = (await pub.readContract({ address, abi, functionName: 'totalSupply' })) as bigint;
    await send(owner, address, abi, 'syncRewards', [owner, 10n ** 24n]);
    expect(await pub.readContract({ address, abi, functionName: 'totalSupply' })).toBe(supply + 10n ** 24n);
  });

  it('limiter: rejects a transfer above the max transaction and a trade inside the cooldown', async () => {
    const { address, owner } = m.tokens.limiter;
    const abi = tokenAbi('limiter');
    const max = (await pub.readContract({ address, abi, functionName: 'maxTxAmount' })) as bigint;
    const [a, b] = [await freshWallet(), await freshWallet()];
    await send(owner, address, abi, 'transfer', [a, max * 2n]);
    await expect(
      pub.simulateContract({ account: a, address, abi, functionName: 'transfer', args: [b, max + 1n] }),
    ).rejects.toThrow();
    await send(a, address, abi, 'transfer', [b, max / 2n]);
    const path = [m.contracts.WETH, address];
    await send(a, router().address, router().abi, 'swapExactETHForTokens', [0n, path, a, DEADLINE], parseEther('0.01'));
    await expect(
      pub.simulateContract({
        account: a,
        ...router(),
        functionName: 'swapExactETHForTokens',
        args: [0n, path, a, DEADLINE],
        value: parseEther('0.01'),
      }),
    ).rejects.toThrow();
  });

  it('rug: the pair is drained late in the history', async () => {
    const t = m.tokens.rug;
    const [r0, r1] = (await pub.readContract({
      address: t.pair,
      abi: abis.UniswapV2Pair,
      functionName: 'getReserves',
    })) as bigint[];
    const wethIsToken0 = getAddress(m.contracts.WETH).toLowerCase() < getAddress(t.address).toLowerCase();
    expect(wethIsToken0 ? r0 : r1).toBeLessThan(parseEther('0.01'));
    const burns = await pub.getLogs({
      address: t.pair,
      event: parseAbiItem('event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)'),
      fromBlock: 0n,
    });
    const block = await pub.getBlock({ blockNumber: burns[burns.length - 1].blockNumber });
    expect(Number(block.timestamp)).toBeGreaterThan(m.history.endTimestamp - 86400);
  });

  it('sniped: five snipers bought in the liquidity block and sold later', async () => {
    const t = m.tokens.sniped;
    const snipers = t.actors!.snipers!.map((s) => getAddress(s));
    const inBlock = await pub.getLogs({
      address: t.pair,
      event: swapEvent,
      fromBlock: BigInt(t.liquidityBlock),
      toBlock: BigInt(t.liquidityBlock),
    });
    expect(new Set(inBlock.map((l) => getAddress(l.args.to!)))).toEqual(new Set(snipers));
    const sells = await pub.getLogs({
      address: t.address,
      event: transferEvent,
      args: { to: t.pair },
      fromBlock: BigInt(t.liquidityBlock + 1),
    });
    for (const s of snipers) expect(sells.some((l) => getAddress(l.args.from!) === s)).toBe(true);
  });

  it('sniped: one wallet funded all five snipers in one block before the liquidity block', async () => {
    const { snipers, sniperFunder } = m.tokens.sniped.actors!;
    const funding = await firstFunding();
    const links = snipers!.map((s) => funding.get(getAddress(s)));
    expect(links.map((l) => l?.from)).toEqual(snipers!.map(() => getAddress(sniperFunder!)));
    expect(new Set(links.map((l) => l!.block)).size).toBe(1);
    expect(links[0]!.block).toBeLessThan(m.tokens.sniped.liquidityBlock);
    expect(funding.has(getAddress(sniperFunder!))).toBe(false);
  });

  it('organic traders are first funded by a few exchanges, each paying out to many wallets', async () => {
    const funding = await firstFunding();
    const exchanges = new Set<string>(m.exchanges.map((e) => getAddress(e)));
    const fanOut = new Map<string, number>();
    for (const { from } of funding.values()) fanOut.set(from, (fanOut.get(from) ?? 0) + 1);
    for (const e of exchanges) {
      expect(funding.has(e)).toBe(false);
      expect(fanOut.get(e)).toBeGreaterThanOrEqual(15);
    }
    const swaps = await pub.getLogs({ address: m.tokens.clean.pair, event: swapEvent, fromBlock: 0n });
    const buyers = [...new Set(swaps.map((s) => getAddress(s.args.to!)))].filter(
      (a) => a !== getAddress(m.contracts.UniswapV2Router02),
    );
    const byExchange = buyers.filter((b) => exchanges.has(funding.get(b)?.from ?? ''));
    expect(byExchange.length).toBeGreaterThanOrEqual(20);
    const { washFunder } = m.tokens.washed.actors!;
    const { sniperFunder } = m.tokens.sniped.actors!;
    const otherFunders = [...funding.entries()].filter(
      ([, f]) => f.from === getAddress(washFunder!) || f.from === getAddress(sniperFunder!),
    );
    expect(otherFunders.length).toBe(
      m.tokens.washed.actors!.washRing!.length + m.tokens.sniped.actors!.snipers!.length,
    );
  });

  it('WETH/USDC: a deep permanent pool near 3,000 USD per WETH, opened before any token and swapped in the last 24 hours', async () => {
    const pool = m.pools.WETH_USDC;
    expect(
      await pub.readContract({
        address: m.contracts.UniswapV2Factory,
        abi: abis.UniswapV2Factory,
        functionName: 'getPair',
        args: [m.contracts.WETH, m.contracts.USDC],
      }),
    ).toBe(pool.address);
    const [r0, r1] = (await pub.readContract({
      address: pool.address,
      abi: abis.UniswapV2Pair,
      functionName: 'getReserves',
    })) as bigint[];
    const usdcFirst = m.contracts.USDC.toLowerCase() < m.contracts.WETH.toLowerCase();
    const [usdc, weth] = usdcFirst ? [r0, r1] : [r1, r0];
    expect(Number(weth) / 1e18).toBeGreaterThan(200);
    const price = Number(usdc) / 1e6 / (Number(weth) / 1e18);
    expect(price).toBeGreaterThan(2_700);
    expect(price).toBeLessThan(3_300);
    expect(Math.min(...Object.values(m.tokens).map((t) => t.liquidityBlock))).toBeGreaterThan(pool.liquidityBlock);
    const fromBlock = (await findBlockAtOrAfter(m.history.endTimestamp - 86400)) ?? 0n;
    const swaps = await pub.getLogs({
      address: pool.address,
      event: swapEvent,
      fromBlock,
      toBlock: BigInt(m.history.toBlock),
    });
    expect(swaps.length).toBeGreaterThanOrEqual(10);
  });

  it('washed: the ring shares one funder and trades back and forth', async () => {
    const { washRing, washFunder } = m.tokens.washed.actors!;
    const funding = await firstFunding();
    for (const r of washRing!) expect(funding.get(getAddress(r))?.from).toBe(getAddress(washFunder!));
    const swaps = await pub.getLogs({ address: m.tokens.washed.pair, event: swapEvent, fromBlock: 0n });
    const ringSet = new Set(washRing!.map((a) => getAddress(a)));
    expect(swaps.filter((s) => ringSet.has(getAddress(s.args.to!))).length).toBeGreaterThanOrEqual(20);
  });

  it('every token traded in the last 24 hours of the history', async () => {
    const since = m.history.endTimestamp - 86400;
    const fromBlock = (await findBlockAtOrAfter(since)) ?? 0n;
    for (const [label, t] of Object.entries(m.tokens)) {
      const swaps = await pub.getLogs({
        address: t.pair,
        event: swapEvent,
        fromBlock,
        toBlock: BigInt(m.history.toBlock),
      });
      expect({ label, swaps: swaps.length > 0 }).toEqual({ label, swaps: true });
    }
  });

  it('demo wallets: payers hold USDC, staker1 has ~1,000,000 staked', async () => {
    const byName = (n: string) => m.wallets.find((w) => w.name === n)!.address;
    for (const p of ['payer1', 'payer2']) {
      expect(
        await pub.readContract({
          address: m.contracts.USDC,
          abi: abis.USDC,
          functionName: 'balanceOf',
          args: [byName(p)],
        }),
      ).toBeGreaterThan(0n);
    }
    const staked = await pub.readContract({
      address: m.contracts.StakingVault,
      abi: abis.StakingVault,
      functionName: 'stakedOf',
      args: [byName('staker1')],
    });
    expect(staked).toBe(1_000_000n * 10n ** 18n);
  });

  it('a second start on the same port reuses the running devnet', async () => {
    const again = await startDevnet({ port: Number(new URL(rpcUrl).port), dataDir: join(projectRoot(), '.data') });
    expect(again.reused).toBe(true);
    expect(again.manifest.contracts).toEqual(m.contracts);
    await again.stop(); // no-op for a reused node
    expect(await pub.getChainId()).toBe(31337);
  });

  it('a start on another port loads the saved state instead of rebuilding', async () => {
    const other = await startDevnet({ port: await freePort(), dataDir: join(projectRoot(), '.data') });
    try {
      expect(other.mode).toBe('loaded');
      expect(await createPublicClient({ transport: http(other.rpcUrl) }).getBlockNumber()).toBe(
        BigInt(m.history.toBlock),
      );
    } finally {
      await other.stop();
    }
  });
});

/** Who first sent each address native coin, and in which block (one scan of the history, shared). */
let funding: Promise<Map<string, { from: string; block: number }>> | undefined;
function firstFunding(): Promise<Map<string, { from: string; block: number }>> {
  funding ??= (async () => {
    const first = new Map<string, { from: string; block: number }>();
    for (let n = m.history.fromBlock; n <= m.history.toBlock; n++) {
      const block = await pub.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const tx of block.transactions) {
        if (tx.to && tx.value > 0n && !first.has(getAddress(tx.to)))
          first.set(getAddress(tx.to), { from: getAddress(tx.from), block: n });
      }
    }
    return first;
  })();
  return funding;
}

/** Binary search for the first block with timestamp >= ts. */
async function findBlockAtOrAfter(ts: number): Promise<bigint | undefined> {
  let lo = BigInt(m.history.fromBlock);
  let hi = BigInt(m.history.toBlock);
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    const b = await pub.getBlock({ blockNumber: mid });
    if (Number(b.timestamp) < ts) lo = mid + 1n;
    else hi = mid;
  }
  return lo;
}
