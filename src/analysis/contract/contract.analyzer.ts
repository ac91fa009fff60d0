import { Injectable } from '@nestjs/common';
import { encodeFunctionData, getAddress, parseAbi, size, type Address, type Hex, type PublicClient } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { ChainUnavailableError, withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { SourceProvider, type SourceVerification } from '../../providers/source/source-provider';
import { minimalProxyTarget, scanBytecode, type BytecodeScan } from './bytecode-walker';
import { maliciousFunctions, matchSelectors, powersOf } from './contract-risks';
import type { ContractAnalysis, ContractAnalysisRequest, OpcodeFindings, ProxyInfo, SourceVerificationInfo } from './contract.types';
import { probeHiddenMint } from './hidden-mint.prober';
import { ownershipOf } from './ownership';
import { addressInSlot, interpretProxySlots, notAProxy, PROXY_SLOTS, SLOT_ORDER } from './proxy-detector';

const BEACON_ABI = parseAbi(['function implementation() view returns (address)']);

interface ResolvedCode {
  proxy: ProxyInfo;
  implementationCode: Hex | null;
}

/**
 * Powers, proxy, ownership and hidden mint from the bytecode, so unverified tokens get full answers.
 * Round trips: none for the code (token info read it), one batch of proxy slots only when the code
 * can DELEGATECALL, one getCode of the implementation for proxies, one batch of simulations.
 */
@Injectable()
export class ContractAnalyzer {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly sources: SourceProvider,
  ) {}

  async analyze(request: ContractAnalysisRequest): Promise<ContractAnalysis> {
    const { chain, tokenInfo } = request;
    const address = getAddress(request.address);
    const { client } = this.chains.get(chain);
    const code = tokenInfo.bytecode;
    const verification = this.verify({ chain, address, code });
    const scan = scanBytecode(code);
    const { proxy, implementationCode } = await this.resolveProxy({ client, chain, address, code, scan });
    const implementationScan = implementationCode ? scanBytecode(implementationCode) : null;
    const selectors = { contract: scan.selectors, implementation: implementationScan?.selectors ?? [] };
    const { matched, unknown } = matchSelectors(selectors);
    const ownership = ownershipOf({ owner: tokenInfo.owner, hasOwnershipFunctions: matched.some((m) => m.capability === 'ownership') });
    const liveOwner = ownership.renounced === false ? ownership.owner : null;
    const hiddenMint = await withChainErrors(chain, () =>
      probeHiddenMint({ client, chain, token: address, owner: liveOwner, candidates: unknown }),
    );
    const combined = mergeScans(scan, implementationScan);
    return {
      address,
      chain,
      ...powersOf({ matched, hiddenMint, proxy }),
      proxy,
      ownership,
      opcodes: opcodeFindings(combined),
      hiddenMint,
      verification: await verification,
      maliciousFunctions: maliciousFunctions({ matched, hiddenMint, scan: combined, proxy, ownership }),
      evidence: {
        selectors,
        matched,
        unknown,
        codeSize: size(code),
        implementationCodeSize: implementationCode ? size(implementationCode) : null,
      },
    };
  }

  private async verify(params: { chain: ChainKey; address: Address; code: Hex }): Promise<SourceVerificationInfo> {
    try {
      const result: SourceVerification = await this.sources.verify(params.chain, params.address, { code: params.code });
      return { verified: result.verified, provider: result.provider, ...result.source };
    } catch (err) {
      // An explorer outage makes verification unknown; it must not sink the bytecode analysis.
      return { verified: null, provider: (err as { provider?: string }).provider ?? 'unknown' };
    }
  }

  /** EIP-1167 reads the target from the code; slot-based proxies need DELEGATECALL, so others skip the read. */
  private async resolveProxy(params: {
    client: PublicClient;
    chain: ChainKey;
    address: Address;
    code: Hex;
    scan: BytecodeScan;
  }): Promise<ResolvedCode> {
    const { client, chain, address, code, scan } = params;
    const clone = minimalProxyTarget(code);
    if (clone) {
      const implementationCode = await this.getCode({ client, chain, address: clone });
      return { proxy: { isProxy: true, kind: 'eip1167', implementation: clone, beacon: null, slotsRead: {} }, implementationCode };
    }
    if (scan.opcodes.delegatecall === 0) return { proxy: notAProxy(), implementationCode: null };
    const values = await withChainErrors(chain, () =>
      Promise.all(SLOT_ORDER.map((slot) => client.request({ method: 'eth_getStorageAt', params: [address, PROXY_SLOTS[slot], 'latest'] }))),
    );
    const slotsRead = Object.fromEntries(SLOT_ORDER.map((slot, i) => [PROXY_SLOTS[slot], values[i]])) as Record<Hex, Hex>;
    const reading = interpretProxySlots(Object.fromEntries(SLOT_ORDER.map((slot, i) => [slot, values[i]])));
    if (!reading) return { proxy: notAProxy(slotsRead), implementationCode: null };
    const implementation = reading.implementation ?? (await this.beaconImplementation({ client, chain, beacon: reading.beacon! }));
    const implementationCode = implementation ? await this.getCode({ client, chain, address: implementation }) : null;
    return {
      proxy: { isProxy: true, kind: reading.kind, implementation, beacon: reading.beacon, slotsRead },
      implementationCode: implementationCode && implementationCode !== '0x' ? implementationCode : null,
    };
  }

  private getCode(params: { client: PublicClient; chain: ChainKey; address: Address }): Promise<Hex> {
    return withChainErrors(params.chain, () => params.client.request({ method: 'eth_getCode', params: [params.address, 'latest'] }));
  }

  private async beaconImplementation(params: { client: PublicClient; chain: ChainKey; beacon: Address }): Promise<Address | null> {
    const data = encodeFunctionData({ abi: BEACON_ABI, functionName: 'implementation' });
    try {
      const word = await withChainErrors(params.chain, () =>
        params.client.request({ method: 'eth_call', params: [{ to: params.beacon, data }, 'latest'] }),
      );
      return addressInSlot(word);
    } catch (err) {
      if (err instanceof ChainUnavailableError) throw err;
      // A beacon without implementation(): a proxy whose target we cannot name.
      return null;
    }
  }
}

function opcodeFindings(scan: BytecodeScan): OpcodeFindings {
  return {
    selfdestruct: scan.opcodes.selfdestruct > 0,
    delegatecall: scan.opcodes.delegatecall > 0,
    callcode: scan.opcodes.callcode > 0,
    externalCalls: scan.opcodes.call,
    constantAddresses: scan.constantAddresses,
  };
}

function mergeScans(scan: BytecodeScan, other: BytecodeScan | null): BytecodeScan {
  if (!other) return scan;
  const sum = (key: keyof BytecodeScan['opcodes']): number => scan.opcodes[key] + other.opcodes[key];
  return {
    ...scan,
    opcodes: { selfdestruct: sum('selfdestruct'), delegatecall: sum('delegatecall'), callcode: sum('callcode'), call: sum('call'), staticcall: sum('staticcall') },
    constantAddresses: [...new Set([...scan.constantAddresses, ...other.constantAddresses])],
  };
}
