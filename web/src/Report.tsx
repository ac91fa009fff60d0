import type { ReactNode } from 'react';
import type { ScanReportA } from '../../packages/sdk/src/index';
import { hasHolderBreakdown, HolderBreakdown } from './HolderBreakdown';
import { ShareBar, shortAddress } from './ShareBar';

const GRADE_COLOUR: Record<ScanReportA['grade'], string> = {
  'A+': 'good',
  A: 'good',
  B: 'good',
  C: 'warn',
  D: 'bad',
  F: 'bad',
};

/** One scan's verdict and why: grade and score, the findings with their evidence, taxes, the simulation, holders. */
export function Report({ report, apiKey, chain }: { report: ScanReportA; apiKey: string; chain: string }) {
  const {
    security,
    holder_analysis: holders,
    market,
    wash_trading: wash,
    sniper_analysis: snipers,
    link_analysis: links,
  } = report.analysis;
  const colour = GRADE_COLOUR[report.grade];
  return (
    <article className="report" aria-label={`Report for ${report.token_info.symbol}`}>
      <header className="verdict">
        <Dial score={report.service_score} grade={report.grade} colour={colour} />
        <div>
          <h3>
            {report.token_info.name}{' '}
            <span className="muted">
              ({report.token_info.symbol}) on {report.token_info.chain} (chain {report.token_info.chain_id})
            </span>
          </h3>
          <p className={`recommendation ${colour}`} data-testid="recommendation">
            {report.recommendation}
          </p>
          <p className="muted mono">{report.token_info.contract_address}</p>
        </div>
      </header>

      {security && (
        <Section id="security" title="Security">
          <dl className="facts">
            <dt>Honeypot</dt>
            <dd data-testid="honeypot">{security.honeypot_risk}</dd>
            <dt>Rug pull risk</dt>
            <dd>{security.rug_pull_risk}</dd>
            <dt>Taxes (buy / sell / transfer)</dt>
            <dd>
              {security.taxes.buy} / {security.taxes.sell} / {security.taxes.transfer}
            </dd>
            <dt>Owner</dt>
            <dd className="mono">{security.ownership_analysis.owner_address}</dd>
          </dl>
          <p className="evidence" data-testid="simulation">
            <strong>Trade simulation ({security.trade_simulation}):</strong> {simulationInWords(security)}
          </p>
          <h5>Findings</h5>
          {security.malicious_functions.length === 0 ? (
            <p>No owner power that could take holders&apos; tokens or stop their sales was found.</p>
          ) : (
            <ul className="findings" data-testid="findings">
              {security.malicious_functions.map((f) => (
                <li key={`${f.selector}-${f.kind}`} className={`severity-${f.severity.toLowerCase()}`}>
                  <p>
                    <span className="badge">{f.severity}</span> <strong>{f.kind.replace(/_/g, ' ')}</strong> via{' '}
                    <code>{f.function}</code> <span className="muted">({f.status})</span>
                  </p>
                  <p className="evidence">{f.risk}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {market && (
        <Section id="market" title="Market">
          <dl className="facts">
            <dt>Price</dt>
            <dd>{market.price}</dd>
            <dt>24 h change</dt>
            <dd>{market.price_change_24h}</dd>
            <dt>24 h volume</dt>
            <dd>{market.volume_24h}</dd>
            <dt>Liquidity</dt>
            <dd>
              {market.liquidity.total_liquidity} {market.liquidity.status}
            </dd>
          </dl>
        </Section>
      )}

      {market && market.trading_pairs.length > 0 && (
        <Section id="pools" title="Liquidity by pool">
          <table className="calls" data-testid="pools">
            <thead>
              <tr>
                <th scope="col">Pool</th>
                <th scope="col">DEX</th>
                <th scope="col">Kind</th>
                <th scope="col">Liquidity</th>
              </tr>
            </thead>
            <tbody>
              {market.trading_pairs.map((p) => (
                <tr key={p.pair_address}>
                  <td>
                    {p.pair} <span className="muted mono">{shortAddress(p.pair_address)}</span>
                  </td>
                  <td>{p.dex}</td>
                  <td>
                    {p.kind}
                    {p.fee_tier !== null ? ` ${p.fee_tier / 10_000}%` : ''}
                    {p.stable ? ' stable' : ''}
                  </td>
                  <td>{p.liquidity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {security?.liquidity_locks && (
            <p data-testid="lp-locks">
              LP tokens: {security.liquidity_locks.burned_percent}% burned, {security.liquidity_locks.locked_percent}%
              locked, {security.liquidity_locks.owner_percent}% with the owner,{' '}
              {security.liquidity_locks.others_percent}% elsewhere; {security.liquidity_locks.pullable_now_percent}%
              could be pulled now.
            </p>
          )}
        </Section>
      )}

      {holders && (
        <Section id="holders" title="Holders">
          <p>
            {holders.total_holders.toLocaleString('en')} holders; distribution {holders.distribution}, whale activity{' '}
            {holders.whale_activity}.
          </p>
          <HolderBar top10={holders.top_10_percentage} top100={holders.top_100_percentage} />
          {hasHolderBreakdown(chain) && (
            <HolderBreakdown apiKey={apiKey} address={report.token_info.contract_address} chain={chain} />
          )}
        </Section>
      )}

      {wash && (
        <AnalysedSection
          id="wash"
          title="Wash trading"
          analysis={wash}
          detail={(w) => (
            <>
              {w.status}: {w.wash_volume_percent}% of the volume looks washed; {w.suspicious_wallets.length} suspicious
              wallets
              {w.clusters.length > 0
                ? ` in ${w.clusters.length} funding clusters (${w.clusters.map((c) => `${shortAddress(c.funder)} → ${c.wallets.length} wallets`).join('; ')})`
                : ''}
              .
            </>
          )}
        />
      )}

      {snipers && (
        <AnalysedSection
          id="snipers"
          title="Snipers"
          analysis={snipers}
          detail={(sn) => (
            <>
              {sn.status}: {sn.sniper_count} bought in the first blocks ({sn.bought_percent_of_supply}% of the supply)
              {sn.bundled ? ', bundled' : ''}; {sn.still_holding} still hold {sn.holding_percent_of_supply}%,{' '}
              {sn.sold_fully} sold everything, {sn.sold_partly} sold part.
            </>
          )}
        />
      )}

      {links && (
        <Section id="links" title="Links">
          <ul className="links">
            {(Object.entries(links.links) as Array<[string, string | null]>)
              .filter((entry): entry is [string, string] => entry[1] !== null)
              .map(([name, url]) => (
                <li key={name}>
                  {name}:{' '}
                  <a href={url} rel="noopener noreferrer nofollow" target="_blank">
                    {url}
                  </a>
                </li>
              ))}
          </ul>
          {links.available ? (
            <p>
              Social score {links.social_score} ({links.grade}), sentiment {links.sentiment}, {links.posts_24h} posts in
              24 h.
            </p>
          ) : (
            <p className="muted">{links.reason}</p>
          )}
        </Section>
      )}

      {report.pending && (
        <p className="hint">
          Still being analysed: {report.pending.sections.join(', ')}. Scan again in a moment for them.
        </p>
      )}

      <details>
        <summary>The same data in JSON</summary>
        <pre data-testid="json">{JSON.stringify(report, null, 2)}</pre>
      </details>
    </article>
  );
}

type Security = NonNullable<ScanReportA['analysis']['security']>;

/** What the buy → transfer → sell round trip and the real holders' sells showed, in plain words. */
function simulationInWords(security: Security): string {
  const verdict: Record<Security['honeypot_risk'], string> = {
    '✅ SAFE': 'a buy, a transfer and a sell through its deepest pool all went through',
    '🚨 HONEYPOT': 'a buy went through but the sell was refused: holders cannot sell this token',
    '🚨 CANNOT_SELL_ALL': 'a buy went through but only part of the holding could be sold',
    '❓ UNKNOWN': 'no round trip could be simulated (no pool to trade through)',
  };
  const sells = security.holder_sells;
  const holders =
    sells && sells.checked > 0
      ? ` Of ${sells.checked} real holders tried, ${sells.cannot_sell} could not sell and ${sells.part_only} could sell only part.`
      : '';
  const bomb = security.time_bomb?.detected && security.time_bomb.detail ? ` Later: ${security.time_bomb.detail}.` : '';
  const why = security.honeypot_reason ? ` Why: ${security.honeypot_reason}.` : '';
  return `${verdict[security.honeypot_risk]}.${why}${holders}${bomb}`;
}

/** The score (0–100) as a dial, with the grade in its middle. */
function Dial({ score, grade, colour }: { score: number; grade: string; colour: string }) {
  const circumference = 2 * Math.PI * 42;
  return (
    <svg
      className={`dial ${colour}`}
      viewBox="0 0 100 100"
      role="img"
      aria-label={`Grade ${grade}, score ${score} out of 100`}
      data-testid="grade"
    >
      <circle cx="50" cy="50" r="42" className="track" />
      <circle
        cx="50"
        cy="50"
        r="42"
        className="value"
        strokeDasharray={`${(score / 100) * circumference} ${circumference}`}
        transform="rotate(-90 50 50)"
      />
      <text x="50" y="50" className="grade">
        {grade}
      </text>
      <text x="50" y="70" className="score">
        {score}/100
      </text>
    </svg>
  );
}

/** Shares of the supply: the 10 largest holders, the next 90, everyone else. */
function HolderBar({ top10, top100 }: { top10: number; top100: number }) {
  const parts = [
    { label: 'Top 10', share: top10, className: 'top10' },
    { label: 'Holders 11–100', share: Math.max(0, top100 - top10), className: 'top100' },
    { label: 'Everyone else', share: Math.max(0, 100 - top100), className: 'rest' },
  ];
  return <ShareBar parts={parts} testId="holder-chart" />;
}

/** A section whose analysis may not apply to the token (too little trading, no pool): then only its status. */
function AnalysedSection<A extends { analysable: boolean; status: string }>(props: {
  id: string;
  title: string;
  analysis: A;
  detail: (analysis: Extract<A, { analysable: true }>) => ReactNode;
}) {
  const { id, title, analysis, detail } = props;
  return (
    <Section id={id} title={title}>
      <p data-testid={id}>
        {analysis.analysable ? detail(analysis as Extract<A, { analysable: true }>) : analysis.status}
      </p>
    </Section>
  );
}

/** One part of the report, named by its heading (for screen readers too). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{title}</h4>
      {children}
    </section>
  );
}
