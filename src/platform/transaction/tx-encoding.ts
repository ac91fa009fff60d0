import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem';

/** The fee-on-transfer-safe swaps of a V2 router: they measure what arrived instead of trusting the quote. */
export const ROUTER_SWAP_ABI = parseAbi([
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

/** A call: where it goes, its calldata and the native value it carries. */
export interface TxCall {
  to: Address;
  data: Hex;
  value: bigint;
}

export interface SwapCallInput {
  router: Address;
  path: Address[];
  amountIn: bigint;
  minOut: bigint;
  recipient: Address;
  deadline: bigint;
  nativeIn: boolean;
  nativeOut: boolean;
}

/** The router call for a swap; native in or out picks the ETH variant. */
export function swapCall(s: SwapCallInput): TxCall {
  if (s.nativeIn) {
    const data = encodeFunctionData({
      abi: ROUTER_SWAP_ABI,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [s.minOut, s.path, s.recipient, s.deadline],
    });
    return { to: s.router, data, value: s.amountIn };
  }
  const functionName = s.nativeOut
    ? 'swapExactTokensForETHSupportingFeeOnTransferTokens'
    : 'swapExactTokensForTokensSupportingFeeOnTransferTokens';
  const data = encodeFunctionData({
    abi: ROUTER_SWAP_ABI,
    functionName,
    args: [s.amountIn, s.minOut, s.path, s.recipient, s.deadline],
  });
  return { to: s.router, data, value: 0n };
}

/** Approves exactly the amount (not unlimited): a leaked router allowance then cannot drain more. */
export function approveCall(token: Address, spender: Address, amount: bigint): TxCall {
  return {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
    value: 0n,
  };
}

export function transferCall(input: { token: Address | null; to: Address; amount: bigint }): TxCall {
  if (input.token === null) return { to: input.to, data: '0x', value: input.amount };
  return {
    to: input.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [input.to, input.amount] }),
    value: 0n,
  };
}
