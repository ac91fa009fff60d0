import { analyseLinks, extractUrls, normaliseLink } from './social-links';
import type { SocialPostData } from '../../providers/social/social.types';

const post = (text: string, overrides: Partial<SocialPostData> = {}): SocialPostData => ({
  id: '1',
  author: '@someone',
  followers: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
  text,
  likes: 0,
  reposts: 0,
  replies: 0,
  ...overrides,
});

describe('normaliseLink', () => {
  it.each([
    ['http://www.CleanToken.example/', { kind: 'website', url: 'https://cleantoken.example' }],
    ['https://cleantoken.example/docs/?ref=x#top', { kind: 'website', url: 'https://cleantoken.example/docs' }],
    ['https://twitter.com/CleanToken?s=20', { kind: 'x', url: 'https://x.com/cleantoken' }],
    ['mobile.twitter.com/CleanToken/status/123', { kind: 'x', url: 'https://x.com/cleantoken' }],
    ['x.com/cleantoken', { kind: 'x', url: 'https://x.com/cleantoken' }],
    ['https://telegram.me/CleanToken', { kind: 'telegram', url: 'https://t.me/cleantoken' }],
    ['t.me/s/cleantoken', { kind: 'telegram', url: 'https://t.me/cleantoken' }],
    ['https://github.com/CleanToken/contracts.git', { kind: 'github', url: 'https://github.com/cleantoken/contracts' }],
  ])('%s', (raw, expected) => {
    expect(normaliseLink(raw)).toEqual(expected);
  });

  it.each([
    'https://x.com/i/flow',
    'https://x.com',
    'https://t.co/abc',
    'https://etherscan.io/token/0x1',
    'https://localhost/',
  ])('rejects %s', (raw) => {
    expect(normaliseLink(raw)).toBeNull();
  });
});

describe('extractUrls', () => {
  it('finds URLs with a scheme and bare social links, not file names or versions', () => {
    const text =
      '/// @title Clean.sol v0.8.20 — site https://cleantoken.example, chat t.me/cleantoken. Code: github.com/cleantoken/token.';
    expect(extractUrls(text)).toEqual(['https://cleantoken.example', 't.me/cleantoken', 'github.com/cleantoken/token']);
  });
});

describe('analyseLinks', () => {
  const token = { symbol: 'CLEAN', name: 'Clean Token' };

  it('prefers the verified source over the profile over posts, and merges where each was seen', () => {
    const sut = analyseLinks({
      token,
      sourceComments: 'Website: https://www.cleantoken.example/ X: https://twitter.com/CleanToken',
      profile: { website: 'https://cleantoken.example', telegram: 'https://t.me/cleantoken' },
      posts: [post('join https://t.me/CleanTokenChat and see github.com/cleantoken')],
    });
    expect(sut).toMatchObject({
      website: 'https://cleantoken.example',
      x: 'https://x.com/cleantoken',
      telegram: 'https://t.me/cleantoken',
      github: 'https://github.com/cleantoken',
    });
    expect(sut.found.find((l) => l.url === 'https://cleantoken.example')?.foundIn).toEqual([
      'source_comments',
      'profile',
    ]);
    expect(sut.found.find((l) => l.url === 'https://t.me/cleantokenchat')?.foundIn).toEqual(['posts']);
  });

  it("ignores links in posts that do not name the token, and reads X's expanded URLs", () => {
    const sut = analyseLinks({
      token,
      profile: {},
      posts: [
        post('my calls: https://t.me/alphaKai https://news.example/today https://t.co/xyz', {
          urls: ['https://cleantoken.example/'],
        }),
      ],
    });
    expect(sut).toEqual({
      website: 'https://cleantoken.example',
      x: null,
      telegram: null,
      github: null,
      found: [{ kind: 'website', url: 'https://cleantoken.example', foundIn: ['posts'] }],
    });
  });
});
