import type { SocialLinks, SocialPostData } from '../../providers/social/social.types';
import type { FoundLink, LinkAnalysis, LinkKind, LinkOrigin } from './social.types';

const KINDS: LinkKind[] = ['website', 'x', 'telegram', 'github'];
/** Origins in order of trust: what the verified code says, what the project publishes, what others post. */
const ORIGIN_RANK: Record<LinkOrigin, number> = { source_comments: 0, profile: 1, posts: 2 };

const HOST_ALIASES: Record<string, string> = {
  'twitter.com': 'x.com',
  'mobile.twitter.com': 'x.com',
  'mobile.x.com': 'x.com',
  'telegram.me': 't.me',
  'telegram.dog': 't.me',
};
const X_RESERVED = new Set([
  'i',
  'intent',
  'search',
  'hashtag',
  'home',
  'share',
  'explore',
  'settings',
  'messages',
  'notifications',
]);
/** Shorteners hide the target, explorers and trackers describe every token: neither is the project's site. */
const NOT_A_WEBSITE =
  /(^|\.)(t\.co|bit\.ly|tinyurl\.com|etherscan\.io|bscscan\.com|polygonscan\.com|arbiscan\.io|basescan\.org|dexscreener\.com|dextools\.io|coingecko\.com|coinmarketcap\.com|uniswap\.org|youtube\.com|youtu\.be|discord\.gg|reddit\.com|medium\.com|linktr\.ee)$/;

/**
 * URLs written out with a scheme, plus scheme-less links to the social hosts and www. hosts.
 * Other bare "a.b" words are left alone: in Solidity comments they are file names and versions.
 */
const URL_PATTERN =
  /\bhttps?:\/\/[^\s<>"'`()[\]{}]+|\b(?:www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+|(?:mobile\.)?(?:x|twitter|github)\.com|t\.me|telegram\.me)\/[^\s<>"'`()[\]{}]*/gi;

export function extractUrls(text: string): string[] {
  return (text.match(URL_PATTERN) ?? []).map((url) => url.replace(/[.,;:!?]+$/, ''));
}

/** The link's kind and canonical form, or null when it is not a usable project link. */
export function normaliseLink(raw: string): { kind: LinkKind; url: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  const bareHost = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const host = HOST_ALIASES[bareHost] ?? bareHost;
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'x.com')
    return profile('x', host, segments[0] && !X_RESERVED.has(segments[0].toLowerCase()) ? [segments[0]] : []);
  if (host === 't.me')
    return profile('telegram', host, segments[0] === 's' ? segments.slice(1, 2) : segments.slice(0, 1));
  if (host === 'github.com')
    return profile(
      'github',
      host,
      segments.slice(0, 2).map((s, i) => (i === 1 ? s.replace(/\.git$/i, '') : s)),
    );
  if (!host.includes('.') || NOT_A_WEBSITE.test(host)) return null;
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return { kind: 'website', url: `https://${host}${path}` };
}

function profile(kind: LinkKind, host: string, segments: string[]): { kind: LinkKind; url: string } | null {
  if (segments.length === 0 || !segments.every((s) => /^[A-Za-z0-9_.+-]+$/.test(s))) return null;
  // Handles and repositories are case-insensitive on these hosts: one spelling per account.
  return { kind, url: `https://${host}/${segments.join('/').toLowerCase()}` };
}

export interface LinkInput {
  sourceComments?: string;
  profile: SocialLinks;
  posts: SocialPostData[];
  token: { symbol: string; name: string };
}

/**
 * Links from the verified source's comments, the project's own profile and posts about it. Posts
 * name many sites and accounts; one counts only when its handle or host carries the token's name or
 * symbol. Each kind's link is the most trusted one found.
 */
export function analyseLinks(input: LinkInput): LinkAnalysis {
  const found = new Map<string, FoundLink>();
  const add = (raw: string, origin: LinkOrigin, relevant: (url: string) => boolean = () => true) => {
    const link = normaliseLink(raw);
    if (!link || !relevant(link.url)) return;
    const seen = found.get(link.url);
    if (seen && !seen.foundIn.includes(origin)) seen.foundIn.push(origin);
    if (!seen) found.set(link.url, { ...link, foundIn: [origin] });
  };
  for (const url of extractUrls(input.sourceComments ?? '')) add(url, 'source_comments');
  for (const kind of KINDS) if (input.profile[kind]) add(input.profile[kind]!, 'profile');
  const relevant = mentionsToken(input.token);
  for (const post of input.posts)
    for (const url of [...extractUrls(post.text), ...(post.urls ?? [])]) add(url, 'posts', relevant);
  const links = [...found.values()];
  const best = (kind: LinkKind) =>
    links.filter((l) => l.kind === kind).sort((a, b) => rank(a) - rank(b))[0]?.url ?? null;
  return { website: best('website'), x: best('x'), telegram: best('telegram'), github: best('github'), found: links };
}

function rank(link: FoundLink): number {
  return Math.min(...link.foundIn.map((origin) => ORIGIN_RANK[origin]));
}

function mentionsToken(token: { symbol: string; name: string }): (url: string) => boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const needles = [squash(token.symbol), squash(token.name)].filter((n) => n.length >= 3);
  return (url) => {
    const target = squash(url.replace(/^https:\/\/((x\.com|t\.me|github\.com)\/)?/, ''));
    return needles.some((needle) => target.includes(needle));
  };
}
