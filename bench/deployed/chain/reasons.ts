import { decodeAbiParameters, decodeErrorResult, type Abi, type Hex } from 'viem';

const PANICS: Record<number, string> = {
  0x01: 'assert failed',
  0x11: 'arithmetic overflow/underflow',
  0x12: 'division by zero',
  0x21: 'invalid enum value',
  0x22: 'bad storage byte array',
  0x31: 'pop on empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to zero function',
};

/** Turns an anvil error message with no revert data into a short reason. */
function fromMessage(message: string | undefined): string {
  const m = (message ?? '').toLowerCase();
  if (!m) return 'reverted (no reason)';
  if (m.includes('outofgas') || m.includes('out of gas') || m.includes('oog')) return 'out of gas';
  if (m.includes('invalidfeopcode') || m.includes('invalid opcode') || m.includes('designatedinvalid'))
    return 'invalid opcode (throw/assert)';
  if (m.includes('createcollision')) return 'create collision';
  if (m.includes('createcontractsizelimit') || m.includes('code size')) return 'contract code too large';
  if (m.includes('insufficient funds') || m.includes('lackoffundforgaslimit')) return 'insufficient funds';
  if (m.includes('execution reverted')) {
    const rest = message!.replace(/^.*execution reverted:?\s*/i, '').trim();
    return rest ? rest : 'reverted (no reason)';
  }
  return message!.length > 160 ? `${message!.slice(0, 160)}…` : message!;
}

/**
 * Decodes revert data: Error(string), Panic(uint256), a custom error of `abi`, or names the
 * selector; falls back to the node's message when there is no data.
 */
export function decodeRevert(data: Hex | undefined, abi?: Abi, message?: string): string {
  if (!data || data === '0x') return fromMessage(message);
  const selector = data.slice(0, 10).toLowerCase();
  try {
    if (selector === '0x08c379a0') {
      const [reason] = decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`);
      return reason || 'reverted (empty reason)';
    }
    if (selector === '0x4e487b71') {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}`);
      const n = Number(code);
      return `panic 0x${n.toString(16)} (${PANICS[n] ?? 'unknown'})`;
    }
  } catch {
    /* malformed: fall through */
  }
  if (abi) {
    try {
      const d = decodeErrorResult({ abi, data });
      const args = (d.args ?? []).map((a) => (typeof a === 'bigint' ? a.toString() : String(a)));
      return `${d.errorName}(${args.join(', ')})`;
    } catch {
      /* not one of its errors */
    }
  }
  return data.length <= 10
    ? `custom error ${selector}`
    : `custom error ${selector} (${(data.length - 10) / 2} bytes of data)`;
}
