import type { Address, Hex } from 'viem';
import { EmptyChainState, emptySnapshot, storageKey, type StateSnapshot } from './chain-state';
import { defaultEngineRuntime } from './engine-runtime';
import { EvmHost } from './evm-host';

const TOKEN: Address = '0x00000000000000000000000000000000000070c0';
const CALLER: Address = '0x00000000000000000000000000000000000a11ce';
/** slot 0 += 1, returns the new value. */
const COUNTER: Hex = '0x6000546001018060005560005260206000f3';
/** Returns the gas left. */
const GAS_READER: Hex = '0x5a60005260206000f3';

async function hostWith(code: Hex, snapshot: StateSnapshot = emptySnapshot()): Promise<EvmHost> {
  snapshot.code.set(TOKEN, code);
  return EvmHost.create({
    snapshot,
    block: new EmptyChainState().block(),
    stepBudget: 3_000,
    runtime: defaultEngineRuntime(),
  });
}

const count = (data: Uint8Array): bigint => BigInt(`0x${Buffer.from(data).toString('hex')}`);
const callTwice = async (sut: EvmHost) => [
  await sut.call({ from: CALLER, to: TOKEN, data: '0x' }),
  await sut.call({ from: CALLER, to: TOKEN, data: '0x' }),
];

describe('EvmHost replay of identical calls', () => {
  it('replays a call in a state where what it read is the same, with its writes applied', async () => {
    const sut = await hostWith(COUNTER);
    await sut.checkpoint();
    const first = await sut.call({ from: CALLER, to: TOKEN, data: '0x' });
    await sut.revert();
    const again = await sut.call({ from: CALLER, to: TOKEN, data: '0x' });
    expect(again.trace).toBe(first.trace);
    expect(count(again.returnData)).toBe(1n);
    expect(await sut.storage(TOKEN, 0n)).toBe(1n);
  });

  it('runs the call again once a key it read holds another value', async () => {
    const sut = await hostWith(COUNTER);
    const [first, second] = await callTwice(sut);
    expect(second.trace).not.toBe(first.trace);
    expect(count(second.returnData)).toBe(2n);
    expect(await sut.storage(TOKEN, 0n)).toBe(2n);
  });

  it('never replays a call that read the gas left', async () => {
    const [first, second] = await callTwice(await hostWith(GAS_READER));
    expect(second.trace).not.toBe(first.trace);
  });
});

describe('EvmHost storage over the chain snapshot', () => {
  const withSlotZero = (value: bigint): StateSnapshot => {
    const snapshot = emptySnapshot();
    snapshot.storage.set(storageKey(TOKEN, 0n), value);
    return snapshot;
  };

  it('reads a slot written to zero as zero, and the snapshot again once the write is reverted', async () => {
    const sut = await hostWith(COUNTER, withSlotZero(5n));
    await sut.checkpoint();
    await sut.setStorage(TOKEN, 0n, 0n);

    expect(await sut.storage(TOKEN, 0n)).toBe(0n);
    expect(count((await sut.call({ from: CALLER, to: TOKEN, data: '0x' })).returnData)).toBe(1n);
    await sut.revert();
    expect(await sut.storage(TOKEN, 0n)).toBe(5n);
    expect(count((await sut.call({ from: CALLER, to: TOKEN, data: '0x' })).returnData)).toBe(6n);
    expect(sut.misses.size).toBe(0);
  });

  it('records a miss for a slot neither written nor in the snapshot, and none once written', async () => {
    const sut = await hostWith(COUNTER);
    await sut.setStorage(TOKEN, 1n, 0n);

    expect(await sut.storage(TOKEN, 1n)).toBe(0n);
    expect([...sut.misses]).toEqual([]);
    expect(await sut.storage(TOKEN, 2n)).toBe(0n);
    expect([...sut.misses]).toEqual([storageKey(TOKEN, 2n)]);
  });
});
