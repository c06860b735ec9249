/** The `?page=N` parameter of listings (spec §9 offset pagination, 24 per page). */

/**
 * Parses `?page=`: absent → 1; a positive integer (no sign, no leading zeros) → that number;
 * anything else → null (the page answers 404 so only canonical pages get indexed).
 */
export function parsePageParam(value: string | string[] | undefined): number | null {
  if (value === undefined) return 1;
  if (Array.isArray(value)) return null;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}
