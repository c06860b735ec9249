/** Search suggestions (issue #14 item 14): no two category suggestions read the same. */
import { describe, expect, it } from 'vitest';
import { suggestionOptions } from './search-panel';

describe('suggestionOptions', () => {
  it('names the section of a category whose name another suggestion shares', () => {
    const options = suggestionOptions({
      query: 'купал',
      categories: [
        { path: 'kupalniki', name: 'Купальники' },
        { path: 'kupalniki/slitnye', name: 'Слитные купальники' },
        { path: 'detskoe/dlya-devochek/kupalniki', name: 'Купальники' },
      ],
      brands: [],
      products: [],
    });
    const labels = options.map((o) => o.label);
    expect(labels).toEqual(['Купальники', 'Слитные купальники', 'Купальники — Детское']);
    expect(new Set(labels).size).toBe(labels.length);
    expect(options[2]!.href).toBe('/detskoe/dlya-devochek/kupalniki');
  });
});
