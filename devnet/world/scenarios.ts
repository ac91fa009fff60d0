import { maxUint256, type Address } from 'viem';
import type { TokenLabel } from '../devnet-manifest';
import { crowd, walletByName } from './accounts';
import { queueApprovals, queueUsdcMint } from './crowd';
import { queueAddLiquidity, recordLiquidity, type World } from './deploy';
import { bundleFunding, exchangeFunding } from './funding';
import { Random } from './random';
import { wethUsdcFlow } from './reference-pool';
import { DAY, DEADLINE, E18, HISTORY_SECONDS, HOUR, TOKEN_SPECS } from './specs';
import { Timeline } from './timeline';
import { balanceOf, queueBuy, queueSell, queueSellPercent } from './trade';

const MIN = 60;
const END = HISTORY_SECONDS;
/** The rug pull: late, but with trades on the token inside the final 24 h before it. */
export const RUG_AT = END - 3 * HOUR + 2 * MIN;
export const SNIPE_AT = 3 * HOUR;
/** The honeypot buyer's sell attempts, all reverted on chain. */
export const HONEYPOT_SELL_ATTEMPTS = [DAY + 2 * HOUR, 2 * DAY + 2 * HOUR, END - 2 * HOUR].map((t) => t + 13 * MIN);
/** The hidden-mint owner inflates supply (syncRewards), then dumps an hour later. */
export const HIDDEN_MINT_AT = 2 * DAY + 20 * MIN;

/** Generated (key-less) actors of the history; exported to the manifest where labels need them. */
export interface Actors {
  traders: Address[];
  sweepers: Address[];
  whales: Address[];
  airdrop: Address[];
  ring: Address[];
  snipers: Address[];
  washFunder: Address;
  honeypotBuyer: Address;
  /** Funds the five snipers in one block (a bundle); no visible funder of its own. */
  sniperFunder: Address;
  /** Exchange hot wallets that first fund the rest of the crowd. */
  exchanges: Address[];
}

export function makeActors(w: World): Actors {
  return {
    traders: [...crowd('trader', 60), walletByName(w.wallets, 'trader1')],
    sweepers: crowd('sweeper', TOKEN_SPECS.length),
    whales: crowd('whale', 3),
    airdrop: crowd('holder', 320),
    ring: crowd('wash', 3),
    snipers: crowd('sniper', 5),
    washFunder: walletByName(w.wallets, 'washFunder'),
    honeypotBuyer: crowd('hpbuyer', 1)[0],
    sniperFunder: crowd('sniper-funder', 1)[0],
    exchanges: crowd('exchange', 3),
  };
}

/** The whole scripted history, seeded so every build is identical. */
export function buildTimeline(a: Actors, wethUsdcPool: Address): Timeline {
  const tl = new Timeline();
  const rnd = new Random(31337);
  launches(tl);
  crowdSetup(tl, a, rnd);
  washRing(tl, a, rnd);
  snipe(tl, a, rnd);
  organic(tl, a, rnd);
  wethUsdcFlow({ tl, traders: a.traders, offsets: organicOffsets(), pool: wethUsdcPool });
  specials(tl, a);
  sweep(tl, a);
  rugPull(tl);
  tl.at(END, () => undefined);
  return tl;
}

/** Every token but `sniped` gets liquidity in its own block, two minutes apart. */
function launches(tl: Timeline): void {
  TOKEN_SPECS.filter((s) => s.label !== 'sniped').forEach((s, i) => {
    tl.at(10 * MIN + i * 2 * MIN, (w) => {
      queueAddLiquidity(w, s.label);
      return () => recordLiquidity(w, s.label);
    });
  });
}

