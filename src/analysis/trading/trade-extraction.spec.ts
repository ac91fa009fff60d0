import { encodeAbiParameters, type Address, type Hex } from 'viem';
import { extractTrades, firstMint, pairSides } from './trade-extraction';
import {
  addressTopic,
  MINT_TOPIC,
  SOLIDLY_SWAP_TOPIC,
  SWAP_TOPIC,
  TRANSFER_TOPIC,
  V3_SWAP_TOPIC,
  type RawLog,
} from './trading-logs';

const TOKEN = '0x2000000000000000000000000000000000000002' as Address;
const QUOTE_HIGH = '0x9000000000000000000000000000000000000009' as Address;
const PAIR = '0x5000000000000000000000000000000000000005' as Address;
const PAIR2 = '0x6000000000000000000000000000000000000006' as Address;
const ROUTER = '0x7000000000000000000000000000000000000007' as Address;
const ALICE = '0x000000000000000000000000000000000000a11c' as Address;
const BOB = '0x0000000000000000000000000000000000000b0b' as Address;

const uints = (...v: bigint[]): Hex =>
  encodeAbiParameters(
    v.map(() => ({ type: 'uint256' })),
    v,
  );

function log(p: { address: Address; topics: Hex[]; data: Hex; block?: number; index: number; tx: string }): RawLog {
  return {
    address: p.address,
    topics: p.topics,
    data: p.data,
    blockNumber: `0x${(p.block ?? 1).toString(16)}`,
    logIndex: `0x${p.index.toString(16)}`,
    transactionHash: p.tx as Hex,
  };
}
/** Swap(sender, a0In, a1In, a0Out, a1Out, to) with the token as token0. */
const swap = (p: {
  a0In: bigint;
  a1In: bigint;
  a0Out: bigint;
  a1Out: bigint;
  to: Address;
  index: number;
  tx: string;
  pair?: Address;
}) =>
  log({
    address: p.pair ?? PAIR,
    topics: [SWAP_TOPIC, addressTopic(ROUTER), addressTopic(p.to)],
    data: uints(p.a0In, p.a1In, p.a0Out, p.a1Out),
    index: p.index,
    tx: p.tx,
  });
const transfer = (p: { from: Address; to: Address; value: bigint; index: number; tx: string }) =>
  log({
    address: TOKEN,
    topics: [TRANSFER_TOPIC, addressTopic(p.from), addressTopic(p.to)],
    data: uints(p.value),
    index: p.index,
    tx: p.tx,
  });

const sides = pairSides(TOKEN, [{ address: PAIR, quoteAddress: QUOTE_HIGH }]);

/** V3 Swap(sender, recipient, amount0, amount1, sqrtPriceX96, liquidity, tick): signed, positive into the pool. */
const v3Swap = (p: { amount0: bigint; amount1: bigint; to: Address; index: number; tx: string }) =>
  log({
    address: PAIR,
    topics: [V3_SWAP_TOPIC, addressTopic(ROUTER), addressTopic(p.to)],
    data: encodeAbiParameters(
      [{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }],
      [p.amount0, p.amount1, 2n ** 96n, 10n ** 20n, 0],
    ),
    index: p.index,
    tx: p.tx,
  });

describe('extractTrades', () => {
  it('knows the token is token0 when its address is the lower one', () => {
    expect(sides[0].tokenIsToken0).toBe(true);
    expect(pairSides(QUOTE_HIGH, [{ address: PAIR, quoteAddress: TOKEN }])[0].tokenIsToken0).toBe(false);
  });

  it('attributes a buy to the Swap recipient and a sell to the sender of the transfer into the pair', () => {
    const sut = extractTrades({
      pairs: sides,
      swaps: [
        swap({ a0In: 0n, a1In: 5n, a0Out: 1_000n, a1Out: 0n, to: ALICE, index: 2, tx: '0xa' }),
        swap({ a0In: 400n, a1In: 0n, a0Out: 0n, a1Out: 2n, to: ROUTER, index: 8, tx: '0xb' }),
      ],
      transfersIn: [transfer({ from: BOB, to: PAIR, value: 400n, index: 6, tx: '0xb' })],
      ignore: new Set([ROUTER.toLowerCase()]),
    });
    expect(sut.trades.map((t) => [t.wallet, t.side, t.amount])).toEqual([
      [ALICE.toLowerCase(), 'buy', 1_000n],
      [BOB.toLowerCase(), 'sell', 400n],
    ]);
    expect(sut.totalVolume).toBe(1_400n);
    expect(sut.unattributed).toBe(0);
  });

  it('counts but does not attribute multi-hop legs and sells without a transfer in', () => {
    const sut = extractTrades({
      pairs: [...sides, { address: PAIR2.toLowerCase(), tokenIsToken0: true }],
      swaps: [
        swap({ a0In: 0n, a1In: 5n, a0Out: 300n, a1Out: 0n, to: PAIR2, index: 1, tx: '0xc' }),
        swap({ a0In: 50n, a1In: 0n, a0Out: 0n, a1Out: 1n, to: ROUTER, index: 3, tx: '0xd' }),
      ],
      transfersIn: [],
    });
    expect(sut.trades).toEqual([]);
    expect(sut.unattributed).toBe(2);
    expect(sut.totalVolume).toBe(350n);
  });
});

describe('firstMint', () => {
  it('is the earliest Mint over every pair', () => {
    const mint = (address: Address, block: number, index: number) =>
      log({ address, topics: [MINT_TOPIC, addressTopic(ROUTER)], data: uints(1n, 1n), block, index, tx: '0xm' });
    expect(firstMint([mint(PAIR2, 30, 1), mint(PAIR, 12, 4), mint(PAIR, 12, 9)])).toEqual({
      pair: PAIR.toLowerCase(),
      block: 12,
      logIndex: 4,
    });
    expect(firstMint([])).toBeNull();
  });
});

describe('extractTrades on V3 and Solidly pools', () => {
  it("reads a V3 Swap's signed amounts: the token leaving the pool is a buy, entering it a sell", () => {
    const sut = extractTrades({
      pairs: sides,
      swaps: [
        v3Swap({ amount0: -1_000n, amount1: 5n, to: ALICE, index: 3, tx: '0xa' }),
        v3Swap({ amount0: 400n, amount1: -2n, to: ROUTER, index: 9, tx: '0xb' }),
      ],
      transfersIn: [transfer({ from: BOB, to: PAIR, value: 400n, index: 7, tx: '0xb' })],
      ignore: new Set([ROUTER.toLowerCase()]),
    });
    expect(sut.trades.map((t) => [t.wallet, t.side, t.amount])).toEqual([
      [ALICE.toLowerCase(), 'buy', 1_000n],
      [BOB.toLowerCase(), 'sell', 400n],
    ]);
    expect(sut.totalVolume).toBe(1_400n);
  });

  it('reads a Solidly Swap like a V2 one (its recipient is the second topic there too)', () => {
    const solidly = log({
      address: PAIR,
      topics: [SOLIDLY_SWAP_TOPIC, addressTopic(ROUTER), addressTopic(ALICE)],
      data: uints(0n, 5n, 700n, 0n),
      index: 1,
      tx: '0xc',
    });
    const sut = extractTrades({ pairs: sides, swaps: [solidly], transfersIn: [] });
    expect(sut.trades.map((t) => [t.wallet, t.side, t.amount])).toEqual([[ALICE.toLowerCase(), 'buy', 700n]]);
  });
});
