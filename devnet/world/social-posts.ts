/**
 * Generates devnet/social-posts.json, the embedded social provider's data (written by every cold
 * build, committed). Seeded, so every build writes the same bytes. Format:
 *
 *   {
 *     "format": 1,
 *     "createdAtRelativeTo": "history.endTimestamp",
 *     "tokens": {
 *       "<label>": {                       // every manifest token label
 *         "address": "0x…", "symbol": "CLEAN",
 *         "links": { "website"?, "x"?, "telegram"?, "github"? },   // key absent: the token publishes none
 *         "posts": [                       // newest first; [] when nobody talks about the token
 *           { "id": "clean-01", "author": "@handle", "followers": 1234,
 *             "created_at": "-P1DT2H30M", "text": "…", "likes": 12, "reposts": 3, "replies": 1 }
 *         ]
 *       }
 *     }
 *   }
 *
 * `created_at` is a signed ISO 8601 duration before the history's end (`history.endTimestamp` in
 * devnet/manifest.json): "-P1DT2H30M" is 26.5 hours before it. The end is the build's wall-clock
 * time, so absolute times would change the file on every build; the provider resolves them.
 * Moods follow the history: the honeypot's failed sells, the rug pull, the hidden mint's dump.
 */
import type { Address, TokenLabel } from '../devnet-manifest';
import { Random } from './random';
import { HIDDEN_MINT_AT, HONEYPOT_SELL_ATTEMPTS, RUG_AT, SNIPE_AT } from './scenarios';
import * as T from './social-texts';
import { DAY, HISTORY_SECONDS, HOUR } from './specs';

export interface SocialLinks {
  website?: string;
  x?: string;
  telegram?: string;
  github?: string;
}

export interface SocialPost {
  id: string;
  author: string;
  followers: number;
  /** Signed ISO 8601 duration before `history.endTimestamp`, e.g. "-PT3H15M". */
  created_at: string;
  text: string;
  likes: number;
  reposts: number;
  replies: number;
}

export interface TokenSocial {
  address: Address;
  symbol: string;
  links?: SocialLinks;
  posts: SocialPost[];
}

export interface SocialPostSet {
  format: 1;
  createdAtRelativeTo: 'history.endTimestamp';
  tokens: Record<TokenLabel, TokenSocial>;
}

/** Posts spread over [from, to) seconds after the history start, drawn from one bank. */
interface Phase {
  from: number;
  to: number;
  count: number;
  bank: string[];
  voice?: 'crowd' | 'bots';
}

interface Plan {
  links?: (slug: string) => SocialLinks;
  phases: Phase[];
}

const MIN = 60;
const END = HISTORY_SECONDS;
/** Banks whose posts draw many replies (outrage travels). */
const HEATED = new Set([T.CANT_SELL, T.RUGGED, T.SUPPLY_DUMP]);

const site = (slug: string) => `https://${slug}.example`;
const PLANS: Record<TokenLabel, Plan> = {
  clean: {
    links: (s) => ({
      website: site(s),
      x: `https://x.com/${s}`,
      telegram: `https://t.me/${s}`,
      github: `https://github.com/${s}`,
    }),
    phases: [
      { from: HOUR, to: 8 * HOUR, count: 4, bank: T.HYPE },
      { from: 8 * HOUR, to: END - 30 * MIN, count: 12, bank: T.CLEAN_GOOD },
      { from: DAY, to: END - HOUR, count: 4, bank: T.CLEAN_NEUTRAL },
    ],
  },
  honeypot: {
    links: (s) => ({ website: site(s), telegram: `https://t.me/${s}` }),
    phases: [
      { from: 20 * MIN, to: HONEYPOT_SELL_ATTEMPTS[0], count: 6, bank: T.HYPE },
      { from: HONEYPOT_SELL_ATTEMPTS[0] + 5 * MIN, to: HONEYPOT_SELL_ATTEMPTS[1], count: 3, bank: T.CANT_SELL },
      { from: HONEYPOT_SELL_ATTEMPTS[1] + 5 * MIN, to: END - 5 * MIN, count: 7, bank: T.CANT_SELL },
    ],
  },
  taxed: {
    links: (s) => ({ website: site(s), x: `https://x.com/${s}`, telegram: `https://t.me/${s}` }),
    phases: [{ from: HOUR, to: END - HOUR, count: 8, bank: T.TAX_TALK }],
  },
  powers: {
    links: (s) => ({ website: site(s), x: `https://x.com/${s}` }),
    phases: [{ from: DAY + 2 * HOUR, to: END - HOUR, count: 7, bank: T.OWNER_POWERS }],
  },
  proxy: {
    links: (s) => ({ website: site(s), x: `https://x.com/${s}`, github: `https://github.com/${s}` }),
    phases: [{ from: 2 * HOUR, to: END - 2 * HOUR, count: 5, bank: T.PROXY_TALK }],
  },
  hidden_mint: {
    links: (s) => ({ website: site(s), telegram: `https://t.me/${s}` }),
    phases: [
      { from: HOUR, to: HIDDEN_MINT_AT, count: 5, bank: T.REWARDS_HYPE },
      { from: HIDDEN_MINT_AT + 70 * MIN, to: END - HOUR, count: 6, bank: T.SUPPLY_DUMP },
    ],
  },
  limiter: { phases: [{ from: 2 * HOUR, to: END - HOUR, count: 6, bank: T.LIMIT_TALK }] },
  washed: {
    links: (s) => ({ x: `https://x.com/${s}`, telegram: `https://t.me/${s}` }),
    phases: [{ from: 2 * HOUR, to: END - 10 * MIN, count: 22, bank: T.SHILL, voice: 'bots' }],
  },
  sniped: {
    links: (s) => ({ x: `https://x.com/${s}`, telegram: `https://t.me/${s}` }),
    phases: [
      { from: SNIPE_AT + 5 * MIN, to: 2 * DAY, count: 4, bank: T.SNIPE_LAUNCH },
      { from: 2 * DAY + HOUR, to: END - 2 * HOUR, count: 3, bank: T.SNIPE_AFTER },
    ],
  },
  unverified: { phases: [] },
  rug: {
    links: (s) => ({ website: site(s), x: `https://x.com/${s}`, telegram: `https://t.me/${s}` }),
    phases: [
      { from: HOUR, to: RUG_AT - 10 * MIN, count: 8, bank: T.HYPE },
      { from: RUG_AT + 5 * MIN, to: END - 5 * MIN, count: 7, bank: T.RUGGED },
    ],
  },
};

