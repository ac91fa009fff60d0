/**
 * A synthetic long token history for the holder benchmarks: `StormToken`, an ERC-20-shaped contract
 * whose `storm` emits pseudo-random Transfer events among `holders` addresses. Its balances do not
 * follow the events (the holder index reads only the logs); the rest of the ERC-20 surface is there
 * so the scanner takes it for a token.
 */
import { numberToHex, toFunctionSelector, type Address, type Hex } from 'viem';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- solc ships no type declarations for its CommonJS entry
const solc = require('solc') as { compile(input: string): string };

const STORM_TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
/// An ERC-20 whose storm() emits Transfer events that move no balances (the holder index only reads logs).
contract StormToken {
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  string public constant name = "Storm Token";
  string public constant symbol = "STORM";
  uint8 public constant decimals = 18;
  uint256 public constant totalSupply = 1e27;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;

  constructor() { balanceOf[msg.sender] = totalSupply; }

  function transfer(address to, uint256 value) external returns (bool) {
    _move(msg.sender, to, value);
    return true;
  }

  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value;
    emit Approval(msg.sender, spender, value);
    return true;
  }

  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    allowance[from][msg.sender] -= value;
    _move(from, to, value);
    return true;
  }

  function storm(uint256 seed, uint256 count, uint256 holders) external {
    for (uint256 i = 0; i < count; i++) {
      uint256 r = uint256(keccak256(abi.encode(seed, i)));
      emit Transfer(address(uint160(1 + (r % holders))), address(uint160(1 + ((r >> 64) % holders))), (r >> 128) % 1e24 + 1);
    }
  }

  function _move(address from, address to, uint256 value) private {
    balanceOf[from] -= value;
    balanceOf[to] += value;
    emit Transfer(from, to, value);
  }
}`;

function stormTokenBytecode(): Hex {
  const input = {
    language: 'Solidity',
    sources: { 'StormToken.sol': { content: STORM_TOKEN_SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  return `0x${output.contracts['StormToken.sol'].StormToken.evm.bytecode.object}`;
}

const STORM_SELECTOR = toFunctionSelector('storm(uint256,uint256,uint256)');

/** storm(uint256,uint256,uint256) calldata, encoded by hand to keep the generator lean. */
function stormCall(p: { seed: number; count: number; holders: number }): Hex {
  const word = (n: number) => n.toString(16).padStart(64, '0');
  return `${STORM_SELECTOR}${word(p.seed)}${word(p.count)}${word(p.holders)}`;
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export interface StormPlan {
  /** A node that mines only on evm_mine (no automine), and an unlocked account on it. */
  url: string;
  from: Address;
  events: number;
  holders: number;
  /** Events per block, each block one storm transaction. */
  perBlock: number;
  /** Chain time of the deployment; the blocks follow, evenly spread over `spanSeconds`. */
  start: number;
  spanSeconds: number;
}

/** Deploys StormToken at `start`, then mines the history: one storm transaction per block. */
export async function generateStorm(plan: StormPlan): Promise<{ token: Address; blocks: number }> {
  const { url, from, events, perBlock, start } = plan;
  const deploy = await rpc<Hex>(url, 'eth_sendTransaction', [
    { from, data: stormTokenBytecode(), gas: numberToHex(3_000_000) },
  ]);
  await rpc(url, 'evm_mine', [start]);
  const receipt = await rpc<{ contractAddress: Address; status: Hex }>(url, 'eth_getTransactionReceipt', [deploy]);
  if (receipt.status !== '0x1') throw new Error('StormToken deployment reverted');
  const blocks = Math.ceil(events / perBlock);
  const step = plan.spanSeconds / blocks;
  for (let b = 0; b < blocks; b++) {
    const count = Math.min(perBlock, events - b * perBlock);
    const data = stormCall({ seed: b, count, holders: plan.holders });
    await rpc(url, 'eth_sendTransaction', [
      { from, to: receipt.contractAddress, data, gas: numberToHex(1_000_000 + count * 5_000) },
    ]);
    await rpc(url, 'evm_mine', [start + 1 + Math.floor((b + 1) * step)]);
  }
  return { token: receipt.contractAddress, blocks };
}
