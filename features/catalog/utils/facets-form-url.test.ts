import { describe, expect, it } from 'vitest';
import { facetsFormUrl } from './facets-form-url';

/** A form as FacetsForm renders it: checkboxes, price fields, hidden `searchParam`/`sort`. */
function form(html: string): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = html;
  return element;
}

describe('facetsFormUrl', () => {
  it('writes the chosen boxes in the canonical comma form and keeps sort and searchParam', () => {
    const f = form(`
      <input type="hidden" name="searchParam" value="купальник">
      <input type="checkbox" name="brand" value="maaji" checked>
      <input type="checkbox" name="brand" value="seafolly" checked>
      <input type="checkbox" name="brand" value="cotazur">
      <input type="checkbox" name="size" value="S" checked>
      <input type="number" name="price_from" value="">
      <input type="number" name="price_to" value="9000">
      <input type="checkbox" name="sale" value="1" checked>`);
    const url = new URL(facetsFormUrl(f, '/search', 'price_asc', { searchParam: 'купальник' }), 'http://x');
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('brand')).toBe('maaji,seafolly');
    expect(url.searchParams.get('size')).toBe('S');
    expect(url.searchParams.get('price')).toBe('-9000');
    expect(url.searchParams.get('sale')).toBe('1');
    expect(url.searchParams.get('sort')).toBe('price_asc');
    expect(url.searchParams.get('searchParam')).toBe('купальник');
    expect(url.searchParams.has('page')).toBe(false);
  });

  it('gives the bare path when nothing is chosen and a bad price is ignored', () => {
    const f = form(
      `<input type="checkbox" name="brand" value="maaji"><input type="number" name="price_from" value="-5">`,
    );
    expect(facetsFormUrl(f, '/kupalniki', undefined, {})).toBe('/kupalniki');
  });
});
