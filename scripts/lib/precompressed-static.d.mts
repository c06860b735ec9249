/** Types of ./precompressed-static.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MIN_BYTES: number;
export interface PrecompressTotals {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}
export function precompressStatic(dir: string): PrecompressTotals;
export function precompressSummary(totals: PrecompressTotals): string;
export function prepareStaticFiles(dir: string): string[];
export function precompressedStaticHandler(
  dir: string,
  prefix?: string,
): (req: IncomingMessage, res: ServerResponse) => boolean;
