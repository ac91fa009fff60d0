import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createAddressFromString, hexToBytes, bytesToHex } from '@ethereumjs/util';
import { getAddress, numberToHex, type Hex } from 'viem';
import { interpretProxySlots, PROXY_SLOTS, SLOT_ORDER, type SlotName } from './proxy-detector';
import { canary, parseProbe, PROBE_CODE, PROBE_CODE_CAP, probeProxy } from './proxy-probe';
import type { PublicClient } from 'viem';

const TOKEN = '0x9a9f2ccfde556a7e9ff0848998aa4a0cfd8863ae';
const IMPL = '0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6';
const OTHER = '0x25da99d6d92e57090e82040ea61513f1100c0b16';
const word = (address: string): Hex => `0x${address.slice(2).padStart(64, '0')}`;

/** Runs the probe over the token's storage on Paris, as a node runs the state override. */
async function runProbe(
  storage: Partial<Record<SlotName, Hex>>,
  codes: Record<string, Hex>,
  at: { address: string; code: Hex } = { address: TOKEN, code: PROBE_CODE },
): Promise<Hex> {
  const stateManager = new SimpleStateManager();
  const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Paris }), stateManager });
  const token = createAddressFromString(at.address);
  await stateManager.putCode(token, hexToBytes(at.code));
  for (const [slot, value] of Object.entries(storage))
    await stateManager.putStorage(token, hexToBytes(PROXY_SLOTS[slot as SlotName]), hexToBytes(value));
  for (const [address, code] of Object.entries(codes))
    await stateManager.putCode(createAddressFromString(address), hexToBytes(code));
  const result = await evm.runCall({ to: token, gasLimit: 1_000_000n });
  if (result.execResult.exceptionError) throw new Error(String(result.execResult.exceptionError.error));
  return bytesToHex(result.execResult.returnValue) as Hex;
}

const probe = async (storage: Partial<Record<SlotName, Hex>>, codes: Record<string, Hex> = {}) => {
  const parsed = parseProbe(await runProbe(storage, codes));
  if (!parsed) throw new Error('probe answer did not parse');
  return parsed;
};

describe('the proxy probe', () => {
  it('returns the four slots and the code behind the EIP-1967 slot', async () => {
    const result = await probe({ eip1967: word(IMPL), eip1967_beacon: word(OTHER) }, { [IMPL]: '0x6001600155' });
    expect(result.slots.eip1967).toBe(word(IMPL));
    expect(result.slots.eip1967_beacon).toBe(word(OTHER));
    expect(result.slots.eip1822).toBe(`0x${'0'.repeat(64)}`);
    expect(result.implementation).toBe(getAddress(IMPL));
    expect(result.implementationCode).toBe('0x6001600155');
  });

  it('picks the slot interpretProxySlots picks: EIP-1967 before EIP-1822 before ZeppelinOS', async () => {
    const cases: Partial<Record<SlotName, Hex>>[] = [
      { zeppelinos: word(OTHER) },
      { eip1822: word(IMPL), zeppelinos: word(OTHER) },
      { eip1967: word(OTHER), eip1822: word(IMPL), zeppelinos: word(IMPL) },
      // A word that is not an address is skipped, as addressInSlot skips it.
      { eip1967: `0x01${IMPL.slice(2).padStart(62, '0')}`, zeppelinos: word(OTHER) },
      { eip1967_beacon: word(OTHER) },
      {},
    ];
    for (const storage of cases) {
      const result = await probe(storage, { [IMPL]: '0x00', [OTHER]: '0x0000' });
      const reading = interpretProxySlots(Object.fromEntries(SLOT_ORDER.map((s) => [s, result.slots[s]])));
      expect(result.implementation).toBe(reading?.implementation ?? null);
    }
  });

  it('says an address without code has none, and leaves code past the cap to eth_getCode', async () => {
    expect((await probe({ eip1967: word(IMPL) })).implementationCode).toBe('0x');
    const long = `0x${'5b'.repeat(PROBE_CODE_CAP + 1)}` as Hex;
    const result = await probe({ eip1967: word(IMPL) }, { [IMPL]: long });
    expect(result.implementation).toBe(getAddress(IMPL));
    expect(result.implementationCode).toBeNull();
    const atCap = `0x${'5b'.repeat(PROBE_CODE_CAP)}` as Hex;
    expect((await probe({ eip1967: word(IMPL) }, { [IMPL]: atCap })).implementationCode).toBe(atCap);
  });

  it('refuses answers that do not fit its layout', () => {
    expect(parseProbe('0x')).toBeNull();
    expect(parseProbe(`0x${'00'.repeat(0xc0 - 1)}`)).toBeNull();
    const header = (pick: bigint, size: number) =>
      `0x${'00'.repeat(128)}${numberToHex(pick, { size: 32 }).slice(2)}${numberToHex(size, { size: 32 }).slice(2)}`;
    expect(parseProbe(`${header(1n, 2)}aa` as Hex)).toBeNull(); // one byte short
    expect(parseProbe(`${header(2n ** 160n, 0)}` as Hex)).toBeNull(); // not an address
    expect(parseProbe(`${header(1n, 1)}aa` as Hex)?.implementationCode).toBe('0xaa');
  });

  it("is trusted only when the canary beside it answers its word: a node ignoring overrides runs the token's code", async () => {
    const check = canary();
    expect(await runProbe({}, {}, check)).toBe(check.word);
    expect(canary().word).not.toBe(check.word);

    const faked = `0x${'00'.repeat(128)}${word(IMPL).slice(2)}${'00'.repeat(31)}01aa` as Hex;
    expect(parseProbe(faked)?.implementationCode).toBe('0xaa'); // the layout alone proves nothing
    const node = (honoursOverrides: boolean) =>
      ({
        request: ({ params }: { params: [{ to: string }, string, Record<string, { code: Hex }>] }) => {
          const [{ to }, , overrides] = params;
          if (to === TOKEN) return Promise.resolve(faked);
          return Promise.resolve(honoursOverrides ? runProbe({}, {}, { address: to, code: overrides[to].code }) : '0x');
        },
      }) as unknown as PublicClient;
    expect(await probeProxy(node(false), TOKEN)).toBeNull();
    expect((await probeProxy(node(true), TOKEN))?.implementationCode).toBe('0xaa');
    const refusing = { request: () => Promise.reject(new Error('state override not supported')) };
    expect(await probeProxy(refusing as unknown as PublicClient, TOKEN)).toBeNull();
  });
});
