/** Types of ./page-micro-cache.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class PageMicroCache {
  constructor(options?: { maxBytes?: number; maxAgeMs?: number; staleMs?: number; revalidatedStaleMs?: number });
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  capture(req: IncomingMessage, res: ServerResponse): void;
  cacheable(req: IncomingMessage): boolean;
  clear(): void;
  expire(staleMs?: number): void;
}
