import { encodeFunctionData, getAddress, maxUint256, type Address } from 'viem';
import type { CoreContracts, TokenLabel, WalletEntry } from '../devnet-manifest';
import { walletByName } from './accounts';
import type { Chain } from './chain';
import { DEADLINE, E18, SUPPLY, TOKEN_SPECS, USDC_UNIT, type TokenSpec } from './specs';

export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export interface DeployedToken {
  spec: TokenSpec;
  address: Address;
  /** ABI used to call it (the implementation's ABI for the proxy). */
  abi: string;
  pair: Address;
  liquidityBlock: number;
  implementation?: Address;
}

/** Everything the history phase needs to know about the deployed world. */
export interface World {
  chain: Chain;
  wallets: WalletEntry[];
  deployer: Address;
  core: CoreContracts;
  tokens: Record<TokenLabel, DeployedToken>;
  /** Wall-clock-derived timestamp of the first history block. */
  t0: number;
  /** Timestamp of the last mined block; history actions must move forward from it. */
  clock: number;
}

/** Mines the queued transactions in the next setup block (12 s apart, like mainnet). */
export async function step(w: World): Promise<Awaited<ReturnType<Chain['mine']>>> {
  w.clock += 12;
  return w.chain.mine(w.clock);
}

const created = (r: { contractAddress: Address | null }[], i: number): Address => {
  const a = r[i].contractAddress;
  if (!a) throw new Error(`deployment ${i} produced no contract`);
  return getAddress(a);
};

/** Deploys infrastructure and tokens in a fixed order, which keeps every address stable. */
export async function deployAll(w: World): Promise<void> {
  const c = w.chain;
  const d = w.deployer;
  const order = ['WETH9', 'USDC', 'UniswapV2Factory', 'ServiceToken'];
  order.forEach((name) =>
    c.deploy(d, name, name === 'UniswapV2Factory' ? [d] : name === 'ServiceToken' ? [100_000_000n * E18] : []),
  );
  const tokenIdx = TOKEN_SPECS.map((s) =>
    c.deploy(
      d,
      s.contract === 'TokenProxy' ? 'UpgradeableToken' : s.contract,
      s.contract === 'TokenProxy' ? [] : [s.name, s.symbol, SUPPLY],
    ),
  );
  const r = await step(w);
  const [WETH, USDC, UniswapV2Factory, ServiceToken] = order.map((_, i) => created(r, i));

  c.deploy(d, 'UniswapV2Router02', [UniswapV2Factory, WETH]);
  c.deploy(d, 'StakingVault', [ServiceToken]);
  const proxySpec = TOKEN_SPECS.find((s) => s.label === 'proxy');
  const impl = created(r, tokenIdx[TOKEN_SPECS.indexOf(proxySpec!)]);
  const init = encodeFunctionData({
    abi: c.abi('UpgradeableToken'),
    functionName: 'initialize',
    args: [proxySpec!.name, proxySpec!.symbol, SUPPLY, d],
  });
  c.deploy(d, 'TokenProxy', [impl, init]);
  const r2 = await step(w);

  // Multicall3 goes to its canonical address, as on every public chain.
  await c.rpc.call('anvil_setCode', [MULTICALL3_ADDRESS, c.artifacts.contracts.Multicall3.deployedBytecode]);
  w.core = {
    WETH,
    USDC,
    Multicall3: MULTICALL3_ADDRESS,
    UniswapV2Factory,
    UniswapV2Router02: created(r2, 0),
    ServiceToken,
    StakingVault: created(r2, 1),
  };
  TOKEN_SPECS.forEach((spec, i) => {
    const isProxy = spec.contract === 'TokenProxy';
    w.tokens[spec.label] = {
      spec,
      address: isProxy ? created(r2, 2) : created(r, tokenIdx[i]),
      abi: isProxy ? 'UpgradeableToken' : spec.contract,
      pair: '0x0000000000000000000000000000000000000000',
      liquidityBlock: 0,
      implementation: isProxy ? impl : undefined,
    };
  });
}

/** Service-side demo state: payers hold USDC, stakers hold service tokens, staker1 has staked. */
export async function fundDemoWallets(w: World): Promise<void> {
  const c = w.chain;
  const d = w.deployer;
  const { USDC, ServiceToken, StakingVault } = w.core;
  for (const name of ['payer1', 'payer2'] as const) {
    c.send(d, 'USDC', USDC, 'mint', [walletByName(w.wallets, name), 100_000n * USDC_UNIT]);
  }
  for (const name of ['staker1', 'staker2'] as const) {
    c.send(d, 'ServiceToken', ServiceToken, 'transfer', [walletByName(w.wallets, name), 5_000_000n * E18]);
  }
  const staker1 = walletByName(w.wallets, 'staker1');
  c.send(staker1, 'ServiceToken', ServiceToken, 'approve', [StakingVault, maxUint256]);
  c.send(staker1, 'StakingVault', StakingVault, 'stake', [1_000_000n * E18]);
  await step(w);
}

/** Creates pairs for tokens that must know them and approves the router for the deployer. */
export async function preparePairs(w: World): Promise<void> {
  const c = w.chain;
  const d = w.deployer;
  const { WETH, USDC, UniswapV2Factory: factory, UniswapV2Router02: router } = w.core;
  c.send(d, 'USDC', USDC, 'mint', [d, 1_000_000n * USDC_UNIT]);
  c.send(d, 'USDC', USDC, 'approve', [router, maxUint256]);
  for (const t of Object.values(w.tokens)) {
    c.send(d, t.abi, t.address, 'approve', [router, maxUint256]);
    if (t.spec.pairAware) c.send(d, 'UniswapV2Factory', factory, 'createPair', [t.address, WETH], { gas: 5_000_000n });
  }
  await step(w);
  for (const t of Object.values(w.tokens)) {
    if (!t.spec.pairAware) continue;
    t.pair = await c.read<Address>('UniswapV2Factory', factory, 'getPair', [t.address, WETH]);
    c.send(d, t.abi, t.address, 'setPair', [t.pair, true]);
  }
  await step(w);
}

/** Queues the deployer's addLiquidity for a token (half the supply against `spec.liquidity`). */
export function queueAddLiquidity(w: World, label: TokenLabel): void {
  const t = w.tokens[label];
  const c = w.chain;
  const router = w.core.UniswapV2Router02;
  const tokenAmount = SUPPLY / 2n;
  if (t.spec.quote === 'WETH') {
    c.send(
      w.deployer,
      'UniswapV2Router02',
      router,
      'addLiquidityETH',
      [t.address, tokenAmount, 0n, 0n, w.deployer, DEADLINE],
      {
        value: t.spec.liquidity * E18,
        gas: 5_000_000n,
      },
    );
  } else {
    c.send(
      w.deployer,
      'UniswapV2Router02',
      router,
      'addLiquidity',
      [t.address, w.core.USDC, tokenAmount, t.spec.liquidity * USDC_UNIT, 0n, 0n, w.deployer, DEADLINE],
      {
        gas: 5_000_000n,
      },
    );
  }
}

/** Records the pair and the block of its first Mint once liquidity is in. */
export async function recordLiquidity(w: World, label: TokenLabel): Promise<void> {
  const t = w.tokens[label];
  const quote = t.spec.quote === 'WETH' ? w.core.WETH : w.core.USDC;
  t.pair = await w.chain.read<Address>('UniswapV2Factory', w.core.UniswapV2Factory, 'getPair', [t.address, quote]);
  t.liquidityBlock = w.chain.blockNumber;
}
