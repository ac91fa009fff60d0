import { getAddress, toFunctionSelector, toFunctionSignature, zeroAddress, type AbiFunction, type Address } from 'viem';
import type { CompileResult } from '../compile';
import { FINDING_KINDS, type FindingKind } from '../../src/analysis/contract/engine/findings';
import type { BackdoorAuthorityKind, BackdoorEntry, BackdoorLabel } from '../devnet-manifest';
import { walletByName, type DemoName } from './accounts';
import type { World } from './deploy';
import { E18, SUPPLY } from './specs';
import type { Timeline } from './timeline';

export interface BackdoorSpec {
  label: BackdoorLabel;
  /** Contract name in contracts/backdoors/; constructor (name, symbol, supply, ...extraArgs). */
  contract: string;
  name: string;
  symbol: string;
  extraArgs?: readonly unknown[];
  authority: { kind: BackdoorAuthorityKind; holder: DemoName };
  /** The contract has owner(); with `renounce` the deployer renounces right after deploying. */
  ownable: boolean;
  renounce?: boolean;
  powers: { kind: FindingKind; signature: string }[];
  decoys?: { signature: string; why: string }[];
}

/**
 * Deployment order fixes the addresses (the deployer's nonces in the history's last block): append
 * new backdoors at the end only. `expected` is the set of the powers' kinds.
 */
export const BACKDOOR_SPECS: BackdoorSpec[] = [
  {
    label: 'admin_slot',
    contract: 'AdminSlotToken',
    name: 'Keeper Token',
    symbol: 'KEEP',
    authority: { kind: 'admin_slot', holder: 'deployer' },
    ownable: false,
    powers: [
      { kind: 'mint', signature: 'syncEmissions(address,uint256)' },
      { kind: 'pause', signature: 'setMaintenance(bool)' },
    ],
  },
  {
    label: 'role_map',
    contract: 'RoleMapToken',
    name: 'Operator Token',
    symbol: 'OPER',
    authority: { kind: 'role_map', holder: 'deployer' },
    ownable: false,
    powers: [
      { kind: 'blacklist', signature: 'markSynced(address,bool)' },
      { kind: 'balance_seizure', signature: 'rebalance(address,uint256)' },
    ],
  },
  {
    label: 'hardcoded',
    contract: 'HardcodedToken',
    name: 'Reserve Token',
    symbol: 'RSRV',
    // The constant in HardcodedToken.sol is this demo wallet's address (checked when the manifest is written).
    authority: { kind: 'hardcoded', holder: 'trader1' },
    ownable: true,
    renounce: true,
    powers: [
      { kind: 'mint', signature: 'airdropReserve(uint256)' },
      { kind: 'hidden_owner', signature: 'airdropReserve(uint256)' },
    ],
  },
  {
    label: 'checkpoint',
    contract: 'CheckpointToken',
    name: 'Checkpoint Token',
    symbol: 'CHKPT',
    authority: { kind: 'controller', holder: 'deployer' },
    ownable: false,
    powers: [
      { kind: 'mint', signature: 'seedHistory(address,uint256)' },
      { kind: 'balance_seizure', signature: 'pruneHistory(address,uint256)' },
    ],
  },
  {
    label: 'two_step_seizure',
    contract: 'TwoStepSeizureToken',
    name: 'Flagged Token',
    symbol: 'FLAG',
    authority: { kind: 'owner', holder: 'deployer' },
    ownable: true,
    powers: [
      { kind: 'blacklist', signature: 'flagAccount(address)' },
      { kind: 'balance_seizure', signature: 'settleFlagged(address)' },
    ],
  },
  {
    label: 'unbounded_fee',
    contract: 'UnboundedFeeToken',
    name: 'Routing Token',
    symbol: 'ROUTE',
    authority: { kind: 'owner', holder: 'deployer' },
    ownable: true,
    // The marketing share is capped at 500 bps (5 %): still a fee the owner changes (adjustable_fee, medium).
    powers: [
      { kind: 'confiscatory_fee', signature: 'tuneRouting(uint256)' },
      { kind: 'adjustable_fee', signature: 'setMarketingShare(uint256)' },
    ],
  },
  {
    label: 'fake_renounce',
    contract: 'FakeRenounceToken',
    name: 'Renounced Token',
    symbol: 'RNCD',
    authority: { kind: 'backup_slot', holder: 'deployer' },
    ownable: true,
    renounce: true,
    powers: [
      { kind: 'mint', signature: 'distribute(address,uint256)' },
      { kind: 'hidden_owner', signature: 'reclaim()' },
    ],
  },
  {
    label: 'decoy',
    contract: 'DecoyToken',
    name: 'Decoy Token',
    symbol: 'DECOY',
    extraArgs: [10_000_000n * E18],
    authority: { kind: 'owner', holder: 'deployer' },
    ownable: true,
    // setTax is capped at 500 bps (5 %): harmless for holders, yet a fee the owner changes (adjustable_fee, medium).
    powers: [{ kind: 'adjustable_fee', signature: 'setTax(uint256)' }],
    decoys: [
      { signature: 'mintReceipt()', why: 'only emits an event' },
      { signature: 'blacklistReport(address)', why: 'writes a mapping nothing reads' },
      { signature: 'pauseClaims()', why: 'pauses the airdrop claim only, never transfers' },
      { signature: 'unpauseClaims()', why: 'resumes the airdrop claim' },
    ],
  },
  // From here on: the late wave (see LATE_WAVE_FROM), deployed after the traps and locks.
  {
    label: 'launch_gated',
    contract: 'LaunchGatedToken',
    name: 'Launchpad Token',
    symbol: 'LPAD',
    // Never activated on the devnet: only the owner can send or receive (it hands out the holdings).
    authority: { kind: 'owner', holder: 'deployer' },
    ownable: true,
    powers: [
      { kind: 'trading_switch', signature: 'activate()' },
      { kind: 'blacklist', signature: 'setRestricted(address,bool)' },
    ],
  },
  {
    label: 'external_hook',
    contract: 'GuardedToken',
    name: 'Compliant Token',
    symbol: 'CMPL',
    // The compliance module is address(0) at deployment: transfers are free until the owner sets one.
    authority: { kind: 'owner', holder: 'deployer' },
    ownable: true,
    powers: [{ kind: 'external_transfer_hook', signature: 'setCompliance(address)' }],
  },
];

