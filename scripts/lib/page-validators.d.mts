/** Types of ./page-validators.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BROTLI_QUALITY: number;
export function weakEtag(body: Buffer): string;
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean;
export function isPublicPage(status: number, header: (name: string) => unknown): boolean;
export function withoutBrotli(accept: string): string;
export function encodeAnswer(req: IncomingMessage, res: ServerResponse): void;
export function holdPublicPage(req: IncomingMessage, res: ServerResponse): void;
