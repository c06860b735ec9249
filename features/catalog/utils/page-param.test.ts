/**
 * Issue #31 item 5: `?page=` past what the shop API lists is a 404, never a 500 (the probe's
 * /kupalniki?page=500000), and only canonical page numbers are accepted (spec §9).
 */
import { describe, expect, it } from 'vitest';
import { MAX_LIST_OFFSET, PAGE_SIZE } from '@/lib/constants';
import { parsePageParam } from './page-param';

describe('parsePageParam', () => {
  it('takes canonical page numbers', () => {
    expect(parsePageParam(undefined)).toBe(1);
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('100')).toBe(100);
  });

  it('refuses non-canonical numbers', () => {
    for (const bad of ['0', '01', '-1', '1.5', 'abc', '', '1e3']) expect(parsePageParam(bad)).toBeNull();
    expect(parsePageParam(['1', '2'])).toBeNull();
  });

  it('refuses a page the API cannot list, so the route answers 404 instead of a 500', () => {
    const last = Math.floor(MAX_LIST_OFFSET / PAGE_SIZE) + 1;
    expect(parsePageParam(String(last))).toBe(last);
    expect(parsePageParam(String(last + 1))).toBeNull();
    expect(parsePageParam('500000')).toBeNull();
  });
});
