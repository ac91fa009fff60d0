import { getAddress, getContractAddress, maxUint256, type Address } from 'viem';
import type { CompileResult } from '../compile';
import type { VenueLabel, VenuePool, VenuesSection, VenueTokenEntry } from '../devnet-manifest';
import { crowd } from './accounts';
import { setBalances } from './crowd';
import { DEAD_ADDRESS } from './locks';
import type { World } from './deploy';
import { DEADLINE, E18, SUPPLY } from './specs';
import type { Timeline } from './timeline';

const SWAP_GAS = 800_000n;
const MILLION = 1_000_000n * E18;

interface PoolSpec {
  kind: VenuePool['kind'];
  fee: number | null;
  stable: boolean | null;
  /** Whole units seeded: tokens (millions) against WETH. */
  tokenMillions: number;
  weth: number;
}

interface VenueSpec {
  label: VenueLabel;
  contract: 'PlainToken' | 'HoneypotToken' | 'TaxedToken';
  name: string;
  symbol: string;
  /** Deepest first: the order the manifest lists them in. */
  pools: PoolSpec[];
  labels: VenueTokenEntry['labels'];
}

/** Deployment order fixes the addresses (the venue deployer's nonces, the factories' pool nonces): append only. */
export const VENUE_SPECS: VenueSpec[] = [
  {
    label: 'v3_only',
    contract: 'PlainToken',
    name: 'Concentrated Token',
    symbol: 'CONC',
    pools: [
      { kind: 'v3', fee: 3000, stable: null, tokenMillions: 300, weth: 100 },
      { kind: 'v3', fee: 10000, stable: null, tokenMillions: 30, weth: 10 },
    ],
    labels: { is_honeypot: false, buy_tax: 0, sell_tax: 0 },
  },
  {
    label: 'v3_honeypot',
    contract: 'HoneypotToken',
    name: 'Concentrated Trap',
    symbol: 'CTRAP',
    pools: [{ kind: 'v3', fee: 3000, stable: null, tokenMillions: 300, weth: 60 }],
    labels: { is_honeypot: true, buy_tax: 0, sell_tax: 0 },
  },
  {
    label: 'solidly_only',
    contract: 'TaxedToken',
    name: 'Velocity Token',
    symbol: 'VELT',
    pools: [{ kind: 'solidly', fee: null, stable: false, tokenMillions: 300, weth: 80 }],
    labels: { is_honeypot: false, buy_tax: 3, sell_tax: 8 },
  },
];

/** The taxed token's rates, set right after deployment (TaxedToken starts at 5 / 25). */
const SOLIDLY_TAXES = { buy: 3n, sell: 8n };

interface DeployedVenues {
  contracts: Omit<VenuesSection['contracts'], 'V3PositionManager'>;
  tokens: Record<VenueLabel, { address: Address; pools: Address[] }>;
  positions: Positions;
  deployBlock: number;
}

/** A token whose only pool's liquidity is held as position NFTs: most burned, the rest the owner's. */
interface Positions {
  manager: Address;
  token: Address;
  pool: Address;
}

const POSITION_TOKEN = {
  name: 'Position Token',
  symbol: 'POSN',
  tokenMillions: 300n,
  weth: 100n,
  fee: 3000,
  burnedPercent: 90n,
} as const;

interface Plan {
  contracts: Omit<VenuesSection['contracts'], 'V3PositionManager'>;
  tokens: Record<VenueLabel, { address: Address; pools: Address[] }>;
}

export const VENUE_DEPLOYER = crowd('venue-deployer', 1)[0];
export const VENUE_TRADERS = crowd('venue-trader', 3);

/**
 * Schedules the venues into the timeline block at `offset` (the history's last block), after that
 * block's other transactions: the V3 and Solidly contracts, their tokens, pools, liquidity and a few
 * trades so 24 h volume exists. The venue deployer and traders are fresh wallets funded without a
 * transaction, so no earlier address, nonce, block or timestamp changes.
 */
export function scheduleVenues(tl: Timeline, offset: number): { result?: DeployedVenues } {
  const out: { result?: DeployedVenues } = {};
  tl.at(offset, async (w) => {
    await setBalances(w, [VENUE_DEPLOYER], 10_000n);
    await setBalances(w, VENUE_TRADERS, 100n);
    const plan = await deployVenues(w);
    seedLiquidity(w, plan);
    queueTrades(w, plan);
    const positions = await seedPositions(w, plan);
    return async () => {
      out.result = { ...plan, positions, deployBlock: w.chain.blockNumber };
    };
  });
  return out;
}

