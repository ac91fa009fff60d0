/**
 * The devnet's backdoor tokens (contracts/backdoors/, `backdoors` in devnet/manifest.json): every
 * label must be TRUE on chain. Each power is used by its authority (transactions, impersonating
 * the hard-coded wallet) and shown to revert for a stranger; the decoy's scary functions are shown
 * to be harmless. Every test runs between evm_snapshot / evm_revert, leaving the world untouched.
 */
import { join } from 'node:path';
import {
  encodeFunctionData,
  getAbiItem,
  keccak256,
  toBytes,
  toFunctionSelector,
  toFunctionSignature,
  toHex,
  zeroAddress,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
} from 'viem';
import {
  compileContracts,
  type BackdoorEntry,
  type BackdoorLabel,
  type DevnetHandle,
  type DevnetManifest,
} from '../devnet';
import { projectRoot } from '../devnet/paths';
import { FINDING_KINDS, type FindingKind } from '../src/analysis/contract/engine/findings';
import { compiledAbis, connectDevnet, freshWallet, makeClients, type DevnetClients } from './support/devnet-chain';

const EXPECTED: Record<BackdoorLabel, FindingKind[]> = {
  admin_slot: ['mint', 'pause'],
  role_map: ['balance_seizure', 'blacklist'],
  hardcoded: ['mint', 'hidden_owner'],
  checkpoint: ['mint', 'balance_seizure'],
  two_step_seizure: ['blacklist', 'balance_seizure'],
  unbounded_fee: ['confiscatory_fee', 'adjustable_fee'],
  fake_renounce: ['mint', 'hidden_owner'],
  decoy: ['adjustable_fee'],
  launch_gated: ['trading_switch', 'blacklist'],
  external_hook: ['external_transfer_hook'],
};
/** Names a disguised power must not carry (the decoy is the one token allowed scary names). */
const TELLTALE = /mint|pause|black|fee|tax|freeze|burn|seize|destroy|generate|confiscat/i;
const E18 = 10n ** 18n;
const SUPPLY = 1_000_000_000n * E18;

let own: DevnetHandle | undefined;
let m: DevnetManifest;
let abis: Record<string, Abi>;
let pub: DevnetClients['pub'];
let wallet: DevnetClients['wallet'];
let test: DevnetClients['test'];

beforeAll(async () => {
  let rpcUrl: string;
  ({ rpcUrl, manifest: m, own } = await connectDevnet());
  abis = compiledAbis();
  ({ pub, wallet, test } = makeClients(rpcUrl, m.contracts.Multicall3));
});

afterAll(async () => {
  await own?.stop();
});

let snapshot: Hex;
beforeEach(async () => {
  snapshot = await test.snapshot();
});
afterEach(async () => {
  await test.revert({ id: snapshot });
});

const bd = (label: BackdoorLabel): BackdoorEntry => m.backdoors[label];
const abiOf = (label: BackdoorLabel): Abi => abis[bd(label).contract];
const byName = (name: string): Address => m.wallets.find((w) => w.name === name)!.address;

function read<T>(label: BackdoorLabel, functionName: string, args: unknown[] = []): Promise<T> {
  return pub.readContract({ address: bd(label).address, abi: abiOf(label), functionName, args } as never) as Promise<T>;
}
const supply = (label: BackdoorLabel) => read<bigint>(label, 'totalSupply');
const balance = (label: BackdoorLabel, who: Address) => read<bigint>(label, 'balanceOf', [who]);

/**
 * A mined transaction from `from` that must succeed. Explicit gas: anvil estimates against the
 * latest block, where CheckpointToken overwrites that block's checkpoint instead of pushing a new
 * one (cheaper), so an estimated limit runs out of gas in the next block.
 */
