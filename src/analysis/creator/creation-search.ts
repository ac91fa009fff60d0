/** Whether the contract's code is present in the state after `block`. */
export type HasCodeAt = (block: bigint) => Promise<boolean>;

export type CreationSearchResult =
  | { found: true; block: bigint; calls: number }
  | { found: false; reason: 'no_code' | 'budget_exhausted'; calls: number };

/** The most eth_getCode calls a search up to `head` can take: the head, block 0, then one per halving. */
export function searchCost(head: bigint): number {
  return head <= 0n ? 1 : 2 + (head - 1n).toString(2).length;
}

/**
 * The first block whose state holds the contract's code, by binary search over [0, head]. Assumes
 * code, once there, stays (a contract that self-destructed and came back is found at its last
 * deployment only if it is still there at the head). A search that could exceed `budget` calls is
 * not started: its answer is "budget_exhausted" at no cost.
 */
export async function findCreationBlock(input: {
  hasCodeAt: HasCodeAt;
  head: bigint;
  budget: number;
}): Promise<CreationSearchResult> {
  const { hasCodeAt, head, budget } = input;
  if (budget < searchCost(head)) return { found: false, reason: 'budget_exhausted', calls: 0 };
  let calls = 0;
  const probe = (block: bigint) => {
    calls += 1;
    return hasCodeAt(block);
  };
  if (!(await probe(head))) return { found: false, reason: 'no_code', calls };
  if (head === 0n || (await probe(0n))) return { found: true, block: 0n, calls };
  // Invariant: no code at `absent`, code at `present`.
  let absent = 0n;
  let present = head;
  while (present - absent > 1n) {
    const mid = (absent + present) / 2n;
    if (await probe(mid)) present = mid;
    else absent = mid;
  }
  return { found: true, block: present, calls };
}