async function deployVenues(w: World): Promise<Plan> {
  const c = w.chain;
  const d = VENUE_DEPLOYER;
  const V3Factory = await c.deployAt(d, 'V3Factory');
  const V3SwapRouter = await c.deployAt(d, 'V3SwapRouter', [V3Factory]);
  const SolidlyFactory = await c.deployAt(d, 'SolidlyFactory');
  const SolidlyRouter = await c.deployAt(d, 'SolidlyRouter', [SolidlyFactory]);
  const addresses: Address[] = [];
  for (const spec of VENUE_SPECS) addresses.push(await c.deployAt(d, spec.contract, [spec.name, spec.symbol, SUPPLY]));
  // Pools are created with CREATE by their factory: a contract's nonces start at 1.
  const nonces = { v3: 1, solidly: 1 };
  const tokens = {} as Plan['tokens'];
  VENUE_SPECS.forEach((spec, i) => {
    const pools = spec.pools.map((p) => {
      const factory = p.kind === 'v3' ? V3Factory : SolidlyFactory;
      if (p.kind === 'v3')
        c.send(d, 'V3Factory', V3Factory, 'createPool', [addresses[i], w.core.WETH, p.fee], { gas: 3_000_000n });
      else
        c.send(d, 'SolidlyFactory', SolidlyFactory, 'createPool', [addresses[i], w.core.WETH, p.stable], {
          gas: 3_000_000n,
        });
      return getContractAddress({ from: factory, nonce: BigInt(nonces[p.kind]++) });
    });
    tokens[spec.label] = { address: addresses[i], pools };
  });
  const honeypot = tokens.v3_honeypot;
  c.send(d, 'HoneypotToken', honeypot.address, 'setPair', [honeypot.pools[0], true]);
  const taxed = tokens.solidly_only;
  c.send(d, 'TaxedToken', taxed.address, 'setPair', [taxed.pools[0], true]);
  c.send(d, 'TaxedToken', taxed.address, 'setFees', [SOLIDLY_TAXES.buy, SOLIDLY_TAXES.sell]);
  return { contracts: { V3Factory, V3SwapRouter, SolidlyFactory, SolidlyRouter }, tokens };
}

/** The venue deployer wraps ether and puts each pool's seed in (V3: full-range mint; Solidly: the router). */
function seedLiquidity(w: World, plan: Plan): void {
  const c = w.chain;
  const d = VENUE_DEPLOYER;
  const weth = w.core.WETH;
  const totalWeth = VENUE_SPECS.flatMap((s) => s.pools).reduce((sum, p) => sum + BigInt(p.weth), 0n) * E18;
  c.send(d, 'WETH9', weth, 'deposit', [], { value: totalWeth + 10n * E18 });
  VENUE_SPECS.forEach((spec) => {
    const token = plan.tokens[spec.label];
    spec.pools.forEach((p, i) => {
      const pool = token.pools[i];
      const [tokenAmount, wethAmount] = [BigInt(p.tokenMillions) * MILLION, BigInt(p.weth) * E18];
      if (p.kind === 'v3') {
        c.send(d, spec.contract, token.address, 'approve', [pool, maxUint256]);
        c.send(d, 'WETH9', weth, 'approve', [pool, maxUint256]);
        const tokenIs0 = token.address.toLowerCase() < weth.toLowerCase();
        const amounts = tokenIs0 ? [tokenAmount, wethAmount] : [wethAmount, tokenAmount];
        c.send(d, 'V3Pool', pool, 'mint', [d, ...amounts], { gas: 1_000_000n });
      } else {
        const router = plan.contracts.SolidlyRouter;
        c.send(d, spec.contract, token.address, 'approve', [router, maxUint256]);
        c.send(d, 'WETH9', weth, 'approve', [router, maxUint256]);
        c.send(
          d,
          'SolidlyRouter',
          router,
          'addLiquidity',
          [token.address, weth, p.stable, tokenAmount, wethAmount, 0n, 0n, d, DEADLINE],
          {
            gas: 3_000_000n,
          },
        );
      }
    });
  });
}

/**
 * After everything else of the venues: a position manager, and a token whose V3 pool is filled only
 * through it, in two position NFTs: 90% sent to 0x…dEaD (burned), 10% kept by the deployer (the owner).
 */
