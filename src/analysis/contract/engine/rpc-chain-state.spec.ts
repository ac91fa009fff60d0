import type { Address, Hex, PublicClient } from 'viem';
import { storageKey } from './chain-state';
import { RpcChainStateReader } from './rpc-chain-state';

const TOKEN: Address = '0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE';
const FACTORY: Address = '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f';

/** A node whose head moves on after every batch: a read that is not the one read ahead shows it. */
function fakeNode(options: { failFirst?: boolean } = {}) {
  const sent: { method: string; params: unknown[] }[] = [];
  let head = 100;
  let failures = options.failFirst ? 1 : 0;
  const request = ({ method, params }: { method: string; params: unknown[] }): Promise<unknown> => {
    sent.push({ method, params });
    if (failures > 0) {
      failures--;
      return Promise.reject(new Error('node down'));
    }
    if (method === 'eth_getBlockByNumber')
      return Promise.resolve({ number: `0x${(head++).toString(16)}`, timestamp: '0x10' });
    if (method === 'eth_getStorageAt')
      return Promise.resolve(
        `0x${BigInt(params[1] as Hex)
          .toString(16)
          .padStart(64, '0')}`,
      );
    if (method === 'eth_call') return Promise.resolve('0x01');
    return Promise.resolve('0x');
  };
  return { client: { request } as unknown as PublicClient, sent };
}

const slots = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ address: TOKEN, slot: `0x${i.toString(16)}` as Hex }));
const call = { to: FACTORY, data: '0xe6a43905' as Hex };

describe('RpcChainStateReader.readAhead', () => {
  it('answers a first read it covers from the read ahead, with only the keys asked for', async () => {
    const node = fakeNode();
    const reader = new RpcChainStateReader({ client: node.client, chain: 'eth', chainId: 1 });
    reader.readAhead({ storage: slots(8), code: [], balance: [], calls: [call] });
    const sentAhead = node.sent.length;
    const snapshot = await reader.read({ storage: slots(3), code: [], balance: [], calls: [call] });
    expect(node.sent).toHaveLength(sentAhead);
    expect([...snapshot.storage.keys()]).toEqual([0n, 1n, 2n].map((s) => storageKey(TOKEN, s)));
    expect(snapshot.storage.get(storageKey(TOKEN, 2n))).toBe(2n);
    expect([...snapshot.calls.values()]).toEqual(['0x01']);
    expect(reader.block().number).toBe(100n);
    // Later reads are pinned to the head read ahead.
    await reader.read({ storage: [{ address: TOKEN, slot: '0x40' }], code: [], balance: [] });
    expect(node.sent.at(-1)).toEqual({ method: 'eth_getStorageAt', params: [TOKEN, '0x40', '0x64'] });
  });

  it('reads as without it when the first read asks for more, or the read ahead failed', async () => {
    const wider = fakeNode();
    const reader = new RpcChainStateReader({ client: wider.client, chain: 'eth', chainId: 1 });
    reader.readAhead({ storage: slots(2), code: [], balance: [] });
    const sentAhead = wider.sent.length;
    const snapshot = await reader.read({ storage: slots(3), code: [], balance: [] });
    expect(wider.sent.length).toBe(sentAhead + 4); // its own head and three slots at 'latest'
    expect(wider.sent.slice(sentAhead).every((r) => r.params.at(-1) === 'latest' || r.params[0] === 'latest')).toBe(
      true,
    );
    expect(snapshot.storage.size).toBe(3);
    expect(reader.block().number).toBe(101n);

    const down = fakeNode({ failFirst: true });
    const retried = new RpcChainStateReader({ client: down.client, chain: 'eth', chainId: 1 });
    retried.readAhead({ storage: slots(2), code: [], balance: [] });
    const answer = await retried.read({ storage: slots(2), code: [], balance: [] });
    expect(answer.storage.get(storageKey(TOKEN, 1n))).toBe(1n);
    expect(retried.block().number).toBe(100n);
  });
});
