import type { PortfolioInsights } from './portfolio-insights';

const usd = (v: number) => `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const pct = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** The built-in analyst's summary of a wallet's insights: every sentence rests on a number in them. */
export function writeInsights(input: { wallet: string; valueUsd: number; insights: PortfolioInsights }): string {
  const { insights: i } = input;
  const c = i.concentration;
  const lines = [`Wallet ${input.wallet} holds ${usd(input.valueUsd)} across ${i.positions.length} position(s).`];
  if (c.level === 'EMPTY') lines.push('None of its positions has a price.');
  else
    lines.push(
      `Concentration is ${c.level.replace('_', ' ').toLowerCase()} (HHI ${c.hhi}): ${c.top_symbol} is ${pct(c.top_share_percent)} of the value.`,
    );
  if (i.risky_tokens.length) {
    const named = i.risky_tokens.map((r) => `${r.symbol} (${r.flags.join(', ')})`).join('; ');
    lines.push(
      `${i.risky_tokens.length} risky token(s) hold ${usd(i.value_at_risk_usd)} (${pct(i.value_at_risk_percent)}): ${named}.`,
    );
  } else {
    lines.push('No held token carries a risk flag.');
  }
  const exits = i.liquidity.filter((l) => l.exit_risk);
  if (exits.length) {
    lines.push(
      `Hard to exit: ${exits.map((l) => `${l.symbol} (liquidity ${l.status}${l.position_to_liquidity_percent !== null ? `, position ${pct(l.position_to_liquidity_percent)} of the pools` : ''})`).join('; ')}.`,
    );
  }
  const notable = i.moves.filter((m) => m.notable);
  if (notable.length)
    lines.push(
      `Notable 24 h moves: ${notable.map((m) => `${m.symbol} ${m.price_change_24h_percent! > 0 ? '+' : ''}${pct(m.price_change_24h_percent!)}`).join(', ')}.`,
    );
  if (i.weighted_change_24h_percent !== null)
    lines.push(`Value-weighted 24 h price change of the priced positions: ${pct(i.weighted_change_24h_percent)}.`);
  if (i.unanalysed_tokens.length)
    lines.push(
      `Not analysed just now (try again shortly): ${i.unanalysed_tokens.map((u) => u.symbol || u.token).join(', ')}.`,
    );
  lines.push(`Recent activity: ${i.activity.transfers_in} transfer(s) in, ${i.activity.transfers_out} out.`);
  lines.push('This is an analysis of on-chain facts, not financial advice.');
  return lines.join('\n');
}
