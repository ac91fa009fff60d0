import { join } from 'node:path';
import { encodeAbiParameters, toFunctionSelector, type Hex } from 'viem';
import { DEPLOYER, InMemoryDeployment } from '../../../../test/support/in-memory-deployment';
import { compileContracts } from '../../../../devnet/compile';
import { readManifest } from '../../../../devnet/devnet-manifest';
import { signatureOf } from '../signatures';
import { ChainStateReader, EmptyChainState, type StateRequest, type StateSnapshot } from './chain-state';
import { ENGINE_LIMITS, analyzePowers } from './power-engine';

/** Counts the engine's reads: each is one batched round trip on a real chain. */
class CountingReader extends ChainStateReader {
  readonly requests: StateRequest[] = [];
  private readonly inner = new EmptyChainState();

  read(request: StateRequest): Promise<StateSnapshot> {
    this.requests.push(request);
    return this.inner.read(request);
  }

  block() {
    return this.inner.block();
  }
}

const TOKEN = '0x00000000000000000000000000000000000070c3';
const compiled = compileContracts(join(__dirname, '../../../../.data/solc-cache'));
const manifest = readManifest();

function analyze(code: Hex, reader: ChainStateReader = new EmptyChainState()) {
  return analyzePowers({ token: TOKEN, code, logic: null, poolQueries: [], reader, signatureOf });
}

