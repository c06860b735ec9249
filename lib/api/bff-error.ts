/**
 * The error of a failed BFF call (lib/api/bff-client.ts), in a module of its own: the header's
 * stores and the footer form test for it on every page, and importing it must not bring the
 * request helper into the first visit (issue #30, first-visit JS; the helper loads with the
 * first request, lib/api/lazy-clients.ts).
 */

/** A failed BFF call: HTTP status (0 = no answer), Russian message, field name → Russian message. */
export class BffRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'BffRequestError';
  }
}
