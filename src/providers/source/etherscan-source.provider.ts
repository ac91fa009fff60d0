import { getAddress, isAddress, isHash, type Address } from 'viem';
import { MAINNET_CHAIN_FACTS } from '../../chain/chain-facts';
import type { ChainKey } from '../../config/app-config';
import { ProviderUnavailableError } from './source.errors';
import {
  SourceProvider,
  type ExplorerCreation,
  type SourceProviderHealth,
  type SourceVerification,
} from './source-provider';
import { contractComments } from './natspec';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface EtherscanSourceProviderOptions {
  /** Etherscan-compatible API root, e.g. https://api.etherscan.io/v2/api (chain passed as `chainid`). */
  baseUrl: string;
  /** Without a key every answer is "unknown" (verified: null) and no request is made. */
  apiKey?: string;
  timeoutMs?: number;
  fetchFn?: FetchFn;
}

interface SourceCodeEntry {
  SourceCode?: string;
  ABI?: string;
  ContractName?: string;
  CompilerVersion?: string;
}

interface CreationEntry {
  contractCreator?: string;
  txHash?: string;
  blockNumber?: string;
}

interface ExplorerAnswer<T = SourceCodeEntry> {
  status?: string;
  message?: string;
  result?: T[] | string | null;
}

const PROVIDER = 'etherscan';
const DEFAULT_TIMEOUT_MS = 8_000;
const RATE_LIMIT_TEXT = /rate limit|max calls|too many/i;

/** Explorer adapter: `module=contract&action=getsourcecode`. Vendor shapes never leave this file. */
export class EtherscanSourceProvider extends SourceProvider {
  private readonly fetchFn: FetchFn;

  constructor(private readonly options: EtherscanSourceProviderOptions) {
    super();
    this.fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  }

  async verify(chain: ChainKey, address: Address): Promise<SourceVerification> {
    if (!this.options.apiKey || chain === 'devnet') return { verified: null, provider: PROVIDER };
    const answer = await this.get({
      chainid: String(MAINNET_CHAIN_FACTS[chain].chainId),
      module: 'contract',
      action: 'getsourcecode',
      address,
    });
    const entry = Array.isArray(answer.result) ? answer.result[0] : undefined;
    if (answer.status !== '1' || !entry) throw this.failure(answer);
    if (!entry.SourceCode) return { verified: false, provider: PROVIDER };
    const contractName = entry.ContractName ?? '';
    return {
      verified: true,
      provider: PROVIDER,
      source: {
        compiler: entry.CompilerVersion ?? '',
        contractName,
        comments: contractComments(flattenSource(entry.SourceCode), contractName),
      },
    };
  }

  /** `module=contract&action=getcontractcreation`; without a key, or for a contract it does not know: null. */
  override async creation(chain: ChainKey, address: Address): Promise<ExplorerCreation | null> {
    if (!this.options.apiKey || chain === 'devnet') return null;
    const query = {
      chainid: String(MAINNET_CHAIN_FACTS[chain].chainId),
      module: 'contract',
      action: 'getcontractcreation',
      contractaddresses: address,
    };
    const answer = await this.get<CreationEntry>(query);
    const entry = Array.isArray(answer.result) ? answer.result[0] : undefined;
    if (answer.status !== '1') {
      if (
        /no data|not found/i.test(`${answer.message ?? ''} ${typeof answer.result === 'string' ? answer.result : ''}`)
      )
        return null;
      throw this.failure(answer);
    }
    if (!entry?.contractCreator || !isAddress(entry.contractCreator) || !entry.txHash || !isHash(entry.txHash))
      return null;
    const block = entry.blockNumber && /^\d+$/.test(entry.blockNumber) ? Number(entry.blockNumber) : undefined;
    return {
      creator: getAddress(entry.contractCreator),
      transaction: entry.txHash,
      ...(block !== undefined ? { block } : {}),
    };
  }

  async healthCheck(): Promise<SourceProviderHealth> {
    if (!this.options.apiKey) return { status: 'not_configured', provider: PROVIDER };
    try {
      const answer = await this.get({ chainid: '1', module: 'proxy', action: 'eth_blockNumber' });
      return {
        status: typeof answer.result === 'string' && answer.result.startsWith('0x') ? 'operational' : 'unavailable',
        provider: PROVIDER,
      };
    } catch {
      return { status: 'unavailable', provider: PROVIDER };
    }
  }

  private async get<T = SourceCodeEntry>(query: Record<string, string>): Promise<ExplorerAnswer<T>> {
    const url = new URL(this.options.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('apikey', this.options.apiKey ?? '');
    let response: Response;
    try {
      response = await this.fetchFn(url.toString(), {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      // The cause is dropped on purpose: fetch errors can carry the URL, and the URL carries the key.
      const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
      throw new ProviderUnavailableError(PROVIDER, timedOut ? 'it did not answer in time' : 'it could not be reached');
    }
    if (response.status === 429)
      throw new ProviderUnavailableError(PROVIDER, 'it is rate-limiting us', { retryAfter: 1 });
    if (!response.ok) throw new ProviderUnavailableError(PROVIDER, `it answered HTTP ${response.status}`);
    try {
      return (await response.json()) as ExplorerAnswer<T>;
    } catch {
      throw new ProviderUnavailableError(PROVIDER, 'it answered with malformed JSON');
    }
  }

  private failure(answer: ExplorerAnswer<unknown>): ProviderUnavailableError {
    const text = `${answer.message ?? ''} ${typeof answer.result === 'string' ? answer.result : ''}`;
    if (RATE_LIMIT_TEXT.test(text))
      return new ProviderUnavailableError(PROVIDER, 'it is rate-limiting us', { retryAfter: 1 });
    // Vendor text is not echoed: some explorers repeat the key in "invalid API key" messages.
    return new ProviderUnavailableError(
      PROVIDER,
      /key/i.test(text) ? 'it rejected the API key' : 'it answered with an error',
    );
  }
}

/** Multi-file sources come as JSON (sometimes wrapped in an extra pair of braces); joins the files. */
function flattenSource(sourceCode: string): string {
  const trimmed = sourceCode.trim();
  if (!trimmed.startsWith('{')) return sourceCode;
  try {
    const json = JSON.parse(trimmed.startsWith('{{') ? trimmed.slice(1, -1) : trimmed) as {
      sources?: Record<string, { content?: string }>;
    };
    const files = json.sources ?? (json as Record<string, { content?: string }>);
    return Object.values(files)
      .map((file) => file?.content ?? '')
      .join('\n');
  } catch {
    return sourceCode;
  }
}
