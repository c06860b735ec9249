/** Spec §4/§9: the Telegram popup from the 5th page view on, never after it was closed. */
import { describe, expect, it } from 'vitest';
import { countPageView, markTelegramClosed, PAGE_VIEWS_KEY } from './page-views';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('countPageView', () => {
  it('shows the popup from the 5th view on', () => {
    const store = memory();
    const shown = [1, 2, 3, 4, 5, 6].map(() => countPageView(store).showTelegram);
    expect(shown).toEqual([false, false, false, false, true, true]);
    expect(store.getItem(PAGE_VIEWS_KEY)).toBe('6');
  });

  it('never shows it again once closed, and repairs a garbage counter', () => {
    const store = memory({ [PAGE_VIEWS_KEY]: 'abc' });
    expect(countPageView(store).views).toBe(1);
    for (let i = 0; i < 4; i += 1) countPageView(store);
    markTelegramClosed(store);
    expect(countPageView(store)).toEqual({ views: 6, showTelegram: false });
  });
});
