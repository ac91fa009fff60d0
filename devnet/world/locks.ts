import { getCreate2Address, keccak256, encodePacked, maxUint256, type Address } from 'viem';
import type { CompileResult } from '../compile';
import type { LiquidityEntries } from '../devnet-manifest';
import type { World } from './deploy';
import { DAY, DEADLINE, E18, SUPPLY } from './specs';
import type { Timeline } from './timeline';

export const DEAD_ADDRESS: Address = '0x000000000000000000000000000000000000dEaD';
const LOCK_DAYS = 365;
const LOCKED_BPS = 9_500n;
const POOL_ETH = 50n * E18;
const MINIMUM_LIQUIDITY = 1_000n;

interface Deployed {
  locker: Address;
  locked: { address: Address; pair: Address; lockedLp: bigint; lp: bigint; unlockAt: number };
  pullable: { address: Address; pair: Address };
  cleanBurned: bigint;
}

/** The pair the factory will create for two tokens (CREATE2 over the pair's creation code). */
function pairAddress(w: World, a: Address, b: Address): Address {
  const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
  return getCreate2Address({
    from: w.core.UniswapV2Factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: keccak256(w.chain.artifacts.contracts.UniswapV2Pair.bytecode),
  });
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + n / y) / 2n];
  return x;
}

/**
 * Schedules liquidity safety cases into the history's last block, after the traps: our LP locker;
 * the clean token's LP burned (sent to 0x…dEaD); a token whose LP is 95% locked for a year; a
 * token whose LP its owner holds and can pull. Adds no block.
 */
export function scheduleLocks(tl: Timeline, offset: number): { deployed?: Deployed } {
  const out: { deployed?: Deployed } = {};
  tl.at(offset, async (w) => {
    const c = w.chain;
    const d = w.deployer;
    const { UniswapV2Router02: router, WETH } = w.core;
    const locker = await c.deployAt(d, 'LiquidityLocker');
    const cleanPair = w.tokens.clean.pair;
    const cleanBurned = await c.read<bigint>('UniswapV2Pair', cleanPair, 'balanceOf', [d]);
    c.send(d, 'UniswapV2Pair', cleanPair, 'transfer', [DEAD_ADDRESS, cleanBurned]);

    const lockedToken = await c.deployAt(d, 'PlainToken', ['Locked Liquidity Token', 'LOCKD', SUPPLY]);
    const pullableToken = await c.deployAt(d, 'PlainToken', ['Pullable Token', 'PULL', SUPPLY]);
    for (const token of [lockedToken, pullableToken]) {
      c.send(d, 'PlainToken', token, 'approve', [router, maxUint256]);
      c.send(d, 'UniswapV2Router02', router, 'addLiquidityETH', [token, SUPPLY / 2n, 0n, 0n, d, DEADLINE], {
        value: POOL_ETH,
        gas: 5_000_000n,
      });
    }
    const lockedPair = pairAddress(w, lockedToken, WETH);
    // The first mint of a pair: sqrt(x·y) less the minimum liquidity the pair keeps at address 0.
    const lp = isqrt((SUPPLY / 2n) * POOL_ETH) - MINIMUM_LIQUIDITY;
    const lockedLp = (lp * LOCKED_BPS) / 10_000n;
    const unlockAt = w.t0 + offset + LOCK_DAYS * DAY;
    c.send(d, 'UniswapV2Pair', lockedPair, 'approve', [locker, maxUint256]);
    c.send(d, 'LiquidityLocker', locker, 'lock', [lockedPair, lockedLp, BigInt(unlockAt)]);
    out.deployed = {
      locker,
      locked: { address: lockedToken, pair: lockedPair, lockedLp, lp, unlockAt },
      pullable: { address: pullableToken, pair: pairAddress(w, pullableToken, WETH) },
      cleanBurned,
    };
  });
  return out;
}

/** Manifest entries; throws when the chain disagrees with what was scheduled. */
export async function liquidityEntries(
  w: World,
  artifacts: CompileResult,
  scheduled: { deployed?: Deployed },
): Promise<LiquidityEntries> {
  const t = scheduled.deployed;
  if (!t) throw new Error('locks: not deployed');
  const lpOf = (pair: Address, who: Address) => w.chain.read<bigint>('UniswapV2Pair', pair, 'balanceOf', [who]);
  if ((await lpOf(t.locked.pair, t.locker)) !== t.locked.lockedLp)
    throw new Error('locks: the locker does not hold the locked LP');
  if ((await lpOf(w.tokens.clean.pair, DEAD_ADDRESS)) !== t.cleanBurned)
    throw new Error('locks: the clean LP is not burned');
  const source = (contract: string) => ({ file: artifacts.contracts[contract].file, contract });
  return {
    locker: { address: t.locker, source: source('LiquidityLocker') },
    clean_burned: { token: w.tokens.clean.address, pair: w.tokens.clean.pair, burned: t.cleanBurned.toString() },
    locked: {
      address: t.locked.address,
      name: 'Locked Liquidity Token',
      symbol: 'LOCKD',
      pair: t.locked.pair,
      owner: w.deployer,
      lockedPercent: Number((t.locked.lockedLp * 10_000n) / (t.locked.lp + MINIMUM_LIQUIDITY)) / 100,
      unlockAt: t.locked.unlockAt,
    },
    pullable: {
      address: t.pullable.address,
      name: 'Pullable Token',
      symbol: 'PULL',
      pair: t.pullable.pair,
      owner: w.deployer,
    },
  };
}
