import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  keccak256,
  slice,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { ChainRegistry, type ChainContext } from '../../chain/chain-registry';
import { toChainError } from '../../chain/chain.errors';
import { decodeRevertReason } from './simulation-math';
import { emptyEvidence, impossibleSection, toSimulationSection, type SimulationSetup } from './simulation-report';
import { parseRawSimulation } from './simulation-result';
import type { SimulationEvasion, SimulationRequest, SimulationSection } from './simulation.types';
import { loadSimulatorArtifact, type SimulatorArtifact } from './simulator-artifact';
import { probeOf, probeTargets, timeBombOf, type ProbeTarget } from './time-bomb';
import { BUILDER, REAL_GAS_PRICE } from '../contract/engine/environment';

/** Fixed, never-used addresses derived from names, so no real contract or owner sits there. */
const derivedAddress = (name: string): Address => getAddress(slice(keccak256(toHex(name)), 12));

/** Calls the simulator; not the deployer or owner of anything, so no whitelist applies to it. */
export const SIMULATION_SENDER = derivedAddress('token-analysis/trade-simulation/sender');
export const SIMULATOR_ADDRESS = derivedAddress('token-analysis/trade-simulation/simulator');
export const AGENT_ADDRESS = derivedAddress('token-analysis/trade-simulation/agent');
/**
 * The agent is an EIP-1167 minimal proxy of the simulator: it runs the simulator's code as itself
 * (its own address and balances), and the call carries the ~20 kB of code once instead of twice.
 */
const AGENT_CODE =
  `0x363d3d373d3d3d363d73${SIMULATOR_ADDRESS.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3` as Hex;

/** A real block's and transaction's surroundings, one variable at a time: what a simulator's lack. */
interface RealContext {
  variable: SimulationEvasion['variable'];
  value: string;
  coinbase?: Address;
  gasPrice?: bigint;
}

const REAL_CONTEXTS: readonly RealContext[] = [
  { variable: 'block.coinbase', value: `${BUILDER} (a block builder)`, coinbase: BUILDER },
  { variable: 'tx.gasprice', value: '30 gwei', gasPrice: REAL_GAS_PRICE },
];

/** Native coin placed on the simulator by the override: enough for any probe on any real pool. */
const FUNDING = 10n ** 24n;
/** The main round trip buys 0.5% of the pool's quote side: big enough to measure, small enough for taxes to read true. */
const MAIN_BUY_BPS = 50n;
/** Below 0.01 wrapped native of quote-side liquidity a round trip measures rounding, not the token. */
const MIN_POOL_QUOTE_VALUE = 10n ** 16n;
/** Max-transaction probe sizes, in basis points of total supply (5% down to 0.01%). */
const BUY_PROBE_BPS = [500n, 200n, 100n, 50n, 20n, 10n, 5n, 1n];
/** Sell probe sizes, in basis points of what the largest successful buy delivered. */
const SELL_PROBE_BPS = [10_000n, 5_000n, 2_500n, 1_000n];
/** Far above the ≈5M the probes use; nodes cap eth_call gas on their own (geth: 50M). */
const CALL_GAS = 30_000_000n;

/**
 * Honeypot, taxes, gas and max-transaction limits from ONE eth_call: the helper contract placed by a
 * state override finds the deepest pool of any kind (V2 pair, V3 pool, Solidly pool) itself, probes sizes in isolation, then buys, transfers
 * and sells, and returns every leg's numbers.
 */
@Injectable()
export class TradeSimulator implements OnModuleInit {
  constructor(private readonly chains: ChainRegistry) {}

  /** Compiles (or loads the cached) simulator at boot, so no scan pays for solc. */
  onModuleInit(): void {
    loadSimulatorArtifact();
  }

