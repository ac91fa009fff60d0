import { encodeAbiParameters, getAddress, pad, type Address, type Hex } from 'viem';
import type { RawLog } from '../trading/trading-logs';
import { V3_MINT_TOPIC } from '../trading/trading-logs';
import { positionsFromLogs, V3_BURN_TOPIC } from './v3-positions';

const POOL: Address = '0x00000000000000000000000000000000000000aa';
const OWNER: Address = getAddress('0x1111111111111111111111111111111111111111');
const OTHER: Address = getAddress('0x2222222222222222222222222222222222222222');
const TICK = pad('0x01');

const mint = (owner: Address, amount: bigint, pool: Address = POOL): RawLog => ({
  address: pool,
  topics: [V3_MINT_TOPIC, pad(owner), TICK, TICK],
  data: encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
    [OTHER, amount, 7n, 9n],
  ),
  blockNumber: '0x1',
  logIndex: '0x0',
  transactionHash: `0x${'00'.repeat(32)}` as Hex,
});
const burn = (owner: Address, amount: bigint): RawLog => ({
  address: POOL,
  topics: [V3_BURN_TOPIC, pad(owner), TICK, TICK],
  data: encodeAbiParameters([{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }], [amount, 7n, 9n]),
  blockNumber: '0x2',
  logIndex: '0x0',
  transactionHash: `0x${'00'.repeat(32)}` as Hex,
});

describe('positionsFromLogs', () => {
  it('adds each owner’s Mint amounts and takes off its Burn amounts, per pool (the sender is not the owner)', () => {
    const byPool = positionsFromLogs(
      [POOL],
      [mint(OWNER, 1_000n), mint(OWNER, 500n), burn(OWNER, 300n), mint(OTHER, 200n), burn(OTHER, 200n)],
    );
    expect([...byPool.get(POOL)!]).toEqual([
      [OWNER, 1_200n],
      [OTHER, 0n],
    ]);
  });

  it('ignores logs of pools it was not asked about', () => {
    const byPool = positionsFromLogs([POOL], [mint(OWNER, 1n, '0x00000000000000000000000000000000000000bb')]);
    expect(byPool.get(POOL)!.size).toBe(0);
  });
});
