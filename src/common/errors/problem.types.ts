import type { ErrorKind } from './app-error';

/** An error reduced to what any surface needs to render it. */
export interface Problem {
  kind: ErrorKind;
  status: number;
  message: string;
  details?: Record<string, unknown>;
  retryAfter?: number;
  provider?: string;
  cCode?: string;
  headers?: Record<string, string>;
  /** True when the message is ours to show; unknown errors get a generic text. */
  expected: boolean;
}