interface Author {
  handle: string;
  followers: number;
}

/** The post set for the manifest's tokens (in the manifest's order, which fixes the random stream). */
export function buildSocialPosts(
  tokens: { label: TokenLabel; address: Address; symbol: string; name: string }[],
): SocialPostSet {
  const rnd = new Random(0x50c1a1);
  const crowd = authors(rnd, 48, false);
  const bots = authors(rnd, 16, true);
  const out = {} as Record<TokenLabel, TokenSocial>;
  for (const t of tokens) {
    const plan = PLANS[t.label];
    const slug = t.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const decks = new Map<string[], string[]>();
    const posts = plan.phases.flatMap((phase) =>
      phasePosts({ rnd, phase, decks, symbol: t.symbol, pool: phase.voice === 'bots' ? bots : crowd }),
    );
    posts.sort((a, b) => a.secondsBeforeEnd - b.secondsBeforeEnd);
    out[t.label] = {
      address: t.address,
      symbol: t.symbol,
      ...(plan.links ? { links: plan.links(slug) } : {}),
      posts: posts.map((p, i) => ({ ...p.post, id: `${t.label.replace('_', '-')}-${String(i + 1).padStart(2, '0')}` })),
    };
  }
  return { format: 1, createdAtRelativeTo: 'history.endTimestamp', tokens: out };
}

function phasePosts(params: {
  rnd: Random;
  phase: Phase;
  decks: Map<string[], string[]>;
  symbol: string;
  pool: Author[];
}): { secondsBeforeEnd: number; post: SocialPost }[] {
  const { rnd, phase, symbol } = params;
  // Bots repeat themselves; people do not (a token's phases share one shuffled deck per bank).
  const draw = (): string => {
    if (phase.voice === 'bots') return rnd.pick(phase.bank);
    let deck = params.decks.get(phase.bank);
    if (!deck?.length) params.decks.set(phase.bank, (deck = rnd.sample(phase.bank, phase.bank.length)));
    return deck.pop()!;
  };
  return Array.from({ length: phase.count }, draw).map((text) => {
    const at = phase.from + Math.floor(rnd.next() * (phase.to - phase.from));
    const secondsBeforeEnd = Math.max(MIN, Math.round((END - at) / MIN) * MIN);
    const author = rnd.pick(params.pool);
    return {
      secondsBeforeEnd,
      post: {
        id: '',
        author: author.handle,
        followers: author.followers,
        created_at: isoBeforeEnd(secondsBeforeEnd),
        text: text.split('$S').join(`$${symbol}`),
        ...engagement({
          rnd,
          followers: author.followers,
          heated: HEATED.has(phase.bank),
          bot: phase.voice === 'bots',
        }),
      },
    };
  });
}

function engagement(params: {
  rnd: Random;
  followers: number;
  heated: boolean;
  bot: boolean;
}): Pick<SocialPost, 'likes' | 'reposts' | 'replies'> {
  const { rnd } = params;
  if (params.bot) return { likes: rnd.int(0, 4), reposts: rnd.int(0, 2), replies: rnd.int(0, 1) };
  const likes = Math.round(params.followers * (0.002 + 0.02 * rnd.next()));
  const replyRate = params.heated ? 0.3 + 0.5 * rnd.next() : 0.05 + 0.2 * rnd.next();
  return { likes, reposts: Math.round(likes * (0.05 + 0.25 * rnd.next())), replies: Math.round(likes * replyRate) };
}

const FIRST = ['crypto', 'degen', 'onchain', 'moon', 'alpha', 'eth', 'defi', 'whale', 'gem', 'block', 'chart', 'ape'];
const LAST = ['Kai', 'Maya', 'Hunter', 'Sage', 'Wolf', 'Nina', 'Leo', 'Ravi', 'Otto', 'Zoe', 'Ivy', 'Max'];

/** Handles with log-uniform follower counts: a few influencers, many small accounts; bots have almost none. */
function authors(rnd: Random, count: number, bots: boolean): Author[] {
  const seen = new Set<string>();
  const out: Author[] = [];
  while (out.length < count) {
    const handle = bots
      ? `@${rnd.pick(['moon', 'gem', 'pump', 'x100'])}_bot${rnd.int(1000, 9999)}`
      : `@${rnd.pick(FIRST)}${rnd.pick(LAST)}${rnd.next() < 0.4 ? rnd.int(1, 99) : ''}`;
    if (seen.has(handle)) continue;
    seen.add(handle);
    const followers = bots
      ? rnd.int(3, 60)
      : Math.round(Math.exp(Math.log(80) + rnd.next() * (Math.log(400_000) - Math.log(80))));
    out.push({ handle, followers });
  }
  return out;
}

/** 93_780 → "-P1DT2H3M" (whole minutes; zero parts left out). */
export function isoBeforeEnd(seconds: number): string {
  const minutes = Math.round(seconds / MIN);
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}`;
  return `-P${d ? `${d}D` : ''}${time ? `T${time}` : ''}`;
}
