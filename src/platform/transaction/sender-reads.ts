import { erc20Abi, type Address, type Block, type PublicClient } from 'viem';
import type { ChainFacts } from '../../chain/chain-facts';
import { throwIfTransportFailed } from '../../chain/chain.errors';
import { AppError } from '../../common/errors/app-error';
import type { ChainKey } from '../../config/app-config';

/** A side of a trade: the native coin (wrapped native in router paths) or an ERC-20 token. */
export interface TokenSide {
  native: boolean;
  /** The token, or wrapped native for the native coin. */
  address: Address;
  symbol: string;
  decimals: number;
}

export interface SenderState {
  block: Block;
  nonce: number;
  priorityFee: bigint;
  nativeBalance: bigint;
  /** token_in's balance (the native balance when it is native). */
  balanceIn: bigint;
  /** Allowance of token_in to each DEX router, by DEX index (empty for native). */
  allowances: bigint[];
  sides: TokenSide[];
}

/**
 * Everything about the sender and the tokens in one round trip: the latest block, the pending nonce,
 * the priority fee, the native balance (JSON-RPC batch) and one multicall of each token's symbol and
 * decimals, token_in's balance and its allowance to every router.
 */
export async function readSenderState(input: {
  chain: ChainKey;
  client: PublicClient;
  facts: ChainFacts;
  from: Address;
  /** ERC-20 sides still missing symbol and decimals; the native side passes as is. */
  sides: Array<{ native: boolean; address: Address }>;
  /** Index in `sides` of what is spent. */
  inIndex: number;
}): Promise<SenderState> {
  const { client, facts, from, sides } = input;
  const tokenIn = sides[input.inIndex];
  const meta = sides.flatMap((s) =>
    s.native
      ? []
      : [
          { address: s.address, abi: erc20Abi, functionName: 'symbol' } as const,
          { address: s.address, abi: erc20Abi, functionName: 'decimals' } as const,
        ],
  );
  const spend = tokenIn.native
    ? []
    : [
        { address: tokenIn.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] } as const,
        ...facts.dexes.map(
          (d) =>
            ({ address: tokenIn.address, abi: erc20Abi, functionName: 'allowance', args: [from, d.router] }) as const,
        ),
      ];
  const [block, nonce, priorityFee, nativeBalance, results] = await Promise.all([
    client.getBlock({ blockTag: 'latest' }),
    client.getTransactionCount({ address: from, blockTag: 'pending' }),
    client.estimateMaxPriorityFeePerGas(),
    client.getBalance({ address: from }),
    meta.length + spend.length
      ? client.multicall({ allowFailure: true, contracts: [...meta, ...spend] })
      : Promise.resolve([]),
  ]);
  throwIfTransportFailed(input.chain, results);
  const value = (i: number): unknown => (results[i]?.status === 'success' ? results[i].result : undefined);
  let cursor = 0;
  const resolved = sides.map((s) => {
    if (s.native)
      return { native: true, address: facts.wrappedNative.address, symbol: facts.nativeSymbol, decimals: 18 };
    const symbol = value(cursor);
    const decimals = value(cursor + 1);
    cursor += 2;
    if (decimals === undefined) return null;
    return {
      native: false,
      address: s.address,
      symbol: typeof symbol === 'string' ? symbol : '',
      decimals: Number(decimals),
    };
  });
  const missing = resolved.findIndex((s) => s === null);
  if (missing >= 0) throw new NotATokenError(sides[missing].address);
  return {
    block,
    nonce,
    priorityFee,
    nativeBalance,
    balanceIn: tokenIn.native ? nativeBalance : ((value(cursor) as bigint | undefined) ?? 0n),
    allowances: tokenIn.native ? [] : facts.dexes.map((_, i) => (value(cursor + 1 + i) as bigint | undefined) ?? 0n),
    sides: resolved as TokenSide[],
  };
}

/** The address answers no ERC-20 `decimals()`: not a token this endpoint can move. */
export class NotATokenError extends AppError {
  constructor(address: Address) {
    super('not_found', `No ERC-20 token at ${address}`, { details: { token: address } });
  }
}