async function send(label: BackdoorLabel, from: Address, functionName: string, args: unknown[] = []): Promise<void> {
  const hash = await wallet.writeContract({
    account: from,
    address: bd(label).address,
    abi: abiOf(label),
    functionName,
    args,
    gas: 1_000_000n,
    chain: undefined,
  } as never);
  expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success');
}

/** eth_call from `from` must revert. */
async function reverts(label: BackdoorLabel, from: Address, functionName: string, args: unknown[] = []): Promise<void> {
  await expect(
    pub.simulateContract({ account: from, address: bd(label).address, abi: abiOf(label), functionName, args } as never),
  ).rejects.toThrow();
}

/** Sends `amount` from `from` to a fresh wallet; returns what arrived. */
async function transferToFresh(label: BackdoorLabel, from: Address, amount: bigint): Promise<bigint> {
  const to = await freshWallet(test);
  await send(label, from, 'transfer', [to, amount]);
  return balance(label, to);
}

const labels = (): BackdoorLabel[] => Object.keys(m.backdoors) as BackdoorLabel[];

describe('backdoor tokens: the manifest', () => {
  it('lists the ten backdoors with their expected finding kinds', () => {
    expect(Object.keys(m.backdoors).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const label of labels()) {
      expect({ label, expected: [...bd(label).expected].sort() }).toEqual({
        label,
        expected: [...EXPECTED[label]].sort(),
      });
      for (const k of bd(label).expected) expect(FINDING_KINDS).toContain(k);
    }
  });

  it('each expected kind has a power, each power backs an expected kind, and selectors match signatures and code', async () => {
    for (const label of labels()) {
      const b = bd(label);
      expect(new Set(b.powers.map((p) => p.kind))).toEqual(new Set(b.expected));
      const code = (await pub.getCode({ address: b.address }))!.toLowerCase();
      const signatures = abiOf(label)
        .filter((x): x is AbiFunction => x.type === 'function')
        .map((f) => toFunctionSignature(f));
      for (const p of [...b.powers, ...b.decoys]) {
        expect(p.selector).toBe(toFunctionSelector(p.signature));
        expect(signatures).toContain(p.signature);
        // The dispatcher compares against it: a bytecode engine finds it without the ABI.
        expect(code).toContain(p.selector.slice(2));
      }
    }
  });

  it('disguises every power: no telltale function names outside the decoy', () => {
    for (const label of labels().filter((l) => l !== 'decoy')) {
      const names = abiOf(label)
        .filter((x): x is AbiFunction => x.type === 'function')
        .map((f) => f.name);
      expect({ label, telltale: names.filter((n) => TELLTALE.test(n)) }).toEqual({ label, telltale: [] });
    }
    const decoyNames = abiOf('decoy')
      .filter((x): x is AbiFunction => x.type === 'function')
      .map((f) => f.name);
    expect(decoyNames).toEqual(expect.arrayContaining(['mintReceipt', 'blacklistReport', 'pauseClaims', 'setTax']));
  });

  it('publishes every backdoor source, byte for byte', async () => {
    const compiled = compileContracts(join(projectRoot(), '.data', 'contracts-cache')).contracts;
    for (const label of labels()) {
      const b = bd(label);
      expect(b.source).toEqual({ file: `backdoors/${b.contract}.sol`, contract: b.contract });
      expect(m.published).toContainEqual({ address: b.address, ...b.source });
      expect(await pub.getCode({ address: b.address })).toBe(compiled[b.contract].deployedBytecode);
    }
  });

  it('records owner() as it is on chain (null without owner(), zero when renounced)', async () => {
    for (const label of labels()) {
      const b = bd(label);
      const hasOwner = abiOf(label).some((x) => x.type === 'function' && x.name === 'owner');
      if (b.owner === null) expect({ label, hasOwner }).toEqual({ label, hasOwner: false });
      else expect({ label, owner: await read<Address>(label, 'owner') }).toEqual({ label, owner: b.owner });
      if (b.authority.kind === 'owner') expect(b.owner).toBe(b.authority.holder);
    }
    expect(bd('hardcoded').owner).toBe(zeroAddress);
    expect(bd('fake_renounce').owner).toBe(zeroAddress);
  });

  it('gives every token a real supply held by the deployer and three demo holders', async () => {
    const deployer = byName('deployer');
    for (const label of labels()) {
      const b = bd(label);
      expect(await supply(label)).toBe(SUPPLY);
      expect(b.holders).toEqual([byName('holder1'), byName('holder2'), byName('staker2')]);
      for (const h of b.holders) expect(await balance(label, h)).toBeGreaterThan(0n);
      expect(await balance(label, deployer)).toBeGreaterThan(SUPPLY / 2n);
      expect(b.deployBlock).toBe(m.history.toBlock);
    }
  });

  it('a stranger cannot use any power (every power call reverts)', async () => {
    const stranger = await freshWallet(test);
    const victim = byName('holder1');
    const argFor = (type: string): unknown => (type === 'address' ? victim : type === 'bool' ? true : 1n);
    for (const label of labels()) {
      for (const p of bd(label).powers) {
        const fn = getAbiItem({
          abi: abiOf(label),
          name: p.signature.slice(0, p.signature.indexOf('(')),
        }) as AbiFunction;
        const data = encodeFunctionData({ abi: [fn], args: fn.inputs.map((i) => argFor(i.type)) } as never);
        await expect(pub.call({ account: stranger, to: bd(label).address, data })).rejects.toThrow();
      }
    }
  });
});

