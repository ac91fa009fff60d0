import { join } from 'node:path';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { compileContracts } from '../../../devnet/compile';
import { BURN_ADDRESSES } from '../../chain/burn-addresses';
import {
  ChainStateReader,
  EmptyChainState,
  storageKey,
  type StateRequest,
  type StateSnapshot,
} from './engine/chain-state';
import { analyzePowers } from './engine/power-engine';
import { ownershipOf } from './ownership';
import { signatureOf } from './signatures';

describe('ownershipOf', () => {
  it('counts the zero address as renounced', () => {
    expect(ownershipOf({ owner: zeroAddress, hasOwnershipFunctions: true })).toEqual({
      owner: zeroAddress,
      renounced: true,
      hasOwnershipFunctions: true,
    });
  });

  it('counts 0x…dEaD as renounced, whatever its case', () => {
    expect(
      ownershipOf({ owner: '0x000000000000000000000000000000000000dEaD', hasOwnershipFunctions: true }).renounced,
    ).toBe(true);
    expect(
      ownershipOf({ owner: '0x000000000000000000000000000000000000dead', hasOwnershipFunctions: true }).renounced,
    ).toBe(true);
  });

  it('counts a live owner as not renounced', () => {
    expect(
      ownershipOf({ owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', hasOwnershipFunctions: true }).renounced,
    ).toBe(false);
  });

  it('answers unknown, not renounced, when the contract has no owner getter', () => {
    expect(ownershipOf({ owner: null, hasOwnershipFunctions: false }).renounced).toBeNull();
  });
});

const TOKEN: Address = '0x00000000000000000000000000000000000070c3';
/** Ownable's `_owner` follows ERC20's six slots (contracts/lib) in every devnet token that is both. */
const OWNER_SLOT = 6n;
const LIVE_OWNER: Address = '0x00000000000000000000000000000000de910000';
const compiled = compileContracts(join(__dirname, '../../../.data/solc-cache'));

/** An empty chain where the token's owner() answers `owner`. */
class OwnedBy extends ChainStateReader {
  private readonly inner = new EmptyChainState();

  constructor(private readonly owner: Address) {
    super();
  }

  async read(request: StateRequest): Promise<StateSnapshot> {
    const snapshot = await this.inner.read(request);
    const key = storageKey(TOKEN, OWNER_SLOT);
    if (snapshot.storage.has(key)) snapshot.storage.set(key, BigInt(this.owner));
    return snapshot;
  }

  block() {
    return this.inner.block();
  }
}

function analyze(contract: string, owner: Address) {
  return analyzePowers({
    token: TOKEN,
    code: compiled.contracts[contract].deployedBytecode as Hex,
    logic: null,
    poolQueries: [],
    reader: new OwnedBy(owner),
    signatureOf,
  });
}

describe('an owner at a burn address, to the score and to the engine alike', () => {
  const variants = [zeroAddress, ...BURN_ADDRESSES.flatMap((a) => [a, getAddress(a)])] as Address[];

  it.each(variants)(
    "%s: renounced, the owner's powers dormant, and a power held elsewhere is a hidden owner",
    async (owner) => {
      expect(ownershipOf({ owner, hasOwnershipFunctions: true }).renounced).toBe(true);

      const owned = await analyze('PowersToken', owner);
      const ownerPowers = owned.findings.filter((f) => f.authority.kind === 'owner_slot');
      expect(ownerPowers.map((f) => f.kind)).toEqual(expect.arrayContaining(['mint', 'pause']));
      for (const f of ownerPowers) expect(f).toMatchObject({ status: 'dormant', authority: { holderType: 'nobody' } });

      const hardcoded = await analyze('HardcodedToken', owner);
      expect(hardcoded.findings.map((f) => f.kind).sort()).toEqual(['hidden_owner', 'mint']);
    },
  );

  it('a live owner: not renounced, its powers live, no hidden owner', async () => {
    expect(ownershipOf({ owner: LIVE_OWNER, hasOwnershipFunctions: true }).renounced).toBe(false);

    const owned = await analyze('PowersToken', LIVE_OWNER);
    const ownerPowers = owned.findings.filter((f) => f.authority.kind === 'owner_slot');
    expect(ownerPowers.length).toBeGreaterThan(0);
    for (const f of ownerPowers) expect(f).toMatchObject({ status: 'live', authority: { holder: LIVE_OWNER } });

    const hardcoded = await analyze('HardcodedToken', LIVE_OWNER);
    expect(hardcoded.findings.map((f) => f.kind)).toEqual(['mint']);
  });
});
