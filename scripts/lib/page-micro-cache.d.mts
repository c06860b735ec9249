/** Types of ./page-micro-cache.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An answer the cache may send: its http-cache-semantics policy, status and encoded body. */
export interface StoredAnswer {
  policy: unknown;
  status: number;
  body: Buffer;
}

export class PageMicroCache {
  constructor(options?: {
    maxBytes?: number;
    maxAgeMs?: number;
    staleMs?: number;
    revalidatedStaleMs?: number;
    lockMs?: number;
    refresh?: (req: IncomingMessage, failed: () => void) => boolean;
  });
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  capture(req: IncomingMessage, res: ServerResponse): void;
  cacheable(req: IncomingMessage): boolean;
  waitFor(req: IncomingMessage): Promise<StoredAnswer | null> | null;
  send(req: IncomingMessage, res: ServerResponse, copy: StoredAnswer): void;
  clear(): void;
  expire(staleMs?: number, match?: (url: string) => boolean): void;
}

export function pagesOfTags(tags: readonly string[], paths?: readonly string[]): ((url: string) => boolean) | undefined;
