/**
 * Direct chain access for the devnet suites (devnet, backdoors): the devnet started by the jest
 * global setup (TEST_DEVNET_RPC_URL), or one of the suite's own; viem clients; compiled ABIs.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  keccak256,
  parseEther,
  toHex,
  type Abi,
  type Address,
} from 'viem';
import { compileContracts, readManifest, startDevnet, type DevnetHandle, type DevnetManifest } from '../../devnet';
import { projectRoot } from '../../devnet/paths';

export function makeClients(url: string, multicall3: Address) {
  const chain = defineChain({
    id: 31337,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: multicall3 } },
  });
  const transport = http(url);
  return {
    pub: createPublicClient({ chain, transport, pollingInterval: 50 }),
    wallet: createWalletClient({ chain, transport }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  };
}

export type DevnetClients = ReturnType<typeof makeClients>;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The global setup's devnet when there is one, otherwise a devnet of the suite's own (`own`: stop it after). */
export async function connectDevnet(): Promise<{ rpcUrl: string; manifest: DevnetManifest; own?: DevnetHandle }> {
  if (process.env.TEST_DEVNET_RPC_URL) return { rpcUrl: process.env.TEST_DEVNET_RPC_URL, manifest: readManifest() };
  const own = await startDevnet({ port: await freePort(), dataDir: join(projectRoot(), '.data') });
  return { rpcUrl: own.rpcUrl, manifest: own.manifest, own };
}

/** ABIs of every contract in contracts/, by contract name (compiled once, cached in .data). */
export function compiledAbis(): Record<string, Abi> {
  return Object.fromEntries(
    Object.values(compileContracts(join(projectRoot(), '.data', 'contracts-cache')).contracts).map((c) => [
      c.contract,
      c.abi,
    ]),
  );
}

/** A funded address nobody has used: no whitelist, no exemptions, no history. */
let freshCounter = 0;
export async function freshWallet(test: DevnetClients['test']): Promise<Address> {
  const addr = getAddress(`0x${keccak256(toHex(`e2e:${Date.now()}:${freshCounter++}`)).slice(-40)}`);
  await test.setBalance({ address: addr, value: parseEther('100') });
  return addr;
}