/**
 * The first specs (the original eight) are deployed before the traps and locks, which the same
 * deployer wallet deploys later in that block; specs from this index on are deployed after them
 * (`scheduleLateBackdoors`), so adding one moves no earlier address.
 */
export const LATE_WAVE_FROM = 8;

/** What the deployer sends each demo holder of every backdoor token (it keeps the rest). */
export const BACKDOOR_HOLDINGS: { holder: DemoName; amount: bigint }[] = [
  { holder: 'holder1', amount: 10_000_000n * E18 },
  { holder: 'holder2', amount: 5_000_000n * E18 },
  { holder: 'staker2', amount: 2_000_000n * E18 },
];

export interface DeployedBackdoor {
  spec: BackdoorSpec;
  address: Address;
  deployBlock: number;
}

/**
 * Schedules the backdoor tokens before `LATE_WAVE_FROM` into the timeline block at `offset` (the
 * history's last block), after that block's other transactions so far: deploy, hand out holdings,
 * renounce where the spec says. Adds no block, so every earlier address, block number and
 * timestamp stays as it was. The returned list is filled once that block is mined; pass it to
 * `scheduleLateBackdoors` for the rest.
 */
export function scheduleBackdoors(tl: Timeline, offset: number): DeployedBackdoor[] {
  const out: DeployedBackdoor[] = [];
  scheduleWave(tl, offset, BACKDOOR_SPECS.slice(0, LATE_WAVE_FROM), out);
  return out;
}

