import { readManifest } from '../devnet-manifest';
import { readSocialPosts, socialPostsFor } from '../devnet-social';
import { HONEYPOT_SELL_ATTEMPTS, RUG_AT } from './scenarios';
import { isoBeforeEnd, type SocialPost } from './social-posts';
import { HISTORY_SECONDS } from './specs';

const NEGATIVE_WORDS = /scam|rug|honeypot|can't sell|cannot sell|avoid|terrible|lost|dump|stuck|furious/i;
const POSITIVE_WORDS =
  /great|love|bullish|amazing|solid|moon|gem|excellent|happy|safe|winning|recommended|strong|nice/i;
/** Matches a post's words, its cashtag left out ($RUG is not an opinion). */
const NEGATIVE = { test: (text: string) => NEGATIVE_WORDS.test(text.replace(/\$[A-Z]+/g, '')) };
const POSITIVE = { test: (text: string) => POSITIVE_WORDS.test(text.replace(/\$[A-Z]+/g, '')) };

/** "-P1DT2H3M" → seconds before the history's end. */
function secondsBeforeEnd(iso: string): number {
  const m = /^-P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  if (!m) throw new Error(`not a duration: ${iso}`);
  return Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3_600 + Number(m[3] ?? 0) * 60;
}

/** Offset of a post from the history's start, as the scenarios count time. */
const offsetOf = (p: SocialPost) => HISTORY_SECONDS - secondsBeforeEnd(p.created_at);

describe('devnet social posts', () => {
  const manifest = readManifest();
  const sut = socialPostsFor(manifest);
  const tokens = sut.tokens;

  it('is what the committed devnet/social-posts.json holds (rebuild the world after changing the generator)', () => {
    expect(readSocialPosts()).toEqual(sut);
    expect(socialPostsFor(manifest)).toEqual(sut);
  });

  it('covers every manifest token by address, some without posts or links', () => {
    for (const [label, t] of Object.entries(manifest.tokens)) {
      expect(tokens[label as keyof typeof tokens]).toMatchObject({ address: t.address, symbol: t.symbol });
    }
    expect(tokens.unverified).toEqual({ address: manifest.tokens.unverified.address, symbol: 'MYST', posts: [] });
    expect(tokens.limiter.links).toBeUndefined();
    expect(tokens.clean.links).toEqual({
      website: expect.stringMatching(/^https:\/\//),
      x: expect.stringMatching(/^https:\/\/x\.com\//),
      telegram: expect.stringMatching(/^https:\/\/t\.me\//),
      github: expect.stringMatching(/^https:\/\/github\.com\//),
    });
    expect(tokens.honeypot.links?.github).toBeUndefined();
  });

  it('gives talked-about tokens 5–30 well-formed posts, newest first, inside the history', () => {
    const all = Object.values(tokens).flatMap((t) => t.posts);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    for (const t of Object.values(tokens).filter((x) => x.posts.length > 0)) {
      expect(t.posts.length).toBeGreaterThanOrEqual(5);
      expect(t.posts.length).toBeLessThanOrEqual(30);
      const ages = t.posts.map((p) => secondsBeforeEnd(p.created_at));
      expect(ages).toEqual([...ages].sort((a, b) => a - b));
      expect(Math.min(...ages)).toBeGreaterThan(0);
      expect(Math.max(...ages)).toBeLessThan(HISTORY_SECONDS);
      for (const p of t.posts) {
        expect(p.text).toContain(`$${t.symbol}`);
        expect(p.author).toMatch(/^@\w+$/);
        for (const n of [p.followers, p.likes, p.reposts, p.replies]) expect(Number.isInteger(n) && n >= 0).toBe(true);
      }
    }
  });

  it('clean is talked about positively', () => {
    const posts = tokens.clean.posts;
    expect(posts.filter((p) => POSITIVE.test(p.text)).length / posts.length).toBeGreaterThanOrEqual(0.7);
    expect(posts.filter((p) => NEGATIVE.test(p.text))).toEqual([]);
  });

  it('honeypot turns to angry "cannot sell" posts after the first failed sell, most of them late', () => {
    const firstFail = HONEYPOT_SELL_ATTEMPTS[0];
    const after = tokens.honeypot.posts.filter((p) => offsetOf(p) > firstFail);
    expect(after.length).toBeGreaterThanOrEqual(5);
    for (const p of after) expect(p.text).toMatch(/sell/i);
    expect(after.filter((p) => offsetOf(p) > HONEYPOT_SELL_ATTEMPTS[1]).length).toBeGreaterThan(after.length / 2);
    expect(tokens.honeypot.posts.filter((p) => offsetOf(p) < firstFail).every((p) => !NEGATIVE.test(p.text))).toBe(
      true,
    );
  });

  it('rug: hype before the rug pull, anger after it', () => {
    const [before, after] = [
      tokens.rug.posts.filter((p) => offsetOf(p) < RUG_AT),
      tokens.rug.posts.filter((p) => offsetOf(p) > RUG_AT),
    ];
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(before.every((p) => POSITIVE.test(p.text) && !NEGATIVE.test(p.text))).toBe(true);
    expect(after.every((p) => NEGATIVE.test(p.text))).toBe(true);
  });

  it('writes created_at as signed ISO 8601 durations in whole minutes', () => {
    expect(isoBeforeEnd(93_780)).toBe('-P1DT2H3M');
    expect(isoBeforeEnd(2 * 86_400)).toBe('-P2D');
    expect(isoBeforeEnd(45 * 60)).toBe('-PT45M');
    expect(isoBeforeEnd(3 * 3_600)).toBe('-PT3H');
  });
});
