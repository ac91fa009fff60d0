import { erc20Abi, getAddress, parseAbiItem, type Address, type PublicClient } from 'viem';

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface WalletTransfer {
  token: Address;
  block: number;
  logIndex: number;
  txHash: string;
  from: string;
  to: string;
  value: bigint;
}

export interface TokenHolding {
  token: Address;
  symbol: string;
  decimals: number;
  balance: bigint;
}

/** Transfers into and out of the wallet since `fromBlock`: two eth_getLogs in one JSON-RPC batch. */
export async function readWalletTransfers(
  client: PublicClient,
  wallet: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<WalletTransfer[]> {
  const [incoming, outgoing] = await Promise.all([
    client.getLogs({ event: TRANSFER_EVENT, args: { to: wallet }, fromBlock, toBlock }),
    client.getLogs({ event: TRANSFER_EVENT, args: { from: wallet }, fromBlock, toBlock }),
  ]);
  const seen = new Set<string>();
  return [...incoming, ...outgoing]
    .filter((log) => {
      const id = `${log.transactionHash}:${log.logIndex}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((log) => ({
      token: getAddress(log.address),
      block: Number(log.blockNumber),
      logIndex: log.logIndex ?? 0,
      txHash: log.transactionHash ?? '',
      from: log.args.from!.toLowerCase(),
      to: log.args.to!.toLowerCase(),
      value: log.args.value ?? 0n,
    }))
    .sort((a, b) => b.block - a.block || b.logIndex - a.logIndex);
}

/** balanceOf, symbol and decimals of every token in one multicall; tokens that fail are left out. */
export async function readHoldings(client: PublicClient, wallet: Address, tokens: Address[]): Promise<TokenHolding[]> {
  const calls = tokens.flatMap((address) => [
    { address, abi: erc20Abi, functionName: 'balanceOf' as const, args: [wallet] as const },
    { address, abi: erc20Abi, functionName: 'symbol' as const },
    { address, abi: erc20Abi, functionName: 'decimals' as const },
  ]);
  const results = await client.multicall({ contracts: calls, allowFailure: true });
  return tokens.flatMap((token, i) => {
    const [balance, symbol, decimals] = results.slice(i * 3, i * 3 + 3);
    if (balance.status !== 'success') return [];
    return [
      {
        token,
        balance: balance.result as bigint,
        symbol: symbol.status === 'success' ? String(symbol.result) : '',
        decimals: decimals.status === 'success' ? Number(decimals.result) : 18,
      },
    ];
  });
}
