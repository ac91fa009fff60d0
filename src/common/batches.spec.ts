import { Batches } from './batches';

describe('Batches', () => {
  it('serves the first item alone, then whatever arrived meanwhile together, per id', async () => {
    const served: string[][] = [];
    let release: () => void = () => undefined;
    const batches = new Batches<string>(async (id, batch) => {
      served.push([id, ...batch]);
      if (served.length === 1) await new Promise<void>((r) => (release = r));
    });
    batches.add('a', '1');
    batches.add('a', '2');
    batches.add('a', '3');
    batches.add('b', 'x');
    release();
    await new Promise((r) => setImmediate(r));
    expect(served).toEqual([
      ['a', '1'],
      ['b', 'x'],
      ['a', '2', '3'],
    ]);
    batches.add('a', '4');
    await new Promise((r) => setImmediate(r));
    expect(served.at(-1)).toEqual(['a', '4']);
  });
});
