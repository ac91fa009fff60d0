import type { Address } from 'viem';
import type { ChainKey } from '../../config/app-config';

/** Which adapter answered. */
export type SocialSource = 'devnet' | 'x';

export interface SocialQuery {
  chain: ChainKey;
  address: Address;
  symbol: string;
  name: string;
  /** The caller's own data key (`data_provider_api_key`): used for this request only, never logged or stored. */
  apiKey?: string;
}

/** Links a project publishes about itself (absent: none known). */
export interface SocialLinks {
  website?: string;
  x?: string;
  telegram?: string;
  github?: string;
}

export interface SocialPostData {
  id: string;
  /** Handle, `@name`. */
  author: string;
  followers: number;
  /** Absolute ISO 8601 time. */
  createdAt: string;
  text: string;
  likes: number;
  reposts: number;
  replies: number;
  /** Full URLs the post links to, when the source expands them (X shortens links in the text). */
  urls?: string[];
}

export interface SocialData {
  source: SocialSource;
  /** The moment the data describes: the devnet history's end, or when X answered. Windows count back from it. */
  asOf: string;
  /** Newest first. */
  posts: SocialPostData[];
  links: SocialLinks;
}

export interface SocialProviderHealth {
  status: 'operational' | 'unavailable' | 'not_configured';
  provider: string;
}