async function seedPositions(w: World, plan: Plan): Promise<Positions> {
  const c = w.chain;
  const d = VENUE_DEPLOYER;
  const weth = w.core.WETH;
  const manager = await c.deployAt(d, 'V3PositionManager');
  const token = await c.deployAt(d, 'PlainToken', [POSITION_TOKEN.name, POSITION_TOKEN.symbol, SUPPLY]);
  c.send(d, 'V3Factory', plan.contracts.V3Factory, 'createPool', [token, weth, POSITION_TOKEN.fee], {
    gas: 3_000_000n,
  });
  // The factory's pools so far are the venue specs' V3 pools (its nonces start at 1).
  const created = VENUE_SPECS.flatMap((v) => v.pools).filter((p) => p.kind === 'v3').length;
  const pool = getContractAddress({ from: plan.contracts.V3Factory, nonce: BigInt(created + 1) });
  c.send(d, 'WETH9', weth, 'deposit', [], { value: POSITION_TOKEN.weth * E18 });
  c.send(d, 'PlainToken', token, 'approve', [manager, maxUint256]);
  c.send(d, 'WETH9', weth, 'approve', [manager, maxUint256]);
  const tokenIs0 = token.toLowerCase() < weth.toLowerCase();
  const [tokens, eth] = [POSITION_TOKEN.tokenMillions * MILLION, POSITION_TOKEN.weth * E18];
  for (const [share, recipient] of [
    [POSITION_TOKEN.burnedPercent, DEAD_ADDRESS],
    [100n - POSITION_TOKEN.burnedPercent, d],
  ] as const) {
    const [t, e] = [(tokens * share) / 100n, (eth * share) / 100n];
    c.send(d, 'V3PositionManager', manager, 'mint', [pool, ...(tokenIs0 ? [t, e] : [e, t]), recipient], {
      gas: 1_500_000n,
    });
  }
  return { manager, token, pool };
}

