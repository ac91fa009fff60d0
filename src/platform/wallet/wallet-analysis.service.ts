import { Injectable } from '@nestjs/common';
import { formatUnits, getAddress, type Address } from 'viem';
import type { TokenReport } from '../../analysis/report/token-report';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { ChainRegistry } from '../../chain/chain-registry';
import { withChainErrors } from '../../chain/chain.errors';
import type { ChainKey } from '../../config/app-config';
import { parseAddress, TokenResolver } from '../analyze/token-resolver';
import type { HoldingFlag, RiskFlag, WalletAnalysisResponse } from './wallet.views';
import { readHoldings, readWalletTransfers, type TokenHolding, type WalletTransfer } from './wallet-reads';

/** How far back transfers are read: about 7 days of 12 s blocks. */
export const WALLET_WINDOW_BLOCKS = 50_000n;
const MAX_ANALYSED = 20;
const RECENT = 20;
const REPORT_TTL = 300;
const HIGH_TAX_PERCENT = 10;

type Holding = WalletAnalysisResponse['tokens'][number];

/** A wallet's balances, recent transfers, USD value (DEX prices) and the risks of what it holds. */
@Injectable()
export class WalletAnalysisService {
  constructor(
    private readonly chains: ChainRegistry,
    private readonly analysis: TokenAnalysisService,
    private readonly resolver: TokenResolver,
  ) {}

  async analyze(chain: ChainKey, address: string): Promise<WalletAnalysisResponse> {
    const wallet = parseAddress(address, 'address');
    const { client, facts } = this.chains.get(chain);
    const { head, from, transfers, native, holdings } = await withChainErrors(chain, async () => {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const from = head > WALLET_WINDOW_BLOCKS ? head - WALLET_WINDOW_BLOCKS : 0n;
      const [transfers, native] = await Promise.all([
        readWalletTransfers(client, wallet, from, head),
        client.getBalance({ address: wallet }),
      ]);
      const tokens = [
        ...new Set([
          ...transfers.map((t) => t.token),
          ...this.resolver.listed(chain).map((t) => getAddress(t.address)),
        ]),
      ];
      const holdings = (await readHoldings(client, wallet, tokens)).filter((h) => h.balance > 0n);
      return { head, from, transfers, native, holdings };
    });
    const reports = await this.reports(chain, [
      facts.wrappedNative.address,
      ...holdings.slice(0, MAX_ANALYSED).map((h) => h.token),
    ]);
    const nativeUsd = reports.get(facts.wrappedNative.address.toLowerCase())?.market?.priceUsd ?? null;
    const nativeWhole = formatUnits(native, 18);
    const tokens = holdings
      .map((h) => holdingView(h, reports.get(h.token.toLowerCase())))
      .sort((a, b) => (b.value_usd ?? 0) - (a.value_usd ?? 0));
    const nativeValue = nativeUsd === null ? null : round2(Number(nativeWhole) * nativeUsd);
    return {
      chain,
      chain_id: facts.chainId,
      address: wallet,
      native: { symbol: facts.nativeSymbol, balance: nativeWhole, price_usd: nativeUsd, value_usd: nativeValue },
      tokens,
      portfolio_value_usd: round2((nativeValue ?? 0) + tokens.reduce((sum, t) => sum + (t.value_usd ?? 0), 0)),
      recent_transfers: this.recent(transfers, wallet, holdings),
      risk_flags: tokens.flatMap((t) =>
        t.flags
          .filter((f) => f !== 'unpriced')
          .map((flag) => ({ token: t.address, symbol: t.symbol, flag, detail: FLAG_TEXT[flag] })),
      ),
      window: {
        from_block: Number(from),
        to_block: Number(head),
        basis: 'Transfer logs of the last 50,000 blocks (about 7 days at 12 s) plus the chain token list',
      },
    };
  }

  /** Security and market reports of the held tokens (cached up to 5 minutes); a token that fails is left unanalysed. */
  private async reports(chain: ChainKey, tokens: Address[]): Promise<Map<string, TokenReport>> {
    const settled = await Promise.allSettled(
      tokens.map((address) =>
        this.analysis.scan({ chain, address, features: ['security', 'market'], cacheTtl: REPORT_TTL }),
      ),
    );
    const out = new Map<string, TokenReport>();
    settled.forEach((s, i) => s.status === 'fulfilled' && out.set(tokens[i].toLowerCase(), s.value.report));
    return out;
  }

  private recent(
    transfers: WalletTransfer[],
    wallet: Address,
    holdings: TokenHolding[],
  ): WalletAnalysisResponse['recent_transfers'] {
    const own = wallet.toLowerCase();
    const known = new Map(holdings.map((h) => [h.token.toLowerCase(), h]));
    return transfers.slice(0, RECENT).map((t) => {
      const meta = known.get(t.token.toLowerCase());
      const incoming = t.to === own;
      return {
        token: t.token,
        symbol: meta?.symbol ?? '',
        direction: incoming ? 'in' : 'out',
        counterparty: incoming ? t.from : t.to,
        amount: formatUnits(t.value, meta?.decimals ?? 18),
        block_number: t.block,
        tx_hash: t.txHash,
      };
    });
  }
}

const FLAG_TEXT: Record<RiskFlag, string> = {
  honeypot: 'Tokens can be bought but not sold',
  high_risk: 'The token scores high or very high risk',
  can_mint: 'The owner can create new tokens',
  can_pause: 'The owner can pause transfers',
  can_blacklist: 'The owner can block addresses',
  hidden_mint: 'A function raises the supply under another name',
  high_tax: `Buy or sell tax of ${HIGH_TAX_PERCENT}% or more`,
};

function holdingView(h: TokenHolding, report: TokenReport | undefined): Holding {
  const whole = formatUnits(h.balance, h.decimals);
  const price = report?.market?.priceUsd ?? null;
  return {
    address: h.token,
    symbol: h.symbol,
    balance: whole,
    price_usd: price,
    value_usd: price === null ? null : round2(Number(whole) * price),
    risk: report ? report.scores.risk : null,
    flags: report ? flagsOf(report) : ['unpriced'],
  };
}

function flagsOf(r: TokenReport): HoldingFlag[] {
  const c = r.security?.contract;
  const s = r.security?.simulation;
  const flags: Array<[HoldingFlag, boolean]> = [
    ['honeypot', s?.isHoneypot === true],
    ['high_risk', r.scores.risk === 'HIGH' || r.scores.risk === 'VERY_HIGH'],
    ['hidden_mint', c?.hiddenMint.detected === true],
    ['can_mint', c?.canMint === true],
    ['can_pause', c?.canPause === true],
    ['can_blacklist', c?.canBlacklist === true],
    ['high_tax', Math.max(s?.buyTax ?? 0, s?.sellTax ?? 0) >= HIGH_TAX_PERCENT],
    ['unpriced', r.market?.priceUsd == null],
  ];
  return flags.filter(([, on]) => on).map(([name]) => name);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