  async simulate(request: SimulationRequest): Promise<SimulationSection> {
    const context = this.chains.get(request.chain);
    const { facts } = context;
    // Every call here carries the simulator's code: small batches (see STATE_OVERRIDE_BATCH_CALLS).
    const client = context.stateOverrideClient ?? context.client;
    const token = getAddress(request.address);
    const setup = setupOf(facts);
    const quotes = [facts.wrappedNative, ...facts.stablecoins];
    if (quotes.some((q) => isAddressEqual(q.address, token))) {
      return impossibleSection({
        reason: 'quote_token',
        detail: 'the token is itself a quote token of this chain; there is no pool to trade it against',
        evidence: emptyEvidence(setup),
      });
    }
    const artifact = loadSimulatorArtifact();
    const targets = request.head ? probeTargets(request.head, facts.blockTimeMs) : [];
    const run = async (venues: ChainFacts) => {
      const data = encodeRequest(artifact, venues, token);
      const call = (at?: ProbeTarget, context?: RealContext) =>
        this.roundTrip({ request, client, artifact, data, setup: setupOf(venues), at, context });
      // The later round trips, and those in a real block's surroundings, go in the same JSON-RPC batch as today's.
      const [now, ...others] = await Promise.all([
        call(),
        ...targets.map((t) => call(t).catch((err: unknown) => ({ failed: shortMessage(err) }))),
        ...REAL_CONTEXTS.map((c) => call(undefined, c).catch(() => null)),
      ]);
      const later = others.slice(0, targets.length) as (SimulationSection | { failed: string })[];
      const real = others.slice(targets.length) as (SimulationSection | null)[];
      return {
        now,
        timeBomb: timeBombOf(
          now,
          targets.map((t, i) => probeOf(t, later[i])),
        ),
        evasion: evasionOf(now, real),
      };
    };
    const first = await run(facts);
    if (!refusedByV3Pool(first.now)) return { ...first.now, timeBomb: first.timeBomb, evasion: first.evasion };
    // A fee-on-transfer token cannot be sold into a V3 pool, but a seller routes around it: try the other pools.
    const other = await run({ ...facts, v3Dexes: [] });
    if (!other.now.possible || other.now.isHoneypot !== false)
      return { ...first.now, timeBomb: first.timeBomb, evasion: first.evasion };
    const refused = { pool: first.now.evidence.pair!, reason: first.now.honeypotReason ?? 'sell reverted' };
    return {
      ...other.now,
      detail: `the deepest pool, a V3 pool (${refused.pool}), refuses this token's sells (${refused.reason}); the round trip went through ${other.now.evidence.dex ?? 'another pool'} instead`,
      timeBomb: other.timeBomb,
      evasion: other.evasion,
      evidence: { ...other.now.evidence, pools: first.now.evidence.pools, v3Refused: refused },
    };
  }

  /** One simulate() call, today or at a later block; a node refusing the call as a whole is a section saying so. */
  private async roundTrip(params: {
    request: SimulationRequest;
    client: ChainContext['client'];
    artifact: SimulatorArtifact;
    data: Hex;
    setup: SimulationSetup;
    at?: ProbeTarget;
    context?: RealContext;
  }): Promise<SimulationSection> {
    const { artifact, setup, at, context } = params;
    const blockOverrides = {
      ...(at ? { number: at.blockNumber, time: at.timestamp } : {}),
      ...(context?.coinbase ? { feeRecipient: context.coinbase } : {}),
    };
    let data: Hex | undefined;
    try {
      ({ data } = await params.client.call({
        account: SIMULATION_SENDER,
        to: SIMULATOR_ADDRESS,
        data: params.data,
        gas: CALL_GAS,
        stateOverride: [
          { address: SIMULATOR_ADDRESS, code: artifact.deployedBytecode, balance: FUNDING },
          { address: AGENT_ADDRESS, code: AGENT_CODE },
          // A gas price is paid for: the sender gets the coin for it.
          ...(context?.gasPrice ? [{ address: SIMULATION_SENDER, balance: FUNDING }] : []),
        ],
        ...(Object.keys(blockOverrides).length ? { blockOverrides } : {}),
        ...(context?.gasPrice ? { gasPrice: context.gasPrice } : {}),
      }));
    } catch (err) {
      const mapped = toChainError(err, params.request.chain);
      if (mapped !== err) throw mapped;
      return callFailed(setup, err);
    }
    const raw = parseRawSimulation(
      decodeFunctionResult({ abi: artifact.abi, functionName: 'simulate', data: data ?? '0x' }),
    );
    return toSimulationSection(raw, setup);
  }
}

