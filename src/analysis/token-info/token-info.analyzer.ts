import { Injectable } from '@nestjs/common';
import { encodeFunctionData, getAddress, hexToBigInt, parseAbi, size, zeroAddress, type Hex } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import { boundedCall, type RawResult } from '../../chain/bounded-call';
import { decodeAddress, decodeText, decodeUint } from './token-field.decoder';
import { SEL } from '../contract/engine/probe-world';
import { functionsOf } from '../contract/engine/static-layer';
import { TokenNotFoundError } from './token-info.errors';
import type { TokenInfo, TokenInfoEvidence, TokenInfoRequest } from './token-info.types';

const TOKEN_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function owner() view returns (address)',
  'function getOwner() view returns (address)',
]);

const READS = ['name', 'symbol', 'decimals', 'totalSupply', 'balanceOf', 'owner', 'getOwner'] as const;
const DEFAULT_DECIMALS = 18;

function readCallData(read: (typeof READS)[number]): Hex {
  if (read === 'balanceOf')
    return encodeFunctionData({ abi: TOKEN_ABI, functionName: 'balanceOf', args: [zeroAddress] });
  return encodeFunctionData({ abi: TOKEN_ABI, functionName: read });
}

/**
 * Name, symbol, decimals, supply and owner in one round trip: each read its own eth_call with a gas
 * cap, issued in the same tick as eth_getCode and the head block, which the transport sends as one
 * JSON-RPC batch. Each read is bounded on its own (a view that loops, returns or reverts with a
 * megabyte fails that read alone), and nothing depends on Multicall3 being deployed on the chain.
 */
@Injectable()
export class TokenInfoAnalyzer {
  constructor(private readonly chains: ChainRegistry) {}

  async analyze(request: TokenInfoRequest): Promise<TokenInfo> {
    const { client } = this.chains.get(request.chain);
    const address = getAddress(request.address);
    const [code, block, ...answers] = await withChainErrors(request.chain, () =>
      Promise.all([
        client.request({ method: 'eth_getCode', params: [address, 'latest'] }),
        client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }),
        ...READS.map((read) => boundedCall(client, { to: address, data: readCallData(read) })),
      ]),
    );
    if (!code || code === '0x') throw new TokenNotFoundError('no_code');
    const results = Object.fromEntries(READS.map((read, i) => [read, answers[i]])) as Record<
      (typeof READS)[number],
      RawResult
    >;
    const head = block ? { number: hexToBigInt(block.number!), timestamp: hexToBigInt(block.timestamp) } : null;
    return { ...toTokenInfo({ request: { chain: request.chain, address }, code, results }), head };
  }
}

const TRANSFER_SELECTORS = new Set<Hex>([SEL.transfer, SEL.transferFrom]);

function hasTransfer(code: Hex): boolean {
  return functionsOf(code).some((f) => TRANSFER_SELECTORS.has(f.selector));
}

function toTokenInfo(params: {
  request: TokenInfoRequest;
  code: Hex;
  results: Record<(typeof READS)[number], RawResult>;
}): Omit<TokenInfo, 'head'> {
  const { request, code, results } = params;
  const totalSupply = decodeUint(results.totalSupply);
  const balance = decodeUint(results.balanceOf);
  // A token interface is a balanceOf that answers or a transfer function in the code; pre-standard
  // tokens (2016-17) may lack totalSupply() and still get a full report (supply 0, noted by the engine).
  if (balance.value === null && !hasTransfer(code)) throw new TokenNotFoundError('not_erc20');
  const name = decodeText(results.name);
  const symbol = decodeText(results.symbol);
  const decimals = decodeUint(results.decimals);
  const owner = decodeAddress(results.owner);
  const getOwner = decodeAddress(results.getOwner);
  const evidence: TokenInfoEvidence = {
    reads: {
      name: name.read,
      symbol: symbol.read,
      decimals: decimals.value !== null && decimals.value > 255n ? 'undecodable' : decimals.read,
      totalSupply: totalSupply.read,
      owner: owner.read,
      getOwner: getOwner.read,
    },
    codeSize: size(code),
    ownerSource: owner.value ? 'owner()' : getOwner.value ? 'getOwner()' : null,
  };
  return {
    chain: request.chain,
    address: request.address,
    name: name.value ?? '',
    symbol: symbol.value ?? '',
    decimals: evidence.reads.decimals === 'uint' ? Number(decimals.value) : DEFAULT_DECIMALS,
    totalSupply: totalSupply.value ?? 0n,
    owner: owner.value ?? getOwner.value,
    bytecode: code,
    evidence,
  };
}
