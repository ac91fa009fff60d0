import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

/**
 * What the AI endpoints need from the social section, and nothing more. The social analyzer
 * (src/providers/social) is adapted to it; every field beyond `available` is absent when unknown —
 * never guessed.
 */
export interface SocialFacts {
  available: boolean;
  /** Why there is no social data (`available: false`). */
  reason?: string;
  /** Which source answered (devnet post set, X, ...). */
  source?: string;
  /** The moment the data describes (ISO 8601). */
  asOf?: string;
  /** Mean sentiment: score from −1 (negative) to 1 (positive). */
  sentiment?: { label: string; score: number };
  posts24h?: number;
  postsPrevious24h?: number;
  /** RISING, STABLE or FALLING. */
  trend?: string;
  engagement24h?: { likes: number; reposts: number; replies: number };
  influencerPosts?: number;
  influencers?: string[];
  links?: Record<string, string>;
  topPosts?: Array<{ text: string; author: string; followers?: number }>;
  /** The social score (0–100), when the analyzer gives one. */
  socialScore?: number;
}

export interface SocialFactsQuery {
  chain: ChainKey;
  address: Address;
  symbol: string;
  name: string;
}

/** Port: social facts about a token. Bound to NoSocialFacts until the social analyzer is wired. */
export abstract class SocialFactsSource {
  abstract facts(query: SocialFactsQuery): Promise<SocialFacts>;
}

export const NO_SOCIAL_SOURCE_REASON = 'no social data provider is configured';

/** Says plainly that there is no social data. */
export class NoSocialFacts extends SocialFactsSource {
  async facts(): Promise<SocialFacts> {
    return { available: false, reason: NO_SOCIAL_SOURCE_REASON };
  }
}
