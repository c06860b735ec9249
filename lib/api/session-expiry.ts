/**
 * The session's expiry as the browser can read it (spec §5): the script-readable `token_exp` cookie
 * (epoch seconds) set beside the httpOnly `token` (lib/api/session-cookie.ts). A module of its own
 * so the header's session store reads it without loading the request helpers (issue #30).
 */

/** Reads the `token_exp` cookie; its time in ms since the epoch, or null when there is none. */
export function sessionExpiry(
  cookieString: string = typeof document === 'undefined' ? '' : document.cookie,
): number | null {
  const match = /(?:^|;\s*)token_exp=(\d+)/.exec(cookieString);
  return match ? Number(match[1]) * 1000 : null;
}
