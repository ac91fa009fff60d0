import { Logger } from '@nestjs/common';
import {
  readManifest,
  readSocialPosts,
  type DevnetManifest,
  type SocialPost,
  type SocialPostSet,
  type TokenSocial,
} from '../../../devnet';
import { durationSeconds } from './iso-duration';
import { SocialProvider } from './social-provider';
import type { SocialData, SocialPostData, SocialProviderHealth, SocialQuery } from './social.types';

/** The world's files, injectable so tests can hand in their own. */
export interface DevnetSocialWorld {
  manifest: () => Pick<DevnetManifest, 'tokens' | 'history'>;
  posts: () => SocialPostSet;
}

interface LoadedWorld {
  /** Lower-case token address → its posts and links. */
  byAddress: Map<string, TokenSocial>;
  endMs: number;
}

const DEFAULT_WORLD: DevnetSocialWorld = { manifest: readManifest, posts: readSocialPosts };

/**
 * The embedded default: the devnet world's post set (devnet/social-posts.json), matched to tokens by
 * their manifest address. Post times there are durations before the history's end; they are
 * resolved to absolute times against `history.endTimestamp`, which is also the data's `asOf`.
 */
export class DevnetSocialProvider extends SocialProvider {
  private readonly logger = new Logger(DevnetSocialProvider.name);
  private loaded?: LoadedWorld;

  constructor(private readonly world: DevnetSocialWorld = DEFAULT_WORLD) {
    super();
  }

  async posts(query: SocialQuery): Promise<SocialData | null> {
    const world = this.load();
    const token = world?.byAddress.get(query.address.toLowerCase());
    if (!world || !token) return null;
    if (token.posts.length === 0 && !token.links) return null;
    return {
      source: 'devnet',
      asOf: new Date(world.endMs).toISOString(),
      posts: token.posts.map((post) => toPost(post, world.endMs)),
      links: { ...token.links },
    };
  }

  async healthCheck(): Promise<SocialProviderHealth> {
    return { status: this.load() ? 'operational' : 'unavailable', provider: 'devnet' };
  }

  private load(): LoadedWorld | undefined {
    if (this.loaded) return this.loaded;
    try {
      const manifest = this.world.manifest();
      const set = this.world.posts();
      const byAddress = new Map<string, TokenSocial>();
      // The manifest names the addresses the running devnet has; the post set is keyed by label.
      for (const [label, entry] of Object.entries(manifest.tokens)) {
        const social = set.tokens[label as keyof SocialPostSet['tokens']];
        if (social) byAddress.set(entry.address.toLowerCase(), social);
      }
      this.loaded = { byAddress, endMs: manifest.history.endTimestamp * 1000 };
      return this.loaded;
    } catch (err) {
      this.logger.warn(`devnet social posts are unreadable: ${(err as Error).message}`);
      return undefined;
    }
  }
}

function toPost(post: SocialPost, endMs: number): SocialPostData {
  return {
    id: post.id,
    author: post.author,
    followers: post.followers,
    createdAt: new Date(endMs + durationSeconds(post.created_at) * 1000).toISOString(),
    text: post.text,
    likes: post.likes,
    reposts: post.reposts,
    replies: post.replies,
  };
}
