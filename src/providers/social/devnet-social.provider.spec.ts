import type { SocialPostSet } from '../../../devnet';
import { DevnetSocialProvider, type DevnetSocialWorld } from './devnet-social.provider';
import { durationSeconds } from './iso-duration';

const END = 1_800_000_000; // 2027-01-15T08:00:00Z
const CLEAN = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const QUIET = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';

function world(overrides: Partial<DevnetSocialWorld> = {}): DevnetSocialWorld {
  const posts = {
    format: 1,
    createdAtRelativeTo: 'history.endTimestamp',
    tokens: {
      clean: {
        address: CLEAN,
        symbol: 'CLEAN',
        links: { website: 'https://cleantoken.example' },
        posts: [
          {
            id: 'clean-01',
            author: '@a',
            followers: 10,
            created_at: '-P1DT2H30M',
            text: 'nice',
            likes: 1,
            reposts: 2,
            replies: 3,
          },
        ],
      },
      unverified: { address: QUIET, symbol: 'UNV', posts: [] },
    },
  } as unknown as SocialPostSet;
  return {
    manifest: () =>
      ({
        tokens: { clean: { address: CLEAN }, unverified: { address: QUIET } },
        history: { endTimestamp: END },
      }) as never,
    posts: () => posts,
    ...overrides,
  };
}

const query = (address: string) => ({
  chain: 'eth' as const,
  address: address as `0x${string}`,
  symbol: 'X',
  name: 'X',
});

describe('DevnetSocialProvider', () => {
  it('matches the token by manifest address (any case) and resolves post times against the history end', async () => {
    const sut = new DevnetSocialProvider(world());
    await expect(sut.posts(query(CLEAN.toLowerCase()))).resolves.toEqual({
      source: 'devnet',
      asOf: new Date(END * 1000).toISOString(),
      links: { website: 'https://cleantoken.example' },
      posts: [
        {
          id: 'clean-01',
          author: '@a',
          followers: 10,
          createdAt: new Date((END - 26.5 * 3600) * 1000).toISOString(),
          text: 'nice',
          likes: 1,
          reposts: 2,
          replies: 3,
        },
      ],
    });
  });

  it('has no data for tokens nobody talks about or that the world does not hold', async () => {
    const sut = new DevnetSocialProvider(world());
    await expect(sut.posts(query(QUIET))).resolves.toBeNull();
    await expect(sut.posts(query('0x0000000000000000000000000000000000000001'))).resolves.toBeNull();
  });

  it('is unavailable when the world files cannot be read', async () => {
    const sut = new DevnetSocialProvider(
      world({
        posts: () => {
          throw new Error('missing');
        },
      }),
    );
    await expect(sut.posts(query(CLEAN))).resolves.toBeNull();
    await expect(sut.healthCheck()).resolves.toEqual({ status: 'unavailable', provider: 'devnet' });
    await expect(new DevnetSocialProvider(world()).healthCheck()).resolves.toEqual({
      status: 'operational',
      provider: 'devnet',
    });
  });
});

describe('durationSeconds', () => {
  it.each([
    ['-P1DT2H30M', -95_400],
    ['-PT6H33M', -23_580],
    ['PT45S', 45],
    ['-P3DT2M', -259_320],
    ['P1W', 604_800],
  ])('%s → %d', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['P', '-PT', '1D', 'P1Y', ''])('rejects %j', (text) => {
    expect(() => durationSeconds(text)).toThrow(/ISO 8601/);
  });
});
