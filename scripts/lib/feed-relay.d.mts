/** Types of ./feed-relay.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const FEED_PATH: RegExp;
export const FEED_FIRST_BYTE_TIMEOUT_MS: number;
export function relayFeedRequest(req: IncomingMessage, res: ServerResponse, apiUrl: string): boolean;
