/** The revalidation webhook's rules (issue #13, lib/revalidation.ts). */
import { describe, expect, it } from 'vitest';
import { hasSecret, MAX_ITEMS, parseRevalidation, RevalidationBatcher } from './revalidation';

describe('parseRevalidation', () => {
  it('keeps known tags and site paths, counts and drops the rest', () => {
    expect(
      parseRevalidation({
        tags: [
          'product:805',
          'listings',
          'product:805',
          'offers:kupalniki/bikini',
          'evil<script>',
          'x'.repeat(300).slice(0, 256),
        ],
        paths: ['/about', '//evil.example', 'http://x'],
      }),
    ).toEqual({
      tags: ['product:805', 'listings', 'offers:kupalniki/bikini'],
      paths: ['/about'],
      ignored: 4,
    });
  });

  it('refuses a malformed body', () => {
    expect(parseRevalidation('tags')).toBeNull();
    expect(parseRevalidation({ tags: 'product:1' })).toBeNull();
    expect(parseRevalidation({ tags: [], extra: 1 })).toBeNull();
    expect(parseRevalidation({ tags: Array.from({ length: MAX_ITEMS + 1 }, () => 'listings') })).toBeNull();
  });
});

describe('hasSecret', () => {
  it('needs the exact bearer secret, and a configured one', () => {
    expect(hasSecret('Bearer s3cret-s3cret-s3cret', 's3cret-s3cret-s3cret')).toBe(true);
    expect(hasSecret('Bearer s3cret-s3cret-s3creT', 's3cret-s3cret-s3cret')).toBe(false);
    expect(hasSecret('s3cret-s3cret-s3cret', 's3cret-s3cret-s3cret')).toBe(false);
    expect(hasSecret(null, 's3cret-s3cret-s3cret')).toBe(false);
    expect(hasSecret('Bearer ', undefined)).toBe(false);
  });
});

describe('RevalidationBatcher', () => {
  it('turns a flood of calls in one window into one expiry of their union', async () => {
    const batcher = new RevalidationBatcher(30);
    const calls = Array.from({ length: 100 }, (_, i) => batcher.add([`product:${i % 3}`, 'listings'], []));
    const results = await Promise.all(calls);
    const leaders = results.filter((r) => r !== null);
    expect(leaders).toHaveLength(1);
    expect(leaders[0]!.tags.sort()).toEqual(['listings', 'product:0', 'product:1', 'product:2']);
    // The next window has a leader of its own.
    expect(await batcher.add(['search'], [])).toEqual({ tags: ['search'], paths: [] });
  });
});
