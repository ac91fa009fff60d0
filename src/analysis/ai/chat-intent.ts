import { getAddress, type Address } from 'viem';

export const CHAT_INTENTS = [
  'safety',
  'taxes',
  'holders',
  'liquidity',
  'price',
  'compare',
  'overview',
  'unknown',
] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

/** Words that signal each intent; the most signalled wins, ties go to the earlier (riskier) one. */
const SIGNALS: Array<[Exclude<ChatIntent, 'compare' | 'unknown'>, RegExp[]]> = [
  [
    'safety',
    [
      /\bsafe(ty|ly)?\b/,
      /\bscam/,
      /\brug/,
      /honey ?pot/,
      /\brisk/,
      /\btrust/,
      /\blegit/,
      /should i (buy|invest|ape|get)/,
      /\bbuy it\b/,
      /can i sell/,
      /\bdanger/,
      /\bsecur/,
      /\bred flags?\b/,
    ],
  ],
  ['taxes', [/\btax(es)?\b/, /\bfees?\b/, /\bslippage\b/]],
  ['holders', [/\bholders?\b/, /\bholds?\b/, /\bwhales?\b/, /\bdistribut/, /\bconcentrat/, /\btop ?10\b/, /who owns/]],
  ['liquidity', [/\bliquid(ity)?\b/, /\bpools?\b/, /\blp\b/, /\bpairs?\b/]],
  [
    'price',
    [/\bprice\b/, /\bworth\b/, /\bcosts?\b/, /market ?cap/, /\bvolume\b/, /how much/, /\bpump/, /\bdump/, /\bchart\b/],
  ],
  [
    'overview',
    [
      /what is\b/,
      /tell me about/,
      /\boverview\b/,
      /\bsummar/,
      /\binfo\b/,
      /\bexplain\b/,
      /\bresearch\b/,
      /\banaly[sz]/,
    ],
  ],
];

const COMPARE = [
  /\bcompare\b/,
  /\bcomparison\b/,
  /\bvs\.?\b/,
  /\bversus\b/,
  /difference between/,
  /which (one )?is (safer|better|riskier)/,
];

const ADDRESS = /0x[0-9a-fA-F]{40}\b/g;

export interface RecognisedMessage {
  intent: ChatIntent;
  /** Distinct addresses in the text, in order, checksummed. */
  addresses: Address[];
}

/** Intent and token addresses of one chat message; pure and deterministic. */
export function recogniseMessage(message: string): RecognisedMessage {
  const addresses = [...new Set((message.match(ADDRESS) ?? []).map((a) => getAddress(a.toLowerCase())))];
  const text = message.replace(ADDRESS, ' ').toLowerCase();
  if (COMPARE.some((r) => r.test(text)) || addresses.length >= 2) return { intent: 'compare', addresses };
  let best: ChatIntent = 'unknown';
  let bestHits = 0;
  for (const [intent, patterns] of SIGNALS) {
    const hits = patterns.filter((p) => p.test(text)).length;
    if (hits > bestHits) {
      best = intent;
      bestHits = hits;
    }
  }
  // A bare address ("0xabc…?") asks about that token as a whole.
  if (best === 'unknown' && addresses.length === 1) best = 'overview';
  return { intent: best, addresses };
}