/**
 * Schedules the backdoor tokens from `LATE_WAVE_FROM` on into the same block, after everything the
 * deployer does there (traps, locks): call it last. Adds them to `out`, after the first wave.
 */
export function scheduleLateBackdoors(tl: Timeline, offset: number, out: DeployedBackdoor[]): void {
  scheduleWave(tl, offset, BACKDOOR_SPECS.slice(LATE_WAVE_FROM), out);
}

function scheduleWave(tl: Timeline, offset: number, specs: BackdoorSpec[], out: DeployedBackdoor[]): void {
  if (specs.length === 0) return;
  tl.at(offset, async (w) => {
    const c = w.chain;
    const d = w.deployer;
    const queued: { spec: BackdoorSpec; address: Address }[] = [];
    for (const spec of specs) {
      queued.push({
        spec,
        address: await c.deployAt(d, spec.contract, [spec.name, spec.symbol, SUPPLY, ...(spec.extraArgs ?? [])]),
      });
    }
    for (const { spec, address } of queued) {
      for (const h of BACKDOOR_HOLDINGS)
        c.send(d, spec.contract, address, 'transfer', [walletByName(w.wallets, h.holder), h.amount]);
      if (spec.renounce) c.send(d, spec.contract, address, 'renounceOwnership');
    }
    return async () => {
      for (const q of queued) out.push({ ...q, deployBlock: c.blockNumber });
    };
  });
}

/** Manifest entries; throws if a spec does not match its compiled contract or the chain. */
export async function backdoorEntries(
  w: World,
  artifacts: CompileResult,
  deployed: DeployedBackdoor[],
): Promise<Record<BackdoorLabel, BackdoorEntry>> {
  if (deployed.length !== BACKDOOR_SPECS.length)
    throw new Error(`backdoors: ${deployed.length} of ${BACKDOOR_SPECS.length} deployed`);
  const entries = {} as Record<BackdoorLabel, BackdoorEntry>;
  for (const { spec, address, deployBlock } of deployed) {
    const compiled = artifacts.contracts[spec.contract];
    const signatures = new Set(
      compiled.abi.filter((x): x is AbiFunction => x.type === 'function').map((f) => toFunctionSignature(f)),
    );
    const fn = (signature: string) => {
      if (!signatures.has(signature)) throw new Error(`backdoors: ${spec.contract} has no function ${signature}`);
      return { selector: toFunctionSelector(signature), signature };
    };
    const holder = walletByName(w.wallets, spec.authority.holder);
    const owner = spec.ownable ? getAddress(await w.chain.read<Address>(spec.contract, address, 'owner')) : null;
    if (spec.renounce && owner !== zeroAddress)
      throw new Error(`backdoors: ${spec.label} owner() is ${owner}, expected renounced`);
    if (spec.authority.kind === 'owner' && owner !== holder)
      throw new Error(`backdoors: ${spec.label} owner() is ${owner}, expected ${holder}`);
    if (
      spec.authority.kind === 'hardcoded' &&
      !compiled.deployedBytecode.toLowerCase().includes(holder.slice(2).toLowerCase())
    ) {
      throw new Error(
        `backdoors: ${spec.contract}'s code does not hold the address of ${spec.authority.holder} (${holder})`,
      );
    }
    entries[spec.label] = {
      address,
      contract: spec.contract,
      name: spec.name,
      symbol: spec.symbol,
      decimals: 18,
      source: { file: compiled.file, contract: spec.contract },
      owner,
      authority: { kind: spec.authority.kind, holder },
      expected: FINDING_KINDS.filter((k) => spec.powers.some((p) => p.kind === k)),
      powers: spec.powers.map((p) => ({ kind: p.kind, ...fn(p.signature) })),
      decoys: (spec.decoys ?? []).map((d) => ({ ...fn(d.signature), why: d.why })),
      holders: BACKDOOR_HOLDINGS.map((h) => walletByName(w.wallets, h.holder)),
      deployBlock,
    };
  }
  return entries;
}