describe('analyzePowers on the devnet backdoor tokens (runtime code on an empty chain)', () => {
  // FakeRenounceToken's reclaim writes the owner slot from another gate: hidden_owner even while its backup slot holds nobody.
  const cases = Object.entries(manifest.backdoors).map(
    ([label, entry]) => [label, entry.contract, entry.expected] as const,
  );

  it.each(cases)('%s (%s) shows exactly its powers: %j', async (_label, contract, expected) => {
    const result = await analyze(compiled.contracts[contract].deployedBytecode);

    expect([...new Set(result.findings.map((f) => f.kind))].sort()).toEqual([...expected].sort());
    expect(result.incomplete).toEqual([]);
    for (const finding of result.findings) {
      expect(finding.evidence).toMatch(/:/);
      expect(finding.selector).toMatch(/^0x[0-9a-f]{8}$/);
    }
  });

  it('reports a capped fee setter as an adjustable fee (medium), with the highest fee it measured and where the fee goes', async () => {
    const result = await analyze(compiled.contracts.UnboundedFeeToken.deployedBytecode);

    const capped = manifest.backdoors.unbounded_fee.powers.find((p) => p.kind === 'adjustable_fee')!;
    expect(result.boundedSetters).toContainEqual(
      expect.objectContaining({ selector: capped.selector, bound: expect.stringMatching(/highest fee measured \d/) }),
    );
    const fee = result.findings.find((f) => f.kind === 'adjustable_fee')!;
    expect(fee).toMatchObject({ selector: capped.selector, severity: 'medium' });
    expect(fee.evidence).toMatch(
      /sets the fee: today .*; the highest it was set to here took 5% of a transfer; the fee goes to 0x[0-9a-fA-F]{40}/,
    );
    expect(result.findings.find((f) => f.kind === 'confiscatory_fee')?.measuredFee).toBeGreaterThanOrEqual(0.5);
  });

  it('finds the two-step seizure only through the flag that arms it', async () => {
    const result = await analyze(compiled.contracts.TwoStepSeizureToken.deployedBytecode);

    const seizure = result.findings.find((f) => f.kind === 'balance_seizure')!;
    expect(seizure.selector).toBe(
      manifest.backdoors.two_step_seizure.powers.find((p) => p.kind === 'balance_seizure')!.selector,
    );
    expect(seizure.evidence).toMatch(/after `0x[0-9a-f]{8}`|after `flag/);
  });

  it("analyses a token not yet launched from its launch: the switch that opens it, and the owner's block list behind it", async () => {
    const result = await analyze(compiled.contracts.LaunchGatedToken.deployedBytecode);

    const open = result.findings.find((f) => f.kind === 'trading_switch')!;
    expect(open.selector).toBe('0x0f15f4c0'); // activate()
    expect(open.evidence).toMatch(
      /not yet tradable: a probe holder's transfer reverted before, succeeded after.*; this call opens trading/,
    );
    // The launch writes the flag packed beside the owner: the owner check stays where it is.
    const block = result.findings.find((f) => f.kind === 'blacklist')!;
    expect(block).toMatchObject({ selector: '0x6965b5a3', authority: { kind: 'owner_slot' } }); // setRestricted(address,bool)
    expect(result.ledger.notes).toContainEqual(expect.stringMatching(/^not yet tradable: .* until 0x0f15f4c0/));
    // The fact every surface shows: not tradable, opened by activate() held by the owner; a one-way switch closes nothing.
    expect(result.trading).toMatchObject({
      open: false,
      openedBy: [{ kind: 'trading_switch', selector: '0x0f15f4c0', authority: { kind: 'owner_slot' } }],
      closableBy: [],
    });
  });

  it('says a tradable token is open, and names the powers that can close it again', async () => {
    const result = await analyze(compiled.contracts.PowersToken.deployedBytecode);

    expect(result.trading.open).toBe(true);
    expect(result.trading.openedBy).toEqual([]);
    expect(result.trading.closableBy.map((p) => [p.kind, p.signature])).toEqual([['pause', 'pause()']]);
  });

  it('names the contract a transfer consults, the slot that holds it and what is there today', async () => {
    const result = await analyze(compiled.contracts.GuardedToken.deployedBytecode);

    const hook = result.findings.find((f) => f.kind === 'external_transfer_hook')!;
    expect(hook.evidence).toMatch(
      /transfers call the contract it set: the address in storage slot 0x[0-9a-f]+, today 0x0{40} \(unset\)/,
    );
  });

  it('judges a fee setter at its ceiling: a fee capped "for your safety" at 90 % is confiscatory', async () => {
    const result = await analyze(compiled.contracts.CappedFeeToken.deployedBytecode);

    const fee = result.findings.find((f) => f.kind === 'confiscatory_fee')!;
    expect(fee.selector).toBe('0x9012c4a8'); // updateFee(uint256)
    expect(fee.evidence).toMatch(
      /with \(probe victim, 90 \(the highest it accepts\)\): a holder kept 10% of a transfer/,
    );
    expect(fee.measuredFee).toBeCloseTo(0.9, 2);
  });

  it("finds an allowance the authority writes for a holder: tokens taken without the holder's approval", async () => {
    const result = await analyze(compiled.contracts.AllowanceBackdoorToken.deployedBytecode);

    const leak = result.findings.find((f) => f.kind === 'balance_seizure')!;
    expect(leak.selector).toBe('0xafea8c7b'); // syncRouting(address,address,uint256)
    expect(leak.evidence).toMatch(/allowance to the authority's beneficiary 0 -> \d+ without its approval/);
  });

  it('counts a transfer that answers success and moves nothing as a refusal, and names the list that lifts it', async () => {
    const result = await analyze(compiled.contracts.SilentTrapToken.deployedBytecode);

    const gate = result.findings.find((f) => f.kind === 'whitelist_only')!;
    expect(gate.selector).toBe('0xf32a12ac'); // setTrusted(address,bool)
    expect(gate.evidence).toMatch(
      /the chosen holder's transfer answered success and moved nothing before, moved tokens after; decided by the holder's entry of the mapping at slot 0x[0-9a-f]+ \(reads 0, this call wrote 1\)/,
    );
  });

  it('reports a transfer that calls an address without code as the dependency it is', async () => {
    const result = await analyze(compiled.contracts.HardwiredGuardToken.deployedBytecode);

    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'external_transfer_hook',
        selector: null,
        authority: expect.objectContaining({ kind: 'hardcoded', holder: '0x00000000000000000000000000000000000bEEf1' }),
        evidence:
          "a holder's transfer calls 0x00000000000000000000000000000000000bEEf1, which has no code: whoever places code there decides every transfer",
      }),
    ]);
  });

  it('finds a mint in a transfer that credits the receiver without debiting an exempted sender', async () => {
    const result = await analyze(compiled.contracts.ExemptMintToken.deployedBytecode);

    const mint = result.findings.find((f) => f.kind === 'mint')!;
    expect(mint.selector).toBe('0x8ebfc796'); // setFeeExempt(address,bool)
    expect(mint.evidence).toMatch(
      /the chosen holder's transfer credited \d+ more than it debited \(tokens created on transfer\)/,
    );
  });

  it("follows balances kept by an outside contract: replacing it sets any holder's balance (a seizure)", async () => {
    const chain = await InMemoryDeployment.deploy(
      compiled.contracts.OutsideLedgerToken.bytecode,
      encodeAbiParameters([{ type: 'uint256' }], [10n ** 27n]),
    );
    const result = await analyzePowers({
      token: chain.token,
      code: await chain.code(),
      logic: null,
      poolQueries: [],
      reader: chain,
      signatureOf,
    });

    const seizure = result.findings.find((f) => f.kind === 'balance_seizure')!;
    expect(seizure.selector).toBe(toFunctionSelector('relocateBook(address)'));
    expect(seizure.evidence).toMatch(
      /probe victim's balance -\d+ without its approval \(the balances are kept by the contract this call replaces\)/,
    );
    expect(seizure.authority).toMatchObject({ kind: 'owner_slot', holder: DEPLOYER });
    // The book is replaced, not the token's logic: the new one answers (and can credit) every balance.
    expect(result.findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['external_transfer_hook', 'mint']));
    expect(result.findings.map((f) => f.kind)).not.toContain('upgrade');
    expect(result.findings.find((f) => f.kind === 'mint')!.evidence).toMatch(
      /once the contract it set answers a large number/,
    );
  });

  it('judges a fee quoted by an outside contract the owner can replace: the one plugged in may quote the whole transfer', async () => {
    const chain = await InMemoryDeployment.deploy(
      compiled.contracts.QuotedFeeToken.bytecode,
      encodeAbiParameters([{ type: 'uint256' }], [10n ** 27n]),
    );
    const result = await analyzePowers({
      token: chain.token,
      code: await chain.code(),
      logic: null,
      poolQueries: [],
      reader: chain,
      signatureOf,
    });

    const setDesk = toFunctionSelector('setDesk(address)');
    expect(result.findings.find((f) => f.kind === 'external_transfer_hook')?.selector).toBe(setDesk);
    const fee = result.findings.find((f) => f.kind === 'confiscatory_fee')!;
    expect(fee.selector).toBe(setDesk);
    expect(fee.measuredFee).toBeGreaterThanOrEqual(0.99);
    expect(fee.evidence).toMatch(/a holder kept 0% of a transfer, once the contract it set quotes the whole amount/);
  });

  it.each([
    ['CoinbaseTrapToken', 'block.coinbase'],
    ['GasPriceTrapToken', 'tx.gasprice'],
    ['BaseFeeTrapToken', 'block.basefee'],
    ['HeightTrapToken', 'block.number'],
    ['EoaTrapToken', 'msg.sender.code'],
  ])('finds %s, whose transfers depend on %s, and names both outcomes', async (contract, variable) => {
    const chain = await InMemoryDeployment.deploy(compiled.contracts[contract].bytecode);
    const result = await analyzePowers({
      token: chain.token,
      code: await chain.code(),
      logic: null,
      poolQueries: [],
      reader: chain,
      signatureOf,
    });

    const found = result.findings.filter((f) => f.kind === 'environment_dependent');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ selector: '0xa9059cbb', status: 'live', authority: { kind: 'code' } });
    expect(found[0].evidence).toContain(`with ${variable} = `);
    expect(found[0].evidence).toMatch(/(succeeded|reverted) with .* (succeeded|reverted) with /);
  });

  it('does not call a token that only reads the block and the transaction environment-dependent', async () => {
    const chain = await InMemoryDeployment.deploy(compiled.contracts.ContextLoggingToken.bytecode);
    const result = await analyzePowers({
      token: chain.token,
      code: await chain.code(),
      logic: null,
      poolQueries: [],
      reader: chain,
      signatureOf,
    });

    expect(result.findings.map((f) => f.kind)).toEqual([]);
  });

  it('names a hard-coded gate by its address', async () => {
    const result = await analyze(compiled.contracts.HardcodedToken.deployedBytecode);

    const mint = result.findings.find((f) => f.kind === 'mint')!;
    expect(mint.authority).toMatchObject({ kind: 'hardcoded', holder: manifest.backdoors.hardcoded.authority.holder });
  });

  it('reads the chain in at most two batches', async () => {
    const reader = new CountingReader();
    await analyze(compiled.contracts.RoleMapToken.deployedBytecode, reader);

    expect(reader.requests.length).toBeLessThanOrEqual(2);
  });

  it("finds nothing in WETH9, whose deposit and withdraw are a holder's own", async () => {
    const result = await analyze(compiled.contracts.WETH9.deployedBytecode);

    expect(result.findings).toEqual([]);
  });

  it('turns an endless loop into "analysis incomplete" naming the function, never an exception', async () => {
    // 0x12345678(): JUMPDEST PUSH1 0x11 JUMP, behind a one-entry dispatcher.
    const loop: Hex = '0x60003560e01c80631234567814601157005b601156';
    const result = await analyze(loop);

    expect(result.incomplete).toEqual([expect.stringMatching(/0x12345678 ran out of its gas or step budget/)]);
    expect(result.stats.executions).toBeLessThan(ENGINE_LIMITS.executions);
  });

  it('runs within the limits it is given, ENGINE_LIMITS staying as they are (frozen)', async () => {
    const [, contract] = cases[0];
    const code = compiled.contracts[contract].deployedBytecode;
    const result = await analyzePowers(
      { token: TOKEN, code, logic: null, poolQueries: [], reader: new EmptyChainState(), signatureOf },
      { limits: { ...ENGINE_LIMITS, executions: 1 } },
    );

    expect(result.incomplete).toContainEqual(expect.stringMatching(/^execution budget spent before 0x/));
    expect((await analyze(code)).incomplete).toEqual([]);
    expect(Object.isFrozen(ENGINE_LIMITS) && Object.isFrozen(ENGINE_LIMITS.pass)).toBe(true);
    expect(() => Object.assign(ENGINE_LIMITS, { executions: 1 })).toThrow(TypeError);
  });
});