describe('backdoor tokens: each power, used by its authority', () => {
  it('admin_slot: a keeper hidden in a storage slot mints (syncEmissions) and freezes all transfers (setMaintenance)', async () => {
    const { authority, holders } = bd('admin_slot');
    expect(authority.kind).toBe('admin_slot');
    expect(abiOf('admin_slot').some((x) => x.type === 'function' && x.name === 'owner')).toBe(false);
    const slot = toHex(BigInt(keccak256(toBytes('emissions.keeper'))) - 1n, { size: 32 });
    const stored = await pub.getStorageAt({ address: bd('admin_slot').address, slot });
    expect(`0x${stored!.slice(-40)}`.toLowerCase()).toBe(authority.holder.toLowerCase());

    const stranger = await freshWallet(test);
    const before = await supply('admin_slot');
    await send('admin_slot', authority.holder, 'syncEmissions', [stranger, 777n * E18]);
    expect(await supply('admin_slot')).toBe(before + 777n * E18);
    expect(await balance('admin_slot', stranger)).toBe(777n * E18);
    await reverts('admin_slot', stranger, 'syncEmissions', [stranger, 1n]);
    await reverts('admin_slot', stranger, 'setMaintenance', [true]);

    expect(await transferToFresh('admin_slot', holders[0], 1n)).toBe(1n);
    await send('admin_slot', authority.holder, 'setMaintenance', [true]);
    for (const who of [holders[0], holders[1], stranger, authority.holder])
      await reverts('admin_slot', who, 'transfer', [holders[2], 1n]);
    await send('admin_slot', authority.holder, 'setMaintenance', [false]);
    expect(await transferToFresh('admin_slot', holders[0], 1n)).toBe(1n);
  });

  it("role_map: an operator freezes a chosen holder (markSynced) and burns another holder's balance (rebalance)", async () => {
    const { authority, holders } = bd('role_map');
    const [victim, other, target] = holders;
    const stranger = await freshWallet(test);
    await reverts('role_map', stranger, 'markSynced', [victim, true]);
    await reverts('role_map', stranger, 'rebalance', [target, 1n]);

    await send('role_map', authority.holder, 'markSynced', [victim, true]);
    await reverts('role_map', victim, 'transfer', [other, 1n]);
    await send('role_map', victim, 'approve', [stranger, 10n]);
    await reverts('role_map', stranger, 'transferFrom', [victim, stranger, 1n]);
    expect(await transferToFresh('role_map', other, 5n)).toBe(5n);
    await send('role_map', authority.holder, 'markSynced', [victim, false]);
    expect(await transferToFresh('role_map', victim, 5n)).toBe(5n);

    const held = await balance('role_map', target);
    const before = await supply('role_map');
    await send('role_map', authority.holder, 'rebalance', [target, held]);
    expect(await balance('role_map', target)).toBe(0n);
    expect(await supply('role_map')).toBe(before - held);
  });

  it('hardcoded: owner() is renounced, yet the hard-coded wallet still mints (airdropReserve)', async () => {
    const { authority, address } = bd('hardcoded');
    expect(authority.kind).toBe('hardcoded');
    expect(await read<Address>('hardcoded', 'owner')).toBe(zeroAddress);
    expect((await pub.getCode({ address }))!.toLowerCase()).toContain(authority.holder.slice(2).toLowerCase());
    const stranger = await freshWallet(test);
    await reverts('hardcoded', stranger, 'airdropReserve', [1n]);
    await reverts('hardcoded', byName('deployer'), 'airdropReserve', [1n]); // the former owner cannot

    await test.impersonateAccount({ address: authority.holder });
    try {
      const before = await supply('hardcoded');
      const held = await balance('hardcoded', authority.holder);
      await send('hardcoded', authority.holder, 'airdropReserve', [5_000_000n * E18]);
      expect(await supply('hardcoded')).toBe(before + 5_000_000n * E18);
      expect(await balance('hardcoded', authority.holder)).toBe(held + 5_000_000n * E18);
    } finally {
      await test.stopImpersonatingAccount({ address: authority.holder });
    }
  });

  it("checkpoint: the controller creates tokens (seedHistory) and destroys a holder's tokens without approval (pruneHistory)", async () => {
    const { authority, holders } = bd('checkpoint');
    expect(await read<Address>('checkpoint', 'controller')).toBe(authority.holder);
    const stranger = await freshWallet(test);
    await reverts('checkpoint', stranger, 'seedHistory', [stranger, 1n]);
    await reverts('checkpoint', stranger, 'pruneHistory', [holders[0], 1n]);

    const before = await supply('checkpoint');
    await send('checkpoint', authority.holder, 'seedHistory', [stranger, 42n * E18]);
    expect(await supply('checkpoint')).toBe(before + 42n * E18);
    expect(await balance('checkpoint', stranger)).toBe(42n * E18);

    const victim = holders[0];
    const held = await balance('checkpoint', victim);
    const block = await pub.getBlockNumber();
    await send('checkpoint', authority.holder, 'pruneHistory', [victim, held]);
    expect(await balance('checkpoint', victim)).toBe(0n);
    expect(await supply('checkpoint')).toBe(before + 42n * E18 - held);
    // The checkpoint ledger still answers for the past.
    expect(await read<bigint>('checkpoint', 'balanceOfAt', [victim, block])).toBe(held);
    await reverts('checkpoint', victim, 'transfer', [stranger, 1n]);
  });

  it('two_step_seizure: the owner flags a holder (it can no longer send), then wipes its balance (settleFlagged)', async () => {
    const { authority, holders } = bd('two_step_seizure');
    const [victim, other] = holders;
    const stranger = await freshWallet(test);
    await reverts('two_step_seizure', stranger, 'flagAccount', [victim]);
    await reverts('two_step_seizure', authority.holder, 'settleFlagged', [victim]); // only flagged accounts

    await send('two_step_seizure', authority.holder, 'flagAccount', [victim]);
    await reverts('two_step_seizure', victim, 'transfer', [other, 1n]);
    expect(await transferToFresh('two_step_seizure', other, 3n)).toBe(3n);
    await reverts('two_step_seizure', stranger, 'settleFlagged', [victim]);

    const held = await balance('two_step_seizure', victim);
    const before = await supply('two_step_seizure');
    await send('two_step_seizure', authority.holder, 'settleFlagged', [victim]);
    expect(await balance('two_step_seizure', victim)).toBe(0n);
    expect(await supply('two_step_seizure')).toBe(before - held);
  });

  it('unbounded_fee: tuneRouting has no cap, so a wallet-to-wallet transfer can deliver under 50 %; the marketing share is capped', async () => {
    const { authority, holders } = bd('unbounded_fee');
    const sender = holders[0];
    const amount = 1_000n * E18;
    const stranger = await freshWallet(test);
    await reverts('unbounded_fee', stranger, 'tuneRouting', [9000n]);

    expect(await transferToFresh('unbounded_fee', sender, amount)).toBeGreaterThan((amount * 95n) / 100n);
    await send('unbounded_fee', authority.holder, 'tuneRouting', [9000n]);
    const collected = await balance('unbounded_fee', authority.holder);
    const arrived = await transferToFresh('unbounded_fee', sender, amount);
    expect(arrived).toBeLessThanOrEqual(amount / 2n);
    expect(await balance('unbounded_fee', authority.holder)).toBe(collected + amount - arrived);
    // Above 100 % it takes everything, and the transfer still goes through (a fee, not a pause).
    await send('unbounded_fee', authority.holder, 'tuneRouting', [50_000n]);
    expect(await transferToFresh('unbounded_fee', sender, amount)).toBe(0n);

    // The decoy: capped at 5 %, so even at its maximum a holder keeps far more than half.
    await send('unbounded_fee', authority.holder, 'tuneRouting', [0n]);
    await reverts('unbounded_fee', authority.holder, 'setMarketingShare', [501n]);
    await send('unbounded_fee', authority.holder, 'setMarketingShare', [500n]);
    expect(await transferToFresh('unbounded_fee', sender, amount)).toBe((amount * 95n) / 100n);
  });

  it('fake_renounce: owner() is zero, but the backup slot reclaims ownership and mints (distribute)', async () => {
    const { authority } = bd('fake_renounce');
    expect(authority.kind).toBe('backup_slot');
    expect(await read<Address>('fake_renounce', 'owner')).toBe(zeroAddress);
    const stranger = await freshWallet(test);
    await reverts('fake_renounce', authority.holder, 'distribute', [stranger, 1n]); // renounced: no owner yet
    await reverts('fake_renounce', stranger, 'reclaim');

    await send('fake_renounce', authority.holder, 'reclaim');
    expect(await read<Address>('fake_renounce', 'owner')).toBe(authority.holder);
    const before = await supply('fake_renounce');
    await send('fake_renounce', authority.holder, 'distribute', [stranger, 1_000_000n * E18]);
    expect(await supply('fake_renounce')).toBe(before + 1_000_000n * E18);
    expect(await balance('fake_renounce', stranger)).toBe(1_000_000n * E18);
    await reverts('fake_renounce', stranger, 'distribute', [stranger, 1n]);
  });

  it('decoy: the scary functions change no balance, block no transfer, and the tax stays at most 5 %', async () => {
    const { authority, holders, powers, expected } = bd('decoy');
    // Its only power is the capped tax: a fee the owner changes, never more than 5 %.
    expect(powers.map((p) => [p.kind, p.signature])).toEqual([['adjustable_fee', 'setTax(uint256)']]);
    expect(expected).toEqual(['adjustable_fee']);
    const [victim, other] = holders;
    const supplyBefore = await supply('decoy');
    const balances = await Promise.all(holders.map((h) => balance('decoy', h)));

    await send('decoy', authority.holder, 'mintReceipt');
    expect(await read<bigint>('decoy', 'receiptCount')).toBe(1n);
    expect(await supply('decoy')).toBe(supplyBefore);
    expect(await Promise.all(holders.map((h) => balance('decoy', h)))).toEqual(balances);

    await send('decoy', authority.holder, 'blacklistReport', [victim]);
    expect(await transferToFresh('decoy', victim, 7n)).toBe(7n);

    const claimer = await freshWallet(test);
    await send('decoy', authority.holder, 'pauseClaims');
    await reverts('decoy', claimer, 'claimAirdrop');
    expect(await transferToFresh('decoy', other, 7n)).toBe(7n);
    await send('decoy', authority.holder, 'unpauseClaims');
    await send('decoy', claimer, 'claimAirdrop');
    expect(await balance('decoy', claimer)).toBe(1_000n * E18);

    await reverts('decoy', authority.holder, 'setTax', [501n]);
    await send('decoy', authority.holder, 'setTax', [500n]);
    expect(await transferToFresh('decoy', victim, 1_000n)).toBe(950n);
    expect(await supply('decoy')).toBe(supplyBefore);
  });

  it('launch_gated: nothing moves before activate() (only the owner sends or receives); after it, the owner blocks a chosen sender (setRestricted)', async () => {
    const { authority, holders } = bd('launch_gated');
    const [victim, other] = holders;
    const stranger = await freshWallet(test);
    expect(await read<boolean>('launch_gated', 'launched')).toBe(false); // the devnet never launches it
    await reverts('launch_gated', stranger, 'activate');
    await reverts('launch_gated', stranger, 'setRestricted', [victim, true]);

    // Before launch: holders are stuck, the owner still hands out tokens and receives them.
    await reverts('launch_gated', victim, 'transfer', [other, 1n]);
    await send('launch_gated', victim, 'approve', [stranger, 10n]);
    await reverts('launch_gated', stranger, 'transferFrom', [victim, stranger, 1n]);
    expect(await transferToFresh('launch_gated', authority.holder, 5n)).toBe(5n);
    await send('launch_gated', victim, 'transfer', [authority.holder, 1n]);

    await send('launch_gated', authority.holder, 'activate');
    expect(await transferToFresh('launch_gated', victim, 5n)).toBe(5n);
    await send('launch_gated', authority.holder, 'setRestricted', [victim, true]);
    await reverts('launch_gated', victim, 'transfer', [other, 1n]);
    await reverts('launch_gated', stranger, 'transferFrom', [victim, stranger, 1n]);
    expect(await transferToFresh('launch_gated', other, 5n)).toBe(5n);
    await send('launch_gated', authority.holder, 'setRestricted', [victim, false]);
    expect(await transferToFresh('launch_gated', victim, 5n)).toBe(5n);
  });

  it('external_hook: the owner points every transfer at a contract of its choice (setCompliance), which can then refuse them all', async () => {
    const { authority, holders } = bd('external_hook');
    const [victim, other] = holders;
    const stranger = await freshWallet(test);
    expect(await read<Address>('external_hook', 'compliance')).toBe(zeroAddress);
    await reverts('external_hook', stranger, 'setCompliance', [stranger]);
    expect(await transferToFresh('external_hook', victim, 5n)).toBe(5n);

    // Any code will do: one that always answers false (PUSH1 0 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
    const guard = await freshWallet(test);
    await test.setCode({ address: guard, bytecode: '0x600060005260206000f3' });
    await send('external_hook', authority.holder, 'setCompliance', [guard]);
    expect(await read<Address>('external_hook', 'compliance')).toBe(guard);
    for (const who of [victim, other, authority.holder])
      await reverts('external_hook', who, 'transfer', [stranger, 1n]);
    // The owner swaps in one that answers true: transfers flow again.
    await test.setCode({ address: guard, bytecode: '0x600160005260206000f3' });
    expect(await transferToFresh('external_hook', victim, 5n)).toBe(5n);
    await send('external_hook', authority.holder, 'setCompliance', [zeroAddress]);
    expect(await transferToFresh('external_hook', other, 5n)).toBe(5n);
  });
});