function crowdSetup(tl: Timeline, a: Actors, rnd: Random): void {
  const active = [...a.traders, ...a.sweepers, ...a.whales, a.honeypotBuyer];
  exchangeFunding({
    tl,
    at: HOUR,
    topUpAt: DAY + 40 * MIN,
    exchanges: a.exchanges,
    groups: [
      { wallets: a.traders, minEth: 40, maxEth: 200 },
      { wallets: a.whales, minEth: 400, maxEth: 600 },
      { wallets: [...a.sweepers, a.honeypotBuyer], minEth: 5, maxEth: 15 },
    ],
  });
  tl.at(HOUR, (w) => queueUsdcMint(w, active, 50_000n));
  tl.at(HOUR + MIN, (w) => {
    const demo = ['holder1', 'holder2'] as const;
    queueApprovals(w, [...active, ...demo.map((n) => walletByName(w.wallets, n))], true);
  });
  // Airdrop of `clean` to 320 holders, then ownership is renounced for good.
  [0, 1].forEach((half) => {
    tl.at(HOUR + (2 + half) * MIN, (w) => {
      for (const who of a.airdrop.slice(half * 160, half * 160 + 160)) {
        w.chain.send(
          w.deployer,
          'CleanToken',
          w.tokens.clean.address,
          'transfer',
          [who, BigInt(rnd.int(10_000, 1_000_000)) * E18],
          { gas: 100_000n },
        );
      }
    });
  });
  tl.at(HOUR + 4 * MIN, (w) => {
    for (const n of ['holder1', 'holder2'] as const) {
      w.chain.send(w.deployer, 'CleanToken', w.tokens.clean.address, 'transfer', [
        walletByName(w.wallets, n),
        5_000_000n * E18,
      ]);
    }
    w.chain.send(w.deployer, 'CleanToken', w.tokens.clean.address, 'renounceOwnership');
  });
  tl.at(6 * HOUR + 10 * MIN, (w) => {
    queueBuy(w, walletByName(w.wallets, 'holder1'), 'clean', 1);
    queueBuy(w, walletByName(w.wallets, 'holder1'), 'proxy', 0.5);
    queueBuy(w, walletByName(w.wallets, 'holder2'), 'clean', 2);
    queueBuy(w, walletByName(w.wallets, 'holder2'), 'taxed', 0.5);
  });
}

/** Three wallets, all first funded by one funder, pass `washed` around: buy, hand over, sell. */
function washRing(tl: Timeline, a: Actors, rnd: Random): void {
  tl.at(2 * HOUR, (w) => a.ring.forEach((r) => w.chain.sendValue(a.washFunder, r, 30n * E18)));
  tl.at(2 * HOUR + MIN, (w) => queueApprovals(w, a.ring, false));
  for (let i = 0, t = 2 * HOUR + 7 * MIN; t < END - 20 * MIN; i++, t += 90 * MIN) {
    const [buyer, holder] = [a.ring[i % 3], a.ring[(i + 1) % 3]];
    const eth = 2 + rnd.int(0, 300) / 100;
    tl.at(t, (w) => queueBuy(w, buyer, 'washed', eth));
    tl.at(t + 2 * MIN, async (w) => {
      const bal = await balanceOf(w, 'washed', buyer);
      w.chain.send(buyer, 'PlainToken', w.tokens.washed.address, 'transfer', [holder, bal]);
    });
    tl.at(t + 4 * MIN, async (w) => void (await queueSellPercent(w, holder, 'washed', 100)));
  }
}

/**
 * Five snipers, funded together by one wallet a quarter of an hour before, buy in the very block
 * liquidity is added (FIFO: the add comes first) and sell a day later.
 */
function snipe(tl: Timeline, a: Actors, rnd: Random): void {
  bundleFunding({ tl, at: SNIPE_AT - 15 * MIN, funder: a.sniperFunder, snipers: a.snipers, eachEth: 4n });
  tl.at(SNIPE_AT, (w) => {
    queueAddLiquidity(w, 'sniped');
    a.snipers.forEach((s) => queueBuy(w, s, 'sniped', 1 + rnd.int(0, 200) / 100));
    return () => recordLiquidity(w, 'sniped');
  });
  tl.at(DAY + 20 * HOUR, (w) => queueApprovals(w, a.snipers, false));
  a.snipers.forEach((s, i) => {
    tl.at(2 * DAY + (i + 1) * 11 * MIN, async (w) => void (await queueSellPercent(w, s, 'sniped', 100)));
  });
}

function tradableAt(offset: number): TokenLabel[] {
  const labels = TOKEN_SPECS.map((s) => s.label).filter((l) => l !== 'rug' || offset < RUG_AT - 10 * MIN);
  return [...labels, 'clean', 'clean', 'proxy'];
}

