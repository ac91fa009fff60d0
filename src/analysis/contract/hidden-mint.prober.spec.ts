import { encodeAbiParameters, getAddress, pad, toEventSelector, type Hex } from 'viem';
import { buildProbes, isMintProbe, PROBE_TARGET, readProbe } from './hidden-mint.prober';

const TOKEN = getAddress('0x00000000000000000000000000000000000a11ce');
const uint = (value: bigint): Hex => encodeAbiParameters([{ type: 'uint256' }], [value]);
const ok = (value: bigint) => ({ status: '0x1' as Hex, returnData: uint(value) });

/** Reads (supply, target, caller) before, the probe, then the same reads after. */
function block(before: bigint[], after: bigint[], probe = { status: '0x1' as Hex, returnData: '0x' as Hex, logs: [] as { address: `0x${string}`; topics: Hex[] }[] }) {
  return { calls: [...before.map(ok), probe, ...after.map(ok)] };
}

describe('hidden mint probes', () => {
  const [probe] = buildProbes(['0xa568e2ee']);

  it('tries both argument orders with the probe target as recipient', () => {
    const probes = buildProbes(['0xa568e2ee']);
    expect(probes.map((p) => p.layout)).toEqual(['address,uint256', 'uint256,address']);
    expect(probes[0].data.startsWith('0xa568e2ee')).toBe(true);
    expect(probes[0].data.slice(10, 74)).toBe(pad(PROBE_TARGET).slice(2).toLowerCase());
  });

  it('flags a supply increase', () => {
    expect(isMintProbe(readProbe(probe, block([100n, 0n, 50n], [105n, 5n, 50n]), TOKEN))).toBe(true);
  });

  it('flags balances that grow without the supply (a mint that skips totalSupply)', () => {
    expect(isMintProbe(readProbe(probe, block([100n, 0n, 50n], [100n, 5n, 50n]), TOKEN))).toBe(true);
  });

  it('does not flag the owner moving its own tokens (an airdrop)', () => {
    expect(isMintProbe(readProbe(probe, block([100n, 0n, 50n], [100n, 5n, 45n]), TOKEN))).toBe(false);
  });

  it('flags a Transfer from the zero address even when the reads show nothing', () => {
    const transfer = toEventSelector('Transfer(address,address,uint256)');
    const logs = [{ address: TOKEN, topics: [transfer, pad('0x00'), pad(PROBE_TARGET)] }];
    const result = readProbe(probe, block([100n, 0n, 50n], [100n, 0n, 50n], { status: '0x1', returnData: '0x', logs }), TOKEN);
    expect(result.mintEvent).toBe(true);
    expect(isMintProbe(result)).toBe(true);
  });

  it('ignores reverted calls', () => {
    const reverted = block([100n, 0n, 50n], [100n, 0n, 50n], { status: '0x0', returnData: '0x', logs: [] });
    expect(isMintProbe(readProbe(probe, reverted, TOKEN))).toBe(false);
  });
});
