import type { Address, PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { ChainUnavailableError, toChainError } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { firstLine, revertDataOf, revertReason, simulateSequence, SimulateUnsupportedError } from './call-simulator';
import type { TxCall } from './tx-encoding';

/** Used when a limit cannot be estimated (the call reverts, or the node cannot simulate a sequence). */
export const DEFAULT_GAS: Record<StepKind, bigint> = { approve: 80_000n, swap: 350_000n, transfer: 100_000n };
const HEADROOM_PERCENT = 20n;
/**
 * eth_simulateV1 reports gas used after refunds (up to a fifth of it), and a call also needs 1/64 of
 * its gas left over for each nested call; so a simulated figure needs more headroom than an estimate.
 */
const SIMULATED_HEADROOM_PERCENT = 50n;

export type StepKind = 'approve' | 'swap' | 'transfer';
export type GasSource = 'eth_estimateGas' | 'eth_simulateV1' | 'default';

export interface PlannedStep {
  kind: StepKind;
  call: TxCall;
}

export interface GasPlan {
  estimate: bigint | null;
  limit: bigint;
  source: GasSource;
  /** Why the step reverts when estimated; null when it does not (or could not be checked). */
  revertReason: string | null;
}

/**
 * Gas of each step, all at once. A lone step is estimated with eth_estimateGas from the sender; a step
 * after an approval cannot be (its allowance is not there yet), so it is simulated after the approval
 * in one eth_simulateV1 block. The limit is the estimate plus 20% (a simulated figure plus 50%).
 */
export async function planGas(input: {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  from: Address;
  steps: PlannedStep[];
}): Promise<GasPlan[]> {
  const { steps } = input;
  const first = estimate(input, steps[0]);
  if (steps.length === 1) return [await first];
  const rest = simulateAfter(input);
  return [await first, ...(await rest)];
}

async function estimate(
  input: { chain: ChainKey; client: PublicClient; from: Address },
  step: PlannedStep,
): Promise<GasPlan> {
  try {
    const gas = await input.client.estimateGas({
      account: input.from,
      to: step.call.to,
      data: step.call.data,
      value: step.call.value,
    });
    return { estimate: gas, limit: withHeadroom(gas), source: 'eth_estimateGas', revertReason: null };
  } catch (err) {
    const mapped = toChainError(err, input.chain);
    if (mapped instanceof ChainUnavailableError) throw mapped;
    return {
      estimate: null,
      limit: DEFAULT_GAS[step.kind],
      source: 'default',
      revertReason: revertReason(revertDataOf(err), firstLine(err)),
    };
  }
}

async function simulateAfter(input: {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  from: Address;
  steps: PlannedStep[];
}): Promise<GasPlan[]> {
  const later = input.steps.slice(1);
  try {
    const result = await simulateSequence({
      chain: input.chain,
      client: input.client,
      multicall3: input.facts.multicall3,
      from: input.from,
      calls: input.steps.map((s) => s.call),
    });
    return later.map((step, i) => {
      const r = result.calls[i + 1];
      if (!r.success || r.gasUsed === null)
        return { estimate: null, limit: DEFAULT_GAS[step.kind], source: 'default', revertReason: r.revertReason };
      return {
        estimate: r.gasUsed,
        limit: withHeadroom(r.gasUsed, SIMULATED_HEADROOM_PERCENT),
        source: 'eth_simulateV1',
        revertReason: null,
      };
    });
  } catch (err) {
    if (!(err instanceof SimulateUnsupportedError)) throw err;
    return later.map((step) => ({
      estimate: null,
      limit: DEFAULT_GAS[step.kind],
      source: 'default',
      revertReason: null,
    }));
  }
}

function withHeadroom(gas: bigint, percent = HEADROOM_PERCENT): bigint {
  return gas + (gas * percent) / 100n;
}
