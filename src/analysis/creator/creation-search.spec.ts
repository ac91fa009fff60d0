import { findCreationBlock, searchCost, type HasCodeAt } from './creation-search';

/** A chain where the code appears at `deployedAt` (never when null), counting the calls made. */
function fakeChain(deployedAt: bigint | null): { hasCodeAt: HasCodeAt; calls: () => number } {
  let calls = 0;
  return {
    hasCodeAt: async (block) => {
      calls += 1;
      return deployedAt !== null && block >= deployedAt;
    },
    calls: () => calls,
  };
}

describe('findCreationBlock', () => {
  it.each([
    ['at block 0', 0n, 1_000n],
    ['at the head', 1_000n, 1_000n],
    ['in between', 349n, 1_000n],
    ['one block after genesis', 1n, 1_000n],
    ['on a chain of one block', 0n, 0n],
    ['on a long chain', 17_654_321n, 21_000_000n],
  ])('finds a contract deployed %s', async (_label, deployedAt, head) => {
    const chain = fakeChain(deployedAt);
    const sut = await findCreationBlock({ hasCodeAt: chain.hasCodeAt, head, budget: 64 });
    expect(sut).toEqual({ found: true, block: deployedAt, calls: chain.calls() });
    expect(chain.calls()).toBeLessThanOrEqual(searchCost(head));
  });

  it('answers no_code after one call when the code is not there at the head', async () => {
    const chain = fakeChain(null);
    const sut = await findCreationBlock({ hasCodeAt: chain.hasCodeAt, head: 1_000n, budget: 64 });
    expect(sut).toEqual({ found: false, reason: 'no_code', calls: 1 });
  });

  it('does not start a search that could exceed the budget', async () => {
    const chain = fakeChain(500n);
    const sut = await findCreationBlock({ hasCodeAt: chain.hasCodeAt, head: 1_000_000n, budget: 10 });
    expect(sut).toEqual({ found: false, reason: 'budget_exhausted', calls: 0 });
    expect(chain.calls()).toBe(0);
  });

  it('costs about log2(head) calls: 22 for a 1M-block chain, 27 for 21M', () => {
    expect(searchCost(1_000_000n)).toBe(22);
    expect(searchCost(21_000_000n)).toBe(27);
    expect(searchCost(0n)).toBe(1);
  });

  it('finds the block within exactly the budget the cost names', async () => {
    const head = 1_000_000n;
    const chain = fakeChain(777_777n);
    const sut = await findCreationBlock({ hasCodeAt: chain.hasCodeAt, head, budget: searchCost(head) });
    expect(sut).toMatchObject({ found: true, block: 777_777n });
  });
});
