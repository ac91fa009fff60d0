import { join } from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  http,
  maxUint256,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { readManifest } from '../../devnet';
import { compileContracts } from '../../devnet/compile';

const rpcUrl = () => process.env.TEST_DEVNET_RPC_URL!;
const routerAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);
const E18 = 10n ** 18n;

/** The contracts of contracts/ (fixtures included), compiled once per test file. */
export const compiledContracts = compileContracts(join(__dirname, '../../.data/solc-cache'));

/** Gives the devnet's deployer ETH enough for any listing (10,000). */
export async function fundDeployer(): Promise<void> {
  const deployer = readManifest().wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl()) }).setBalance({
    address: deployer,
    value: 10_000n * E18,
  });
}

/** Deploys `contract` from the devnet's deployer; its address. */
export async function deployOnDevnet(
  contract: string,
  args: { types: string[]; values: unknown[] } = { types: [], values: [] },
): Promise<Address> {
  const { wallet, mined } = deployerWallet(contract);
  const encoded = encodeAbiParameters(
    args.types.map((type) => ({ type })),
    args.values,
  );
  const data = `${compiledContracts.contracts[contract].bytecode}${encoded.slice(2)}` as Hex;
  return (await mined(await wallet.sendTransaction({ data, gas: 8_000_000n }))).contractAddress!;
}

function deployerWallet(contract: string) {
  const manifest = readManifest();
  const devnet = defineChain({
    id: manifest.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl()] } },
  });
  const deployer = manifest.wallets.find((w) => w.roles.includes('deployer'))!.address as Address;
  const wallet = createWalletClient({ account: deployer, chain: devnet, transport: http(rpcUrl()) });
  const pub = createPublicClient({ transport: http(rpcUrl()) });
  const mined = async (hash: Hex) => {
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`${contract}: transaction ${hash} reverted`);
    return receipt;
  };
  return { manifest, deployer, wallet, mined };
}

/**
 * Deploys `contract` from the devnet's deployer (its supply to the deployer; `args` ABI-encoded for the
 * constructor) and lists 100M of it against 50 ETH on the devnet's V2 router. Run inside a snapshot.
 */
export async function listOnDevnet(
  contract: string,
  args: { types: string[]; values: unknown[] } = { types: [], values: [] },
): Promise<Address> {
  const { manifest, deployer, wallet, mined } = deployerWallet(contract);
  const token = await deployOnDevnet(contract, args);
  const router = manifest.contracts.UniswapV2Router02 as Address;
  await mined(
    await wallet.writeContract({ address: token, abi: routerAbi, functionName: 'approve', args: [router, maxUint256] }),
  );
  await mined(
    await wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'addLiquidityETH',
      args: [token, 100_000_000n * E18, 0n, 0n, deployer, 2n ** 40n],
      value: 50n * E18,
      gas: 6_000_000n,
    }),
  );
  return token;
}
