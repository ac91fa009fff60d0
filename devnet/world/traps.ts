import { maxUint256, type Address } from 'viem';
import type { CompileResult } from '../compile';
import type { TrapEntries } from '../devnet-manifest';
import { crowd } from './accounts';
import type { World } from './deploy';
import { DAY, DEADLINE, E18, SUPPLY } from './specs';
import type { Timeline } from './timeline';

/** The time bomb's sell fee switches from 3% to 90% this long after its launch. */
export const TIME_BOMB_LAUNCH_PHASE = 2 * DAY;
/** Each "community airdrop" recipient of the holder trap gets this much; none of them can sell. */
const AIRDROP_AMOUNT = 1_000_000n * E18;
const TRAPPED_HOLDERS = 12;
/**
 * What each fresh buyer of both tokens spends on each, in ETH (they can sell). Crowd addresses of
 * their own, so no demo wallet's holdings change; given native coin with anvil_setBalance, since a
 * transfer in this same block would not be spendable when their swaps are queued.
 */
const BUYS_ETH = [2n, 1n, 1n];
const SWAP_GAS = 600_000n;
const ROUTER = 'UniswapV2Router02';

interface Deployed {
  timeBomb: Address;
  holderTrap: Address;
  trapped: Address[];
  buyers: Address[];
  siphoned: { holder: Address; indexed: bigint; taken: bigint };
  block: number;
  timestamp: number;
}

/**
 * Schedules the trap tokens into the history's last block, after the first backdoors (the later ones come after the locks): a time
 * bomb (sell fee jumps after two days) and a holder trap (airdrop recipients can never sell, one
 * balance trimmed without a Transfer). Both trade against WETH on the V2 DEX, with liquidity and a
 * few fresh buyers in that same block. Adds no block, so no earlier address or timestamp changes.
 */
export function scheduleTraps(tl: Timeline, offset: number): { deployed?: Deployed } {
  const out: { deployed?: Deployed } = {};
  tl.at(offset, async (w) => {
    const c = w.chain;
    const d = w.deployer;
    const { UniswapV2Factory: factory, UniswapV2Router02: router, WETH } = w.core;
    const timeBomb = await c.deployAt(d, 'TimeBombToken', [
      'Launch Token',
      'LNCH',
      SUPPLY,
      factory,
      WETH,
      BigInt(TIME_BOMB_LAUNCH_PHASE),
    ]);
    const holderTrap = await c.deployAt(d, 'HolderTrapToken', ['Community Token', 'CMTY', SUPPLY, factory, WETH]);
    for (const [contract, token] of [
      ['TimeBombToken', timeBomb],
      ['HolderTrapToken', holderTrap],
    ] as const) {
      c.send(d, contract, token, 'approve', [router, maxUint256]);
      c.send(d, ROUTER, router, 'addLiquidityETH', [token, SUPPLY / 2n, 0n, 0n, d, DEADLINE], {
        value: 50n * E18,
        gas: 5_000_000n,
      });
    }
    const trapped = crowd('trap-holder', TRAPPED_HOLDERS);
    c.send(d, 'HolderTrapToken', holderTrap, 'airdrop', [trapped, AIRDROP_AMOUNT], { gas: 2_000_000n });
    const siphoned = { holder: trapped[0], indexed: AIRDROP_AMOUNT, taken: AIRDROP_AMOUNT / 2n };
    c.send(d, 'HolderTrapToken', holderTrap, 'syncReserve', [siphoned.holder, siphoned.taken]);
    const buyers = crowd('trap-buyer', BUYS_ETH.length);
    for (const buyer of buyers) await c.rpc.call('anvil_setBalance', [buyer, `0x${(10n * E18).toString(16)}`]);
    BUYS_ETH.forEach((eth, i) => {
      for (const token of [holderTrap, timeBomb]) {
        c.send(
          buyers[i],
          ROUTER,
          router,
          'swapExactETHForTokensSupportingFeeOnTransferTokens',
          [0n, [WETH, token], buyers[i], DEADLINE],
          {
            value: eth * E18,
            gas: SWAP_GAS,
          },
        );
      }
    });
    return async () => {
      const block = await c.rpc.call<{ number: string; timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
      out.deployed = {
        timeBomb,
        holderTrap,
        trapped,
        buyers,
        siphoned,
        block: Number(block.number),
        timestamp: Number(block.timestamp),
      };
    };
  });
  return out;
}

/** Manifest entries; throws when the chain disagrees with what was scheduled. */
export async function trapEntries(
  w: World,
  artifacts: CompileResult,
  scheduled: { deployed?: Deployed },
): Promise<TrapEntries> {
  const t = scheduled.deployed;
  if (!t) throw new Error('traps: not deployed');
  const read = <T>(contract: string, address: Address, fn: string, args: unknown[] = []) =>
    w.chain.read<T>(contract, address, fn, args);
  const source = (contract: string) => ({ file: artifacts.contracts[contract].file, contract });
  const actual = await read<bigint>('HolderTrapToken', t.holderTrap, 'balanceOf', [t.siphoned.holder]);
  if (actual !== t.siphoned.indexed - t.siphoned.taken) throw new Error(`traps: siphoned holder has ${actual}`);
  return {
    time_bomb: {
      address: t.timeBomb,
      name: 'Launch Token',
      symbol: 'LNCH',
      source: source('TimeBombToken'),
      owner: w.deployer,
      pair: await read<Address>('TimeBombToken', t.timeBomb, 'pair'),
      deployBlock: t.block,
      sellFeeNow: 3,
      sellFeeLater: 90,
      settlesAt: t.timestamp + TIME_BOMB_LAUNCH_PHASE,
    },
    holder_trap: {
      address: t.holderTrap,
      name: 'Community Token',
      symbol: 'CMTY',
      source: source('HolderTrapToken'),
      owner: w.deployer,
      pair: await read<Address>('HolderTrapToken', t.holderTrap, 'pair'),
      deployBlock: t.block,
      trappedHolders: t.trapped,
      freeHolders: [w.deployer, ...t.buyers],
      siphoned: [{ holder: t.siphoned.holder, indexed: t.siphoned.indexed.toString(), actual: actual.toString() }],
    },
  };
}
