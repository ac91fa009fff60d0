import { price, signedPercent, usd } from '../../common/format';
import type { ChatIntent } from './chat-intent';
import type { ReportFacts } from './report-facts';

const NOT_ADVICE = 'This is an analysis of on-chain facts, not financial advice.';

export const CHAT_HELP = [
  'I answer questions about a token from a live analysis of its contract and market. Send a contract address (0x…) or pass contract_address, then ask:',
  '- is it safe? / should I buy it? (honeypot, owner powers, risks with evidence)',
  '- what are the taxes / fees?',
  '- who holds it? (holders, concentration, whales)',
  '- how is the liquidity?',
  '- what is the price? (price, 24 h change, market cap, volume)',
  '- compare 0x… with 0x…',
  'Follow-up questions in the same conversation (conversation_id) keep talking about the same token.',
].join('\n');

export const ASK_FOR_TOKEN =
  'Which token do you mean? Send its contract address (0x…) in the message or as contract_address.';
export const ASK_FOR_TWO_TOKENS = 'To compare, I need two tokens: send two contract addresses (0x… and 0x…).';

/** The built-in analyst's answer to one question over the facts of the tokens it is about. */
export function writeChatAnswer(intent: ChatIntent, tokens: ReportFacts[]): string {
  if (intent === 'unknown') return CHAT_HELP;
  if (intent === 'compare') return tokens.length >= 2 ? compare(tokens[0], tokens[1]) : ASK_FOR_TWO_TOKENS;
  const f = tokens[0];
  if (!f) return ASK_FOR_TOKEN;
  const write = { safety, taxes, holders, liquidity, price: priceAnswer, overview }[intent];
  return write(f);
}

const name = (f: ReportFacts) => `${f.token.name} (${f.token.symbol})`;
const scoreLine = (f: ReportFacts) =>
  `Score ${f.score.service_score}/100, grade ${f.score.grade} (${f.score.recommendation}).`;

function safety(f: ReportFacts): string {
  const honeypot = f.risks.find((r) => r.id === 'honeypot' || r.id === 'cannot_sell_all');
  const serious = f.risks.filter((r) => (r.severity === 'critical' || r.severity === 'high') && r !== honeypot);
  const lines: string[] = [];
  if (honeypot) lines.push(`No. ${name(f)} is a honeypot: ${honeypot.evidence}.`);
  else if (serious.length) lines.push(`Be careful: ${name(f)} shows ${serious.length} serious risk(s).`);
  else if (f.security?.honeypot === null || !f.security)
    lines.push(`I cannot say ${name(f)} is safe: whether it can be sold is unknown.`);
  else lines.push(`${name(f)} shows no critical or high risk: a simulated buy and sell went through.`);
  lines.push(scoreLine(f));
  for (const r of serious.slice(0, 5)) lines.push(`- ${r.finding} (${r.evidence})`);
  lines.push(NOT_ADVICE);
  return lines.join('\n');
}

function taxes(f: ReportFacts): string {
  const s = f.security;
  if (!s) return `The analysis of ${name(f)} has no security section, so its taxes are unknown.`;
  if (s.simulation !== 'completed')
    return `The taxes of ${name(f)} are unknown: the trade simulation was ${s.simulation}.`;
  const pct = (v: number | null) => (v === null ? 'unknown' : `${v.toFixed(2)}%`);
  const lines = [
    `${name(f)} taxes, measured by a simulated buy, transfer and sell: buy ${pct(s.buy_tax_percent)}, sell ${pct(s.sell_tax_percent)}, transfer ${pct(s.transfer_tax_percent)}.`,
  ];
  if (s.honeypot)
    lines.push(
      `Selling does not work at all: ${f.risks.find((r) => r.id === 'honeypot')?.evidence ?? s.honeypot_reason}.`,
    );
  if (s.can_change_fees)
    lines.push('Whoever holds the fee setter can raise the fee until a holder keeps half or less of a transfer.');
  return lines.join('\n');
}

function holders(f: ReportFacts): string {
  const h = f.holders;
  if (!h) return `The analysis of ${name(f)} has no holder section.`;
  return [
    `${name(f)} has ${h.total_holders} holders (pools and burn addresses left out).`,
    `The top 10 hold ${h.top_10_percent.toFixed(2)}% and the top 100 ${h.top_100_percent.toFixed(2)}% of the circulating supply: distribution ${h.distribution}.`,
    `Last 24 h: ${h.new_holders_24h} new holder(s), ${h.large_transactions_24h} large transfer(s); whale activity ${h.whale_activity}.`,
  ].join('\n');
}

function liquidity(f: ReportFacts): string {
  const m = f.market;
  if (!m) return `The analysis of ${name(f)} has no market section.`;
  if (!m.listed) return `${name(f)} has no DEX liquidity on the configured DEXes: it cannot be traded there.`;
  const pairs = m.pairs.map((p) => `${p.pair} on ${p.dex}: ${usd(p.liquidity_usd)}`).join('; ');
  return `${name(f)} liquidity: ${usd(m.liquidity_usd)} in total (${m.liquidity_status}). Pairs: ${pairs}.`;
}

function priceAnswer(f: ReportFacts): string {
  const m = f.market;
  if (!m) return `The analysis of ${name(f)} has no market section.`;
  if (!m.listed) return `${name(f)} has no DEX pair with liquidity, so it has no market price.`;
  return `${name(f)}: price ${price(m.price_usd)} (${signedPercent(m.price_change_24h_percent)} in 24 h), market cap ${usd(m.market_cap_usd)}, 24 h volume ${usd(m.volume_24h_usd)}.`;
}

function overview(f: ReportFacts): string {
  const top = f.risks.slice(0, 3).map((r) => `- [${r.severity.toUpperCase()}] ${r.finding} (${r.evidence})`);
  return [
    `${name(f)} on ${f.token.chain_name}, total supply ${f.token.total_supply}.`,
    scoreLine(f),
    ...(top.length ? ['Main findings:', ...top] : ['No risk found.']),
  ].join('\n');
}

function compare(a: ReportFacts, b: ReportFacts): string {
  const row = (f: ReportFacts) => {
    const s = f.security;
    const hp = s?.honeypot === true ? 'HONEYPOT' : s?.honeypot === false ? 'sellable' : 'sellability unknown';
    const tax =
      s && s.simulation === 'completed'
        ? `taxes ${s.buy_tax_percent ?? '?'}%/${s.sell_tax_percent ?? '?'}%`
        : 'taxes unknown';
    const liq = f.market ? `liquidity ${usd(f.market.liquidity_usd)}` : 'liquidity unknown';
    const hold = f.holders
      ? `${f.holders.total_holders} holders, top 10 ${f.holders.top_10_percent.toFixed(1)}%`
      : 'holders unknown';
    return `- ${name(f)}: score ${f.score.service_score}/100 (${f.score.grade}); ${hp}; ${tax}; ${liq}; ${hold}.`;
  };
  const [better, worse] = a.score.service_score >= b.score.service_score ? [a, b] : [b, a];
  const verdict =
    better.score.service_score === worse.score.service_score
      ? 'They score the same.'
      : `${better.token.symbol} scores higher (${better.score.service_score} against ${worse.score.service_score}).`;
  return [`Comparison:`, row(a), row(b), verdict, NOT_ADVICE].join('\n');
}
