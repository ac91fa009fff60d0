import { encodeDeployData, getAddress, isHex, type AbiParameter, type Address, type Hex } from 'viem';
import type { CompiledRow, DeployedRow, RowFailure } from '../types';
import { PROFILES, synthesizeArgs, type ArgContext } from './args';
import { DEPLOY_GAS, type EvalChain } from './eval-chain';

export type DeployOutcome = { ok: true; deployed: DeployedRow } | { ok: false; failure: RowFailure };

const fail = (reason: string): DeployOutcome => ({ ok: false, failure: { step: 'deploy', reason } });
const errText = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0] : String(err));

/**
 * Deploys a compiled token from a fresh deployer account of its own, with constructor arguments
 * synthesized from the ABI (see args.ts); up to four argument sets are tried when the
 * constructor reverts. Never throws.
 */
export async function deployRow(chain: EvalChain, compiled: CompiledRow): Promise<DeployOutcome> {
  try {
    return await deployInner(chain, compiled);
  } catch (err) {
    return fail(`harness error: ${errText(err)}`);
  }
}

async function deployInner(chain: EvalChain, compiled: CompiledRow): Promise<DeployOutcome> {
  const bytecode = compiled.bytecode;
  if (!bytecode || bytecode === '0x') return fail('no creation bytecode (abstract contract or interface)');
  if (/__\$?[0-9A-Za-z_.:/$]{2,}/.test(bytecode) || !isHex(bytecode)) {
    return fail('creation bytecode has unlinked library placeholders');
  }
  const ctor = compiled.abi.find((x) => x.type === 'constructor') as
    { inputs?: readonly AbiParameter[]; stateMutability?: string; payable?: boolean } | undefined;
  const inputs = ctor?.inputs ?? [];
  const payable = ctor?.stateMutability === 'payable' || ctor?.payable === true;

  const deployer = await chain.newAccount('deployer', 10_000n);
  const roleWallets = new Map<string, Address>();
  const { number, timestamp } = await chain.latest();
  const ctx: ArgContext = {
    now: timestamp,
    block: number,
    deployer,
    dex: chain.dex,
    async wallet(role) {
      let a = roleWallets.get(role);
      if (!a) {
        a = await chain.newAccount(`role-${role}`, 100n);
        roleWallets.set(role, a);
      }
      return a;
    },
  };

  const tried: string[] = [];
  const profiles = inputs.length === 0 && !payable ? PROFILES.slice(0, 1) : PROFILES;
  for (const profile of profiles) {
    const args = await synthesizeArgs(inputs, profile, ctx);
    let data: Hex;
    try {
      data = encodeDeployData({ abi: compiled.abi, bytecode, args: args.values } as never);
    } catch (err) {
      tried.push(`${profile.label}: cannot encode (${errText(err)})`);
      continue;
    }
    const value = payable ? profile.value : 0n;
    const r = await chain.send({ from: deployer, data, gas: DEPLOY_GAS, value }, { abi: compiled.abi });
    if (!r.ok || !r.contractAddress) {
      tried.push(`${profile.label}: ${r.reason ?? 'no contract created'}`);
      continue;
    }
    const code = await chain.rpc.call<Hex>('eth_getCode', [r.contractAddress, 'latest']);
    if (!code || code === '0x') {
      tried.push(`${profile.label}: constructor left no runtime code`);
      continue;
    }
    const note =
      profile === PROFILES[0]
        ? []
        : [`(argument set '${profile.label}'; the first reverted: ${tried[0]?.replace(/^[^:]*: /, '')})`];
    if (payable && value > 0n) note.push(`(sent ${Number(value) / 1e18} ETH with the deployment)`);
    chain.log(`deploy ${compiled.contract}: ${r.contractAddress} by ${deployer}`);
    return {
      ok: true,
      deployed: { token: getAddress(r.contractAddress), deployer, constructorArgs: [...args.text, ...note] },
    };
  }
  const first = tried[0] ?? 'no attempt';
  const reason =
    tried.length <= 1
      ? `constructor reverted: ${first.replace(/^[^:]*: /, '')}`
      : `constructor reverted with ${tried.length} argument sets: ${tried.join('; ')}`;
  return fail(reason);
}
