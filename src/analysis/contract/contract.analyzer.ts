import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { encodeFunctionData, getAddress, parseAbi, size, toHex, type Address, type Hex, type PublicClient } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import { ChainUnavailableError, withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { SourceProvider, type SourceVerification } from '../../providers/source/source-provider';
import { minimalProxyTarget, scanBytecode, type BytecodeScan } from './bytecode-walker';
import type {
  ContractAnalysis,
  ContractPrefetch,
  ContractAnalysisRequest,
  OpcodeFindings,
  ProxyInfo,
  SourceVerificationInfo,
} from './contract.types';
import { EngineRuntime } from './engine/engine-runtime';
import { analyzePowers } from './engine/power-engine';
import { RpcChainStateReader } from './engine/rpc-chain-state';
import { functionsOf, plainSlots } from './engine/static-layer';
import type { ChainFacts } from '../../chain/chain-facts';
import { hiddenMintOf, maliciousFunctionsOf, powersOf } from './engine/verdict';
import { ownershipOf } from './ownership';
import { addressInSlot, interpretProxySlots, notAProxy, PROXY_SLOTS, SLOT_ORDER } from './proxy-detector';
import { probeProxy, type ProxyProbe } from './proxy-probe';
import { signatureOf } from './signatures';

const BEACON_ABI = parseAbi(['function implementation() view returns (address)']);
const GET_PAIR_ABI = parseAbi(['function getPair(address, address) view returns (address)']);

interface ResolvedCode {
  proxy: ProxyInfo;
  implementationCode: Hex | null;
}

/**
 * Owner powers proven by running the token's own code (engine/), plus proxy, ownership and source
 * verification, so unverified tokens get full answers. Round trips, given `prefetch` sent with the
 * token's own reads: only the engine's misses (one batch, at most two), as its first read and the
 * proxy's slots and implementation code (probeProxy, one eth_call with a state override) came with
 * the token's reads. Without it, or where the node refuses the probe: the engine's first read, one
 * batch of proxy slots when the code can DELEGATECALL, then one getCode of the implementation.
 */
@Injectable()
export class ContractAnalyzer implements OnApplicationShutdown {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly sources: SourceProvider,
    private readonly engine: EngineRuntime,
  ) {}

  /** The engine's storage analysis thread goes with the service. */
  onApplicationShutdown(): Promise<void> {
    return this.engine.close();
  }

  /**
   * The reads that need only the address, sent now: called in the same tick as the token's own reads,
   * they go in their batch. The proxy slots with the implementation's code (one eth_call), and the
   * engine's first read (the lowest slots, the pool queries and the head), which it would otherwise
   * send once the code is in. Never rejects: what failed is read the slow way.
   */
  prefetch(chain: ChainKey, token: Address): ContractPrefetch {
    const { client, facts } = this.chains.get(chain);
    const address = getAddress(token);
    const reader = new RpcChainStateReader({ client, chain, chainId: facts.chainId });
    reader.readAhead({
      storage: plainSlots({ functions: [], storage: null }).map((slot) => ({ address, slot: toHex(slot) })),
      code: [],
      balance: [],
      calls: poolQueries(facts, address),
    });
    return { probe: probeProxy(client, address), reader };
  }

  async analyze(request: ContractAnalysisRequest): Promise<ContractAnalysis> {
    const { chain, tokenInfo } = request;
    const address = getAddress(request.address);
    const { client, facts } = this.chains.get(chain);
    const code = tokenInfo.bytecode;
    const verification = this.verify({ chain, address, code });
    const scan = scanBytecode(code);
    const { proxy, implementationCode } = await this.resolveProxy({
      client,
      chain,
      address,
      code,
      scan,
      probe: request.prefetched?.probe,
    });
    const implementationScan = implementationCode ? scanBytecode(implementationCode) : null;
    const powers = await analyzePowers(
      {
        token: address,
        code,
        logic:
          proxy.implementation && implementationCode
            ? { address: proxy.implementation, code: implementationCode }
            : null,
        poolQueries: poolQueries(facts, address),
        reader: request.prefetched?.reader ?? new RpcChainStateReader({ client, chain, chainId: facts.chainId }),
        signatureOf,
      },
      { runtime: this.engine },
    );
    const ownership = ownershipOf({ owner: tokenInfo.owner, hasOwnershipFunctions: tokenInfo.owner !== null });
    const combined = mergeScans(scan, implementationScan);
    return {
      address,
      chain,
      ...powersOf(powers.findings, proxy),
      proxy,
      ownership,
      opcodes: opcodeFindings(combined),
      hiddenMint: hiddenMintOf(powers.findings),
      verification: await verification,
      findings: powers.findings,
      trading: powers.trading,
      boundedSetters: powers.boundedSetters,
      incomplete: powers.incomplete,
      ledger: powers.ledger,
      maliciousFunctions: maliciousFunctionsOf(powers.findings),
      evidence: {
        selectors: {
          contract: selectorsOf(code),
          implementation: implementationCode ? selectorsOf(implementationCode) : [],
        },
        codeSize: size(code),
        implementationCodeSize: implementationCode ? size(implementationCode) : null,
        engine: powers.stats,
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
    probe?: Promise<ProxyProbe | null>;
  }): Promise<ResolvedCode> {
    const { client, chain, address, code, scan } = params;
    const clone = minimalProxyTarget(code);
    if (clone) {
      const implementationCode = await this.getCode({ client, chain, address: clone });
      return {
        proxy: { isProxy: true, kind: 'eip1167', implementation: clone, beacon: null, slotsRead: {} },
        implementationCode,
      };
    }
    if (scan.opcodes.delegatecall === 0) return { proxy: notAProxy(), implementationCode: null };
    const probed = await params.probe;
    const values = probed
      ? SLOT_ORDER.map((slot) => probed.slots[slot])
      : await withChainErrors(chain, () =>
          Promise.all(
            SLOT_ORDER.map((slot) =>
              client.request({ method: 'eth_getStorageAt', params: [address, PROXY_SLOTS[slot], 'latest'] }),
            ),
          ),
        );
    const slotsRead = Object.fromEntries(SLOT_ORDER.map((slot, i) => [PROXY_SLOTS[slot], values[i]])) as Record<
      Hex,
      Hex
    >;
    const reading = interpretProxySlots(Object.fromEntries(SLOT_ORDER.map((slot, i) => [slot, values[i]])));
    if (!reading) return { proxy: notAProxy(slotsRead), implementationCode: null };
    const implementation =
      reading.implementation ?? (await this.beaconImplementation({ client, chain, beacon: reading.beacon! }));
    // The probe's code is used only for the address read here; any other (a beacon's) is fetched.
    const probedCode =
      probed && implementation && probed.implementation === implementation ? probed.implementationCode : null;
    const implementationCode = implementation
      ? (probedCode ?? (await this.getCode({ client, chain, address: implementation })))
      : null;
    return {
      proxy: { isProxy: true, kind: reading.kind, implementation, beacon: reading.beacon, slotsRead },
      implementationCode: implementationCode && implementationCode !== '0x' ? implementationCode : null,
    };
  }

  private getCode(params: { client: PublicClient; chain: ChainKey; address: Address }): Promise<Hex> {
    return withChainErrors(params.chain, () =>
      params.client.request({ method: 'eth_getCode', params: [params.address, 'latest'] }),
    );
  }

  private async beaconImplementation(params: {
    client: PublicClient;
    chain: ChainKey;
    beacon: Address;
  }): Promise<Address | null> {
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

/** `factory.getPair(token, quote)` on every V2 DEX for every quote token: the engine's sells go to the first pool found. */
function poolQueries(facts: ChainFacts, address: Address): { to: Address; data: Hex }[] {
  const quotes = [facts.wrappedNative, ...facts.stablecoins].map((t) => t.address);
  return facts.dexes.flatMap((dex) =>
    quotes.map((quote) => ({
      to: dex.factory,
      data: encodeFunctionData({ abi: GET_PAIR_ABI, functionName: 'getPair', args: [address, quote] }),
    })),
  );
}

function selectorsOf(code: Hex): Hex[] {
  return functionsOf(code).map((f) => f.selector);
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
    opcodes: {
      selfdestruct: sum('selfdestruct'),
      delegatecall: sum('delegatecall'),
      callcode: sum('callcode'),
      call: sum('call'),
      staticcall: sum('staticcall'),
    },
    constantAddresses: [...new Set([...scan.constantAddresses, ...other.constantAddresses])],
  };
}