/** Organic flow: every 30 minutes 4–9 distinct traders buy or sell random tokens. */
function organic(tl: Timeline, a: Actors, rnd: Random): void {
  for (const offset of organicOffsets()) {
    tl.at(offset, async (w) => {
      for (const trader of rnd.sample(a.traders, rnd.int(4, 9))) {
        const label = rnd.pick(tradableAt(offset));
        const max = w.tokens[label].spec.maxBuy;
        const amount = max * (0.02 + 0.98 * rnd.next());
        const wantsSell = label !== 'honeypot' && rnd.next() < 0.45;
        if (!(wantsSell && (await queueSellPercent(w, trader, label, rnd.int(30, 100)))))
          queueBuy(w, trader, label, amount);
      }
    });
  }
}

function organicOffsets(): number[] {
  const offsets: number[] = [];
  for (let t = 4 * HOUR; t < END - 10 * MIN; t += 30 * MIN) offsets.push(t);
  return offsets;
}

/** One-off events: whales, owner powers used in the open, a hidden mint dump, failed honeypot sells. */
function specials(tl: Timeline, a: Actors): void {
  const whaleBuys: [TokenLabel, number][] = [
    ['clean', 60],
    ['proxy', 30],
    ['hidden_mint', 25],
  ];
  a.whales.forEach((whale, i) => {
    tl.at(5 * HOUR + 5 * MIN, (w) => queueBuy(w, whale, whaleBuys[i][0], whaleBuys[i][1]));
    tl.at(DAY + 3 * HOUR + 5 * MIN, (w) => queueBuy(w, whale, 'clean', 20 + 10 * i));
    tl.at(2 * DAY + 5 * HOUR + 5 * MIN, async (w) => void (await queueSellPercent(w, whale, whaleBuys[i][0], 40)));
  });
  const [victim] = crowd('victim', 1);
  tl.at(DAY + 20 * MIN, (w) =>
    w.chain.send(w.deployer, 'PowersToken', w.tokens.powers.address, 'mint', [w.deployer, 10_000_000n * E18]),
  );
  tl.at(DAY + HOUR + 20 * MIN, (w) =>
    w.chain.send(w.deployer, 'PowersToken', w.tokens.powers.address, 'blacklist', [victim]),
  );
  tl.at(HIDDEN_MINT_AT, (w) =>
    w.chain.send(w.deployer, 'HiddenMintToken', w.tokens.hidden_mint.address, 'syncRewards', [
      w.deployer,
      50_000_000n * E18,
    ]),
  );
  tl.at(2 * DAY + HOUR + 20 * MIN, (w) => queueSell(w, w.deployer, 'hidden_mint', 10_000_000n * E18));
  // Honeypot: a dedicated buyer, then sell attempts that revert on chain.
  const hpBuyer = a.honeypotBuyer;
  tl.at(5 * HOUR + 13 * MIN, (w) => queueBuy(w, hpBuyer, 'honeypot', 1));
  HONEYPOT_SELL_ATTEMPTS.forEach((t) => {
    tl.at(t, async (w) => {
      const bal = await balanceOf(w, 'honeypot', hpBuyer);
      if (bal > 0n) queueSell(w, hpBuyer, 'honeypot', bal / 2n, true);
    });
  });
}

/** Guarantees 24 h volume on every token: one buy each, and a sell an hour later. */
function sweep(tl: Timeline, a: Actors): void {
  TOKEN_SPECS.forEach((s, i) => {
    const who = a.sweepers[i];
    tl.at(END - 6 * HOUR + 15 * MIN, (w) => queueBuy(w, who, s.label, s.quote === 'USDC' ? 800 : 0.4));
    if (s.label === 'honeypot') return;
    tl.at(END - 5 * HOUR + 15 * MIN, async (w) => void (await queueSellPercent(w, who, s.label, 60)));
  });
}

/** The owner pulls all of `rug`'s liquidity (it kept every LP token) three hours before the end. */
function rugPull(tl: Timeline): void {
  tl.at(RUG_AT - MIN, (w) =>
    w.chain.send(w.deployer, 'UniswapV2Pair', w.tokens.rug.pair, 'approve', [w.core.UniswapV2Router02, maxUint256]),
  );
  tl.at(RUG_AT, async (w) => {
    const lp = await w.chain.read<bigint>('UniswapV2Pair', w.tokens.rug.pair, 'balanceOf', [w.deployer]);
    w.chain.send(w.deployer, 'UniswapV2Router02', w.core.UniswapV2Router02, 'removeLiquidityETH', [
      w.tokens.rug.address,
      lp,
      0n,
      0n,
      w.deployer,
      DEADLINE,
    ]);
  });
}
