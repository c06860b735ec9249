/** The basket cookie (spec §3: the guest's basket survives across visits) as the API reads it. */
import { getCookie } from 'hono/cookie';
import { isGuid } from '@/lib/api/contract/common';
import type { Context } from 'hono';

/** Name of the basket cookie. */
export const CART_COOKIE = 'cart_id';

/** The basket id from the request's cookie, or null when absent or not a UUID (never trusted further). */
export function cartIdOf(c: Context): string | null {
  const value = getCookie(c, CART_COOKIE);
  return value && isGuid(value) ? value : null;
}
