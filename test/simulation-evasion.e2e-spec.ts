/**
 * The trade simulation replayed in a real block's surroundings: tokens that refuse trades in a
 * builder's block or at a real gas price, each listed with a V2 pair inside a snapshot, and a token
 * that only logs those variables.
 */
import { join } from 'node:path';
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, maxUint256, parseAbi, zeroAddress, type Address, type Hex } from 'viem';
import { readManifest } from '../devnet';
import { compileContracts } from '../devnet/compile';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { loadDevnetFacts } from '../src/chain/devnet-facts';
import { CountingRegistry } from './support/counting-registry';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const devnet = defineChain({ id: 31337, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
const routerAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);
const E18 = 10n ** 18n;

const manifest = readManifest();
const compiled = compileContracts(join(__dirname, '../.data/solc-cache'));
const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
const pub = createPublicClient({ transport: http(rpcUrl) });
let registry: CountingRegistry;
let sut: TradeSimulator;
let snapshot: Hex;
const tokens: Record<string, Address> = {};

/** Deploys `contract` (its supply to the deployer) and lists it against WETH on the devnet's V2 router. */
async function listed(contract: string): Promise<Address> {
  const deployer = manifest.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl) });
  const { abi, bytecode } = compiled.contracts[contract];
  const deployed = await pub.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode, args: [] }), pollingInterval: 20 });
  const token = deployed.contractAddress!;
  const router = manifest.contracts.UniswapV2Router02 as Address;
  const send = async (hash: Hex) => expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
  await send(await wallet.writeContract({ address: token, abi: routerAbi, functionName: 'approve', args: [router, maxUint256] }));
  await send(
    await wallet.writeContract({ address: router, abi: routerAbi, functionName: 'addLiquidityETH', args: [token, 100_000_000n * E18, 0n, 0n, deployer, 2n ** 40n], value: 50n * E18, gas: 6_000_000n }),
  );
  return token;
}

beforeAll(async () => {
  registry = new CountingRegistry({ config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl }, devnetFacts: loadDevnetFacts() });
  sut = new TradeSimulator(registry);
  sut.onModuleInit();
  snapshot = await testClient.snapshot();
  // The devnet's own blocks: no builder, and the deployer's transactions at the node's base fee.
  await testClient.setCoinbase({ address: zeroAddress });
  const deployer = manifest.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  await testClient.setBalance({ address: deployer, value: 10_000n * E18 });
  for (const contract of ['CoinbaseTrapToken', 'GasPriceTrapToken', 'ContextLoggingToken']) tokens[contract] = await listed(contract);
});

afterAll(async () => {
  await testClient.revert({ id: snapshot });
  registry.close();
});

describe('TradeSimulator in a real block\'s surroundings', () => {
  it.each([
    ['CoinbaseTrapToken', 'block.coinbase', /a block builder/],
    ['GasPriceTrapToken', 'tx.gasprice', /30 gwei/],
  ])('%s: the simulated round trip goes through, the real one does not (%s), in the same round trip', async (contract, variable, value) => {
    registry.requests = 0;
    const section = await sut.simulate({ chain: 'devnet', address: tokens[contract] });

    expect(section).toMatchObject({ possible: true, isHoneypot: false });
    expect(section.evasion).toEqual([{ variable, value: expect.stringMatching(value), outcomes: ['the buy and the sell went through', expect.stringMatching(/^the (buy|sell) reverted/)] }]);
    expect(registry.requests).toBe(1);
  });

  it('finds nothing in a token that only logs the block and the transaction', async () => {
    const section = await sut.simulate({ chain: 'devnet', address: tokens.ContextLoggingToken });

    expect(section).toMatchObject({ possible: true, isHoneypot: false });
    expect(section.evasion).toEqual([]);
  });
});