/** Buys by the traders in every pool, sells by the deployer, a taxed sell, and a honeypot sell that reverts. */
function queueTrades(w: World, plan: Plan): void {
  const c = w.chain;
  const d = VENUE_DEPLOYER;
  const weth = w.core.WETH;
  const { V3SwapRouter: v3Router, SolidlyRouter: solidlyRouter, SolidlyFactory: solidlyFactory } = plan.contracts;
  const [t0, t1, t2] = VENUE_TRADERS;
  for (const t of VENUE_TRADERS) {
    c.send(t, 'WETH9', weth, 'deposit', [], { value: 20n * E18 });
    c.send(t, 'WETH9', weth, 'approve', [v3Router, maxUint256]);
    c.send(t, 'WETH9', weth, 'approve', [solidlyRouter, maxUint256]);
  }
  const v3Swap = (who: Address, from: Address, to: Address, fee: number, amountIn: bigint, expectRevert = false) =>
    c.send(
      who,
      'V3SwapRouter',
      v3Router,
      'exactInputSingle',
      [
        {
          tokenIn: from,
          tokenOut: to,
          fee,
          recipient: who,
          deadline: DEADLINE,
          amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
      {
        gas: SWAP_GAS,
        expectRevert,
      },
    );
  const solidlySwap = (who: Address, from: Address, to: Address, amountIn: bigint) =>
    c.send(
      who,
      'SolidlyRouter',
      solidlyRouter,
      'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      [amountIn, 0n, [{ from, to, stable: false, factory: solidlyFactory }], who, DEADLINE],
      {
        gas: SWAP_GAS,
      },
    );
  const { v3_only: conc, v3_honeypot: trap, solidly_only: velt } = plan.tokens;

  v3Swap(t0, weth, conc.address, 3000, 2n * E18);
  v3Swap(t1, weth, conc.address, 10000, E18 / 5n);
  v3Swap(t2, weth, trap.address, 3000, E18);
  solidlySwap(t0, weth, velt.address, 2n * E18);
  solidlySwap(t1, weth, velt.address, E18 / 2n);

  c.send(d, 'PlainToken', conc.address, 'approve', [v3Router, maxUint256]);
  v3Swap(d, conc.address, weth, 3000, 2n * MILLION);
  // The trap's owner is whitelisted: its sells go through; a holder's sell reverts.
  c.send(d, 'HoneypotToken', trap.address, 'approve', [v3Router, maxUint256]);
  v3Swap(d, trap.address, weth, 3000, MILLION);
  c.send(d, 'HoneypotToken', trap.address, 'transfer', [t1, 2n * MILLION]);
  c.send(t1, 'HoneypotToken', trap.address, 'approve', [v3Router, maxUint256]);
  v3Swap(t1, trap.address, weth, 3000, MILLION, true);
  // A holder's sell of the taxed token pays the sell tax on its way into the pool.
  c.send(d, 'TaxedToken', velt.address, 'transfer', [t2, 4n * MILLION]);
  c.send(t2, 'TaxedToken', velt.address, 'approve', [solidlyRouter, maxUint256]);
  solidlySwap(t2, velt.address, weth, 2n * MILLION);
}

/** The manifest section; throws if the chain disagrees with the plan (a pool address, a tax rate). */
export async function venuesSection(
  w: World,
  artifacts: CompileResult,
  deployed: { result?: DeployedVenues },
): Promise<VenuesSection> {
  const v = deployed.result;
  if (!v) throw new Error('venues: the last block never ran');
  const tokens = {} as Record<VenueLabel, VenueTokenEntry>;
  for (const spec of VENUE_SPECS) {
    const t = v.tokens[spec.label];
    const pools = await Promise.all(spec.pools.map((p, i) => checkedPool(w, v, spec.label, p, t.pools[i])));
    tokens[spec.label] = {
      address: t.address,
      name: spec.name,
      symbol: spec.symbol,
      decimals: 18,
      source: { file: artifacts.contracts[spec.contract].file, contract: spec.contract },
      owner: getAddress(await w.chain.read<Address>(spec.contract, t.address, 'owner')),
      pools,
      labels: spec.labels,
      deployBlock: v.deployBlock,
    };
  }
  if ((await w.chain.read<bigint>('TaxedToken', tokens.solidly_only.address, 'sellFee')) !== SOLIDLY_TAXES.sell)
    throw new Error('venues: sell tax not set');
  const p = v.positions;
  const pool = await w.chain.read<Address>('V3Factory', v.contracts.V3Factory, 'getPool', [
    p.token,
    w.core.WETH,
    POSITION_TOKEN.fee,
  ]);
  if (getAddress(pool) !== getAddress(p.pool))
    throw new Error(`venues: the position token's pool is ${pool}, expected ${p.pool}`);
  if ((await w.chain.read<Address>('V3PositionManager', p.manager, 'ownerOf', [1n])) !== DEAD_ADDRESS)
    throw new Error('venues: position 1 is not burned');
  return {
    contracts: { ...v.contracts, V3PositionManager: p.manager },
    deployer: VENUE_DEPLOYER,
    traders: VENUE_TRADERS,
    tokens,
    positions: {
      token: p.token,
      name: POSITION_TOKEN.name,
      symbol: POSITION_TOKEN.symbol,
      pool: p.pool,
      owner: VENUE_DEPLOYER,
      burnedPercent: Number(POSITION_TOKEN.burnedPercent),
      ownerPercent: 100 - Number(POSITION_TOKEN.burnedPercent),
    },
  };
}

async function checkedPool(
  w: World,
  v: DeployedVenues,
  label: VenueLabel,
  p: PoolSpec,
  address: Address,
): Promise<VenuePool> {
  const token = v.tokens[label].address;
  const actual =
    p.kind === 'v3'
      ? await w.chain.read<Address>('V3Factory', v.contracts.V3Factory, 'getPool', [token, w.core.WETH, p.fee])
      : await w.chain.read<Address>('SolidlyFactory', v.contracts.SolidlyFactory, 'getPool', [
          token,
          w.core.WETH,
          p.stable,
        ]);
  if (getAddress(actual) !== getAddress(address))
    throw new Error(`venues: ${label} ${p.kind} pool is ${actual}, expected ${address}`);
  return {
    address: getAddress(address),
    kind: p.kind,
    fee: p.fee,
    stable: p.stable,
    quote: 'WETH',
    seeded: { token: p.tokenMillions * 1_000_000, WETH: p.weth },
  };
}

/** Published sources of the venue contracts, tokens and pools. */
export function venuePublished(
  section: VenuesSection,
  artifacts: CompileResult,
): { address: Address; file: string; contract: string }[] {
  const ref = (contract: string) => ({ file: artifacts.contracts[contract].file, contract });
  return [
    ...Object.entries(section.contracts).map(([name, address]) => ({ address, ...ref(name) })),
    ...Object.values(section.tokens).flatMap((t) => [
      { address: t.address, ...t.source },
      ...t.pools.map((p) => ({ address: p.address, ...ref(p.kind === 'v3' ? 'V3Pool' : 'SolidlyPool') })),
    ]),
    { address: section.positions.token, ...ref('PlainToken') },
    { address: section.positions.pool, ...ref('V3Pool') },
  ];
}
