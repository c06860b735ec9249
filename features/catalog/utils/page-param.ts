/** The `?page=N` parameter of listings (spec §9 offset pagination, 24 per page). */
import { MAX_LIST_OFFSET, PAGE_SIZE } from '@/lib/constants';

/**
 * Parses `?page=`: absent → 1; a positive integer (no sign, no leading zeros) → that number;
 * anything else, or a page whose offset is past what the shop API lists ({@link MAX_LIST_OFFSET}),
 * → null (the page answers 404 so only canonical pages get indexed, and never a 500).
 */
export function parsePageParam(value: string | string[] | undefined): number | null {
  if (value === undefined) return 1;
  if (Array.isArray(value)) return null;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return (page - 1) * PAGE_SIZE > MAX_LIST_OFFSET ? null : page;
}
