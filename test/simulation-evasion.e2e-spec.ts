/**
 * The trade simulation replayed in a real block's surroundings: tokens that refuse trades in a
 * builder's block or at a real gas price, each listed with a V2 pair inside a snapshot, and a token
 * that only logs those variables.
 */
import { createTestClient, http, zeroAddress, type Address, type Hex } from 'viem';
import { TradeSimulator } from '../src/analysis/simulation/trade.simulator';
import { loadDevnetFacts } from '../src/chain/devnet-facts';
import { CountingRegistry } from './support/counting-registry';
import { fundDeployer, listOnDevnet } from './support/listing';

const rpcUrl = process.env.TEST_DEVNET_RPC_URL!;
const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
let registry: CountingRegistry;
let sut: TradeSimulator;
let snapshot: Hex;
const tokens: Record<string, Address> = {};

beforeAll(async () => {
  registry = new CountingRegistry({
    config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: rpcUrl },
    devnetFacts: loadDevnetFacts(),
  });
  sut = new TradeSimulator(registry);
  sut.onModuleInit();
  snapshot = await testClient.snapshot();
  // The devnet's own blocks: no builder, and the deployer's transactions at the node's base fee.
  await testClient.setCoinbase({ address: zeroAddress });
  await fundDeployer();
  for (const contract of ['CoinbaseTrapToken', 'GasPriceTrapToken', 'ContextLoggingToken'])
    tokens[contract] = await listOnDevnet(contract);
});

afterAll(async () => {
  await testClient.revert({ id: snapshot });
  registry.close();
});

describe("TradeSimulator in a real block's surroundings", () => {
  it.each([
    ['CoinbaseTrapToken', 'block.coinbase', /a block builder/],
    ['GasPriceTrapToken', 'tx.gasprice', /30 gwei/],
  ])(
    '%s: the simulated round trip goes through, the real one does not (%s), in the same round trip',
    async (contract, variable, value) => {
      registry.requests = 0;
      const section = await sut.simulate({ chain: 'devnet', address: tokens[contract] });

      expect(section).toMatchObject({ possible: true, isHoneypot: false });
      expect(section.evasion).toEqual([
        {
          variable,
          value: expect.stringMatching(value),
          outcomes: ['the buy and the sell went through', expect.stringMatching(/^the (buy|sell) reverted/)],
        },
      ]);
      expect(registry.requests).toBe(1);
    },
  );

  it('finds nothing in a token that only logs the block and the transaction', async () => {
    const section = await sut.simulate({ chain: 'devnet', address: tokens.ContextLoggingToken });

    expect(section).toMatchObject({ possible: true, isHoneypot: false });
    expect(section.evasion).toEqual([]);
  });
});
