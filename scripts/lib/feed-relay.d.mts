/** Types of ./feed-relay.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';

export const FEED_PATH: RegExp;
export const FEED_FIRST_BYTE_TIMEOUT_MS: number;
export const FEED_DOWNLOAD_RATE_KBPS_DEFAULT: number;
export const FEED_DOWNLOADS_DEFAULT: number;
export const FEED_BUSY_RETRY_AFTER_S: number;
export interface FeedRelaySettings {
  /** Most bytes per second of one download; 0: not paced. */
  bytesPerSecond: number;
  /** Most bodies relayed at once by this process; 0: no limit. */
  maxDownloads: number;
}
export function readFeedRelaySettings(env: Record<string, string | undefined>): FeedRelaySettings;
export function activeFeedDownloads(): number;
export function pipePaced(
  source: Readable,
  dest: Writable,
  options: { bytesPerSecond: number; now?: () => number },
): void;
export function relayFeedRequest(
  req: IncomingMessage,
  res: ServerResponse,
  apiUrl: string,
  settings?: FeedRelaySettings,
): boolean;