/** The round trip's outcome (and in words, with the revert reason); null when none was measured (no pool, or the node refused the call). */
function outcomeOf(section: SimulationSection | null): { outcome: 'through' | 'buy' | 'sell'; words: string } | null {
  if (!section?.possible || (section.isHoneypot === null && section.cannotBuy !== true)) return null;
  if (section.cannotBuy) return { outcome: 'buy', words: 'the buy reverted' };
  if (section.isHoneypot)
    return {
      outcome: 'sell',
      words: `the sell reverted${section.honeypotReason ? ` (${section.honeypotReason})` : ''}`,
    };
  return { outcome: 'through', words: 'the buy and the sell went through' };
}

/** The real surroundings whose round trip ended otherwise than the simulation's. */
function evasionOf(now: SimulationSection, real: readonly (SimulationSection | null)[]): SimulationEvasion[] {
  const simulated = outcomeOf(now);
  if (simulated === null) return [];
  return REAL_CONTEXTS.flatMap((context, i) => {
    const there = outcomeOf(real[i]);
    return there !== null && there.outcome !== simulated.outcome
      ? [
          {
            variable: context.variable,
            value: context.value,
            outcomes: [simulated.words, there.words] as [string, string],
          },
        ]
      : [];
  });
}

/** Today's sell reverted in the V3 pool chosen as deepest, while a pool of another kind could take it. */
function refusedByV3Pool(section: SimulationSection): boolean {
  const { evidence } = section;
  return (
    section.possible &&
    section.isHoneypot === true &&
    section.cannotSell === true &&
    evidence.poolKind === 'v3' &&
    evidence.pools.some((p) => p.kind !== 'v3' && p.routable)
  );
}

function setupOf(facts: ChainFacts): SimulationSetup {
  const quotes = [facts.wrappedNative, ...facts.stablecoins];
  return {
    dexNames: facts.dexes.map((d) => d.name),
    v3DexNames: facts.v3Dexes.map((d) => d.name),
    solidlyDexNames: facts.solidlyDexes.map((d) => d.name),
    quoteSymbols: new Map(quotes.map((q) => [q.address.toLowerCase(), q.symbol])),
    sender: SIMULATION_SENDER,
    simulator: SIMULATOR_ADDRESS,
    agent: AGENT_ADDRESS,
    fundedWith: FUNDING,
  };
}

/**
 * Encodes a call to one of the simulator's entry points that take the Request struct (`simulate`,
 * `holderSell`): the token, the chain's quote tokens and DEXes, and the probe sizes.
 */
export function encodeRequest(
  artifact: SimulatorArtifact,
  facts: ChainFacts,
  token: Address,
  functionName: 'simulate' | 'holderSell' = 'simulate',
): Hex {
  const request = {
    token,
    weth: facts.wrappedNative.address,
    stables: facts.stablecoins.map((s) => s.address),
    dexes: facts.dexes.map((d) => ({ factory: d.factory, router: d.router })),
    agent: AGENT_ADDRESS,
    buyBps: MAIN_BUY_BPS,
    minQuoteWeth: MIN_POOL_QUOTE_VALUE,
    buyProbeBps: BUY_PROBE_BPS,
    sellProbeBps: SELL_PROBE_BPS,
    v3Dexes: facts.v3Dexes.map((d) => ({ factory: d.factory, fees: d.fees })),
    solidlyDexes: facts.solidlyDexes.map((d) => ({ factory: d.factory, router: d.router })),
  };
  return encodeFunctionData({ abi: artifact.abi, functionName, args: [request] });
}

/** The node answered but the call as a whole failed: say so, with what the node said. */
function callFailed(setup: SimulationSetup, err: unknown): SimulationSection {
  const revertData = findRevertData(err);
  const detail = revertData ? decodeRevertReason(revertData) : shortMessage(err);
  return impossibleSection({
    reason: 'call_failed',
    detail: `the simulation call failed: ${detail}`,
    evidence: emptyEvidence(setup),
  });
}

function findRevertData(err: unknown): Hex | undefined {
  let link: unknown = err;
  for (let depth = 0; link && typeof link === 'object' && depth < 10; depth++) {
    const data = (link as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x') && data.length > 2) return data as Hex;
    link = (link as { cause?: unknown }).cause;
  }
  return undefined;
}

export function shortMessage(err: unknown): string {
  const message = (err as { shortMessage?: unknown })?.shortMessage ?? (err as Error)?.message ?? String(err);
  // viem's messages can carry the RPC URL (with its API key) on later lines; keep the first only.
  return String(message).split('\n')[0].slice(0, 200);
}
