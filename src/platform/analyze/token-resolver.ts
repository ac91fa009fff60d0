import { Injectable } from '@nestjs/common';
import { getAddress, isAddress, type Address } from 'viem';
import { ChainRegistry } from '../../chain/chain-registry';
import type { ChainKey } from '../../config/app-config';
import {
  AmbiguousSymbolError,
  InvalidAddressError,
  UnknownSymbolError,
  type SymbolCandidate,
} from '../platform.errors';
import { PlatformRepository } from '../platform.repository';

const SYMBOL = /^[A-Za-z0-9.$_+-]{1,32}$/;

export interface ResolvedToken {
  address: Address;
  /** The symbol asked for, when the caller named one. */
  symbol: string | null;
}

/** An address from the path, or INVALID_ADDRESS naming the field. */
export function parseAddress(value: string, field: string): Address {
  if (!isAddress(value, { strict: false })) throw new InvalidAddressError(field, value);
  return getAddress(value);
}

/**
 * Turns `address_or_symbol` into an address. A symbol is looked up in the chain's own token list
 * (its chain facts: wrapped native, stablecoins; on the devnet also its world's tokens and the service token) and
 * among tokens surface C has analysed. Two or more tokens with the symbol → 409 with the candidates.
 */
@Injectable()
export class TokenResolver {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly repository: PlatformRepository,
  ) {}

  async resolve(chain: ChainKey, input: string, field = 'address_or_symbol'): Promise<ResolvedToken> {
    if (/^0x/i.test(input)) return { address: parseAddress(input, field), symbol: null };
    if (!SYMBOL.test(input)) throw new InvalidAddressError(field, input);
    const candidates = await this.candidates(chain, input);
    if (candidates.length === 0) throw new UnknownSymbolError(input, chain);
    if (candidates.length > 1) throw new AmbiguousSymbolError(input, candidates);
    return { address: getAddress(candidates[0].address), symbol: candidates[0].symbol };
  }

  private async candidates(chain: ChainKey, symbol: string): Promise<SymbolCandidate[]> {
    const wanted = symbol.toUpperCase();
    const listed = this.listed(chain).filter((t) => t.symbol.toUpperCase() === wanted);
    const seen = (await this.repository.tokensBySymbol(chain, symbol)).map((t) => ({ ...t, source: 'analysed' }));
    const byAddress = new Map<string, SymbolCandidate>();
    for (const c of [...listed, ...seen]) {
      const key = c.address.toLowerCase();
      if (!byAddress.has(key)) byAddress.set(key, { ...c, address: getAddress(c.address) });
    }
    return [...byAddress.values()];
  }

  /** The chain's own token list: wrapped native, stablecoins, and on the devnet its world's tokens. */
  listed(chain: ChainKey): SymbolCandidate[] {
    const facts = this.chains.get(chain).facts;
    const quotes: SymbolCandidate[] = [facts.wrappedNative, ...facts.stablecoins].map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.symbol,
      source: 'chain_facts',
    }));
    const world: SymbolCandidate[] = (facts.listedTokens ?? []).map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      source: 'token_list',
    }));
    return [...quotes, ...world];
  }
}
