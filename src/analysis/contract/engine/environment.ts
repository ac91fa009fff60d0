import type { Address, Hex } from 'viem';
import { KIND_RULES, type Finding } from './findings';
import type { CallContext } from './evm-host';
import { ACTORS, SEL, transferData, word, type ProbeWorld } from './probe-world';

/**
 * What a real block and transaction have that a simulator's often lack: a builder as coinbase, a gas
 * price, a later block, a contract between the sender and the token (a router), and the modest gas a
 * wallet gives. A honeypot that reads them lets a simulated sell through and refuses the real one.
 */
export interface Variation {
  /** The variable, as Solidity names it. */
  variable:
    'block.coinbase' | 'tx.gasprice' | 'block.basefee' | 'block.number' | 'tx.origin' | 'gasleft()' | 'msg.sender.code';
  /** The two values compared: the engine's block, then the varied one. */
  values: [string, string];
  context: CallContext;
  /** The sender has code (a smart wallet, a contract a simulator sends from), where the probe holder has none. */
  senderCode?: boolean;
}

/** beaverbuild's fee recipient: the coinbase of a large share of mainnet blocks. */
export const BUILDER: Address = '0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5';
/** A gas price a real transaction pays (a simulator's is zero). */
export const REAL_GAS_PRICE = 30_000_000_000n;
/** A mainnet base fee (a simulator's block often has none). */
const REAL_BASE_FEE = 20_000_000_000n;
/** A day of 12-second blocks. */
const DAY_OF_BLOCKS = 7_200n;
/** Gas a wallet gives a token transfer or a router's sell, against the engine's own 8 M. */
const WALLET_GAS = 500_000n;

export const VARIATIONS: readonly Variation[] = [
  {
    variable: 'block.coinbase',
    values: ['the zero address', `${BUILDER} (a block builder)`],
    context: { coinbase: BUILDER },
  },
  { variable: 'tx.gasprice', values: ['0', '30 gwei'], context: { gasPrice: REAL_GAS_PRICE } },
  { variable: 'block.basefee', values: ['1 wei', '20 gwei'], context: { baseFee: REAL_BASE_FEE } },
  {
    variable: 'block.number',
    values: ['the current block', `${DAY_OF_BLOCKS} blocks (a day) later`],
    context: { blocksAhead: DAY_OF_BLOCKS },
  },
  {
    variable: 'tx.origin',
    values: ['the sender itself', 'another account (a contract in between, as a router)'],
    context: { origin: ACTORS.admin },
  },
  {
    variable: 'gasleft()',
    values: ['8,000,000 gas', `${WALLET_GAS.toLocaleString('en-US')} gas (what a wallet gives)`],
    context: { gasLimit: WALLET_GAS },
  },
  { variable: 'msg.sender.code', values: ['none (an EOA)', 'some (a contract)'], context: {}, senderCode: true },
];

/** Code put at the probe holder's address for the run where the sender is a contract: it is never executed. */
const SENDER_CODE: Hex = '0x00';

/** A holder's path whose outcome changed with one variable of its surroundings. */
export interface EnvironmentDependence {
  variation: Variation;
  /** "a probe holder's transfer", "a probe holder's sell into the pool". */
  path: string;
  /** The outcome in the engine's block, then in the varied one. */
  outcomes: [Outcome, Outcome];
}

type Outcome = 'succeeded' | 'reverted' | 'answered false';

/**
 * Replays a holder's transfer (and sell into the pool, where there is one) under each variation and
 * returns those whose outcome changed. A run that ran out of gas with the wallet's gas is a transfer
 * that needs more, not a trap: only a refusal within its gas counts.
 */
export async function environmentDependence(
  world: ProbeWorld,
  params: { pool: Address | null; amount: bigint },
): Promise<EnvironmentDependence[]> {
  const paths: { path: string; data: Hex }[] = [
    { path: "a probe holder's transfer", data: transferData(ACTORS.recipient, params.amount) },
  ];
  if (params.pool)
    paths.push({ path: "a probe holder's sell into the pool", data: transferData(params.pool, params.amount) });
  const found: EnvironmentDependence[] = [];
  for (const { path, data } of paths) {
    const base = await outcomeOf(world, data);
    if (base === null) continue;
    for (const variation of VARIATIONS) {
      const varied = await outcomeOf(world, data, variation);
      if (varied !== null && varied !== base) found.push({ variation, path, outcomes: [base, varied] });
    }
  }
  return found;
}

/** The transfer's outcome, with the state put back; null when it ran out of gas (or steps). */
async function outcomeOf(world: ProbeWorld, data: Hex, variation?: Variation): Promise<Outcome | null> {
  world.executions.count++;
  await world.host.checkpoint();
  try {
    if (variation?.senderCode) await world.host.setCode(ACTORS.victim, SENDER_CODE);
    const result = await world.host.call({ from: ACTORS.victim, to: world.token, data, context: variation?.context });
    if (result.exhausted) return null;
    if (!result.ok) return 'reverted';
    return result.returnData.length >= 32 && word(result) === 0n ? 'answered false' : 'succeeded';
  } finally {
    await world.host.revert();
  }
}

/** The finding every part of a scan words the same way: `path`, then each variable's two outcomes. */
export function environmentFinding(
  path: string,
  changes: readonly string[],
  selector: Hex | null,
  signature: string | null,
): Finding {
  return {
    kind: 'environment_dependent',
    severity: KIND_RULES.environment_dependent.severity,
    selector,
    signature,
    authority: { kind: 'code', slot: null, getter: null, holder: null, holderType: 'unknown' },
    status: 'live',
    evidence: `${path} ${changes.join('; ')}: a simulation in one block passes while a real trade in the other is refused`,
  };
}

/** One finding per holder's path, naming each variable that changed its outcome and both outcomes. */
export function environmentFindings(found: readonly EnvironmentDependence[]): Finding[] {
  const paths = [...new Set(found.map((f) => f.path))];
  return paths.map((path) => {
    const changes = found
      .filter((f) => f.path === path)
      .map(
        ({ variation: { variable, values }, outcomes }) =>
          `${outcomes[0]} with ${variable} = ${values[0]}, ${outcomes[1]} with ${variable} = ${values[1]}`,
      );
    return environmentFinding(path, changes, SEL.transfer, 'transfer(address,uint256)');
  });
}
