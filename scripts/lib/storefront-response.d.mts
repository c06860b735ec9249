/** Types of ./storefront-response.mjs (see its docstring). */
import { ServerResponse } from 'node:http';
export class SingleLocationResponse extends ServerResponse {}
export function withQuery(location: unknown, query: string): unknown;
export function quoteEtag(value: unknown): unknown;
export function unquoteImageValidators(req: import('node:http').IncomingMessage): void;
