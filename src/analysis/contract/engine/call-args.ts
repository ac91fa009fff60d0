import { concat, encodeAbiParameters, parseAbiParameters, type Address, type Hex } from 'viem';

/** The values one generated call uses for each argument kind. */
export interface ArgChoice {
  /** Address arguments take these in order (the first is the one acted upon, the second gains). */
  addresses: Address[];
  uint: bigint;
  bool: boolean;
  label: string;
}

/** Numbers that reach the interesting cases: an amount, zero (a limit of nothing), percent, per-mille and basis-point ceilings. */
export function argChoices(params: {
  victim: Address;
  beneficiary: Address;
  hook: Address;
  amount: bigint;
  types: string;
}): ArgChoice[] {
  const { hook, amount, types } = params;
  const victim = [params.victim, params.beneficiary];
  if (types === '') return [{ addresses: victim, uint: amount, bool: true, label: 'no arguments' }];
  const hasUint = /u?int/.test(types);
  const hasBool = types.includes('bool');
  const hasAddress = types.includes('address');
  const choices: ArgChoice[] = [{ addresses: victim, uint: amount, bool: true, label: 'victim, amount, true' }];
  if (hasBool) choices.push({ addresses: victim, uint: amount, bool: false, label: 'victim, amount, false' });
  if (hasUint) {
    for (const n of [0n, 1n, 100n, 10_000n])
      choices.push({ addresses: victim, uint: n, bool: true, label: `victim, ${n}` });
  }
  if (hasAddress)
    choices.push({
      addresses: [hook, params.beneficiary],
      uint: amount,
      bool: true,
      label: 'hook contract, amount, true',
    });
  return choices;
}

/** ABI-encoded calldata for evmole's argument types; null when the types cannot be encoded. */
export function encodeCall(selector: Hex, types: string, choice: ArgChoice): Hex | null {
  if (types === '') return selector;
  try {
    const params = parseAbiParameters(types);
    const cursor = { next: 0 };
    const values = params.map((p) => valueFor(p, choice, cursor));
    return concat([selector, encodeAbiParameters(params, values)]);
  } catch {
    return null;
  }
}

type Param = { type: string; components?: readonly Param[] };

function valueFor(param: Param, choice: ArgChoice, cursor: { next: number }): unknown {
  const type = param.type;
  if (type.endsWith('[]')) return [valueFor({ ...param, type: type.slice(0, -2) }, choice, cursor)];
  const fixed = /^(.*)\[(\d+)\]$/.exec(type);
  if (fixed)
    return Array.from({ length: Number(fixed[2]) }, () => valueFor({ ...param, type: fixed[1] }, choice, cursor));
  if (type === 'tuple') return (param.components ?? []).map((c) => valueFor(c, choice, cursor));
  if (type === 'address') return choice.addresses[cursor.next++ % choice.addresses.length];
  if (type === 'bool') return choice.bool;
  if (type === 'string') return '';
  if (type === 'bytes') return '0x';
  if (type.startsWith('bytes')) return `0x${'00'.repeat(Number(type.slice(5)))}`;
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int) {
    const bits = BigInt(int[2] || '256') - (int[1] ? 0n : 1n);
    const max = (1n << bits) - 1n;
    return choice.uint > max ? max : choice.uint;
  }
  throw new Error(`unsupported type ${type}`);
}
