import type { Address, Hex } from 'viem';

/** The one vocabulary of owner powers, the same words on every surface. */
export const FINDING_KINDS = [
  'mint',
  'balance_seizure',
  'confiscatory_fee',
  'adjustable_fee',
  'blacklist',
  'pause',
  'trading_switch',
  'transfer_limit',
  'cooldown',
  'whitelist_only',
  'external_transfer_hook',
  'upgrade',
  'selfdestruct',
  'hidden_owner',
  'environment_dependent',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** What a kind is scored as by the evals: mint, leak, limit; control and fee kinds count for none. */
export type FindingFlag = 'mint' | 'leak' | 'limit' | 'control' | 'fee';
export type FindingSeverity = 'critical' | 'high' | 'medium' | 'low';

interface KindRule {
  flag: FindingFlag;
  severity: FindingSeverity;
  title: string;
  /** Security-score points a live finding of this kind takes (docs/scoring.md). */
  points: number;
  /** What a live finding of this kind does to the rug-pull risk. */
  rugRisk: 'VERY_HIGH' | 'HIGH' | 'MEDIUM';
}

/** The rule table: adding a kind means one row here; every surface reads these words. */
export const KIND_RULES: Record<FindingKind, KindRule> = {
  mint: { flag: 'mint', severity: 'high', title: 'Can create new tokens', points: 20, rugRisk: 'HIGH' },
  balance_seizure: {
    flag: 'leak',
    severity: 'critical',
    title: "Can take or destroy holders' tokens",
    points: 40,
    rugRisk: 'VERY_HIGH',
  },
  confiscatory_fee: {
    flag: 'leak',
    severity: 'critical',
    title: 'Can set a fee that confiscates most of a transfer',
    points: 35,
    rugRisk: 'VERY_HIGH',
  },
  adjustable_fee: {
    flag: 'fee',
    severity: 'medium',
    title: 'Can change the fee on transfers (within a bound)',
    points: 3,
    rugRisk: 'MEDIUM',
  },
  blacklist: {
    flag: 'limit',
    severity: 'high',
    title: 'Can block chosen holders from transferring',
    points: 15,
    rugRisk: 'HIGH',
  },
  pause: { flag: 'limit', severity: 'high', title: 'Can stop all transfers', points: 12, rugRisk: 'HIGH' },
  trading_switch: {
    flag: 'limit',
    severity: 'high',
    title: 'Decides when holders may trade',
    points: 8,
    rugRisk: 'HIGH',
  },
  transfer_limit: {
    flag: 'limit',
    severity: 'medium',
    title: 'Can cap transfers low enough to block a sale',
    points: 5,
    rugRisk: 'MEDIUM',
  },
  cooldown: {
    flag: 'limit',
    severity: 'medium',
    title: 'Can make holders wait between transfers',
    points: 3,
    rugRisk: 'MEDIUM',
  },
  whitelist_only: {
    flag: 'limit',
    severity: 'high',
    title: 'Can restrict transfers to chosen addresses',
    points: 15,
    rugRisk: 'HIGH',
  },
  external_transfer_hook: {
    flag: 'limit',
    severity: 'high',
    title: 'Transfers consult a contract the authority can replace',
    points: 10,
    rugRisk: 'HIGH',
  },
  upgrade: { flag: 'control', severity: 'high', title: "Can replace the token's logic", points: 10, rugRisk: 'HIGH' },
  selfdestruct: { flag: 'control', severity: 'high', title: 'Can destroy the contract', points: 15, rugRisk: 'HIGH' },
  hidden_owner: {
    flag: 'control',
    severity: 'high',
    title: 'Keeps powers after ownership is renounced',
    points: 15,
    rugRisk: 'VERY_HIGH',
  },
  environment_dependent: {
    flag: 'limit',
    severity: 'high',
    title: 'Lets a simulated trade through and refuses a real one',
    points: 15,
    rugRisk: 'HIGH',
  },
};

/** `code`: written into the code for every holder; no one needs to act (a refusal keyed to the block or the transaction). */
export type AuthorityKind = 'anyone' | 'owner_slot' | 'storage_slot' | 'role_map' | 'hardcoded' | 'code';

/** Who may use a power, and who holds that right today. */
export interface Authority {
  kind: AuthorityKind;
  /** Storage slot (owner/admin slots) or mapping entry key (role maps), hex. */
  slot: Hex | null;
  /** The getter that reads the slot, where one exists (`owner()`). */
  getter: string | null;
  /** The current holder: an address, null for role maps (members not enumerable) and `anyone`. */
  holder: Address | null;
  holderType: 'eoa' | 'contract' | 'nobody' | 'unknown';
  /** Multisig threshold or timelock delay where the holder exposes them. */
  holderDetail?: string;
}

export interface Finding {
  kind: FindingKind;
  severity: FindingSeverity;
  selector: Hex | null;
  signature: string | null;
  authority: Authority;
  /** live: the holder can use it today; dormant: nobody holds the authority (renounced). */
  status: 'live' | 'dormant';
  /** The concrete call and its measured effect. */
  evidence: string;
  /** Highest fee measured (confiscatory_fee, adjustable_fee), as a fraction 0..1. */
  measuredFee?: number;
  /** The storage read that decides the refusal this power causes or lifts (see Gate). */
  gate?: GateRead;
}

/** The storage entry a holder's transfer or sell reads and is refused (or let through) by. */
export interface GateRead {
  /** The storage key, hex. */
  slot: Hex;
  /** For a mapping entry: the mapping's own slot and whose entry it is (the holder the power names). */
  mapping: { slot: Hex; keyedBy: 'holder' } | null;
  /** The value a holder's transfer reads there today, and the value the power writes. */
  value: Hex;
  setTo: Hex;
}

/** A setter whose effect was measured and stayed harmless (a fee capped at 5 %). */
export interface BoundedSetter {
  selector: Hex;
  signature: string | null;
  bound: string;
}

export interface PowerAnalysis {
  findings: Finding[];
  trading: Tradability;
  boundedSetters: BoundedSetter[];
  /** What could not be covered (budgets, undecodable arguments); empty when the analysis is complete. */
  incomplete: string[];
  ledger: LedgerInfo;
  /** `steps` and `frames`: the work the last pass did (jump destinations reached, call frames opened). */
  stats: { functions: number; executions: number; steps: number; frames: number; cpuMs: number; roundTrips: number };
}

/** A power named by what it does and who holds it; its evidence is in the findings list. */
export type PowerRef = Pick<Finding, 'kind' | 'selector' | 'signature' | 'authority' | 'status'>;

/** Whether a holder may move the token in the state the engine saw, and the calls that open or close trading. */
export interface Tradability {
  /** false: every probe holder's transfer reverted (not yet tradable); null: no holder could be funded to tell. */
  open: boolean | null;
  /** The launch, in order: the calls (at most three) after which a transfer succeeds; empty when open or when none was found. */
  openedBy: PowerRef[];
  /** Powers that can stop every holder's transfers or sells again once trading is open. */
  closableBy: PowerRef[];
}

export interface LedgerInfo {
  /** 'mapping', 'checkpoint' (MiniMe), 'reflection' or 'unknown'. */
  style: 'mapping' | 'checkpoint' | 'reflection' | 'unknown';
  hasTotalSupply: boolean;
  transferReturnsBool: boolean | null;
  notes: string[];
}

export function flagOf(kind: FindingKind): FindingFlag {
  return KIND_RULES[kind].flag;
}
