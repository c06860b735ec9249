import { describe, expect, it } from 'vitest';
import { clampAtWord, namesShop, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, seoDescription, seoTitle } from './seo-text';

const count = (text: string, word: string) => text.toLowerCase().split(word.toLowerCase()).length - 1;

describe('clampAtWord', () => {
  it('keeps a text that fits, collapsing whitespace', () => {
    expect(clampAtWord('  Купальники \n слитные ', 20)).toBe('Купальники слитные');
  });

  it('cuts at a word with an ellipsis, never longer than max', () => {
    const text = 'Купальник слитный с высокой талией и открытой спиной';
    for (let max = 10; max <= text.length; max++) {
      const cut = clampAtWord(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      if (max < text.length) {
        expect(cut.endsWith('…')).toBe(true);
        // Every word before the ellipsis is a whole word of the text.
        const words = cut.slice(0, -1).split(' ');
        words.forEach((word) => expect(text.split(' ')).toContain(word));
      }
    }
    expect(clampAtWord(text, 30)).toBe('Купальник слитный с высокой…');
  });

  it('drops separators left at the cut', () => {
    expect(clampAtWord('Пляжная одежда — туники, парео и платья', 18)).toBe('Пляжная одежда…');
  });

  it('cuts a single long word inside it', () => {
    expect(clampAtWord('Суперкалифрагилистический', 10)).toBe('Суперкали…');
  });
});

describe('seoTitle', () => {
  it('adds the shop name once', () => {
    expect(seoTitle('Купальники')).toBe('Купальники — Lumière');
  });

  it('does not name the shop twice', () => {
    expect(seoTitle('Купальники — купить в интернет-магазине Lumière Beach')).toBe(
      'Купальники — купить в интернет-магазине Lumière Beach',
    );
    expect(seoTitle('Распродажа — скидки до 60% | Lumière Beach')).toBe('Распродажа — скидки до 60% | Lumière Beach');
  });

  it('puts "— страница N" before the shop name, page 1 without it', () => {
    expect(seoTitle('Купальники', { page: 1 })).toBe('Купальники — Lumière');
    expect(seoTitle('Купальники', { page: 2 })).toBe('Купальники — страница 2 — Lumière');
    expect(seoTitle('Распродажа — скидки до 60% | Lumière Beach', { page: 3 })).toBe(
      'Распродажа — скидки до 60% — страница 3 | Lumière Beach',
    );
    expect(seoTitle('Купальники — купить в интернет-магазине Lumière Beach', { page: 12 })).toBe(
      'Купальники — купить в интернет-магазине Lumière Beach — страница 12',
    );
    // Too long: the closing shop phrase gives way to the short name, the page's words stay.
    expect(seoTitle('Женские купальники — купить в интернет-магазине Lumière Beach', { page: 2 })).toBe(
      'Женские купальники — страница 2 — Lumière',
    );
  });

  it('keeps the qualifier and page whole when the title is cut, at most 70 characters', () => {
    const long = 'Купальник слитный с высокой талией, открытой спиной и драпировкой Beach Bunny';
    const title = seoTitle(long, { qualifier: 'тёмно-синий, арт. 123456', page: 2 });
    expect(title.length).toBeLessThanOrEqual(SEO_TITLE_MAX);
    expect(title).toContain('…, тёмно-синий, арт. 123456 — страница 2');
    expect(count(title, 'Lumière')).toBeLessThanOrEqual(1);
  });

  it('never exceeds 70 characters nor names the shop twice', () => {
    const titles = [
      'Женские аксессуары — купить в интернет-магазине Lumière Beach: сумки, очки, шляпы и украшения',
      'Lumière Beach — купальники, одежда и обувь для отдыха',
      'a'.repeat(200),
    ];
    for (const t of titles) {
      for (const page of [1, 2, 345]) {
        const title = seoTitle(t, { page });
        expect(title.length).toBeLessThanOrEqual(SEO_TITLE_MAX);
        expect(count(title, 'Lumière')).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('seoDescription', () => {
  it('adds "— страница N." for page 2+', () => {
    expect(seoDescription('Купальники в наличии.')).toBe('Купальники в наличии.');
    expect(seoDescription('Купальники в наличии.', { page: 3 })).toBe('Купальники в наличии — страница 3.');
  });

  it('puts the qualifier first so that it survives the cut, at most 160 characters', () => {
    const text = 'Очень длинное описание товара. '.repeat(20);
    const description = seoDescription(text, { qualifier: 'Купальник Maaji, красный, арт. 42' });
    expect(description.startsWith('Купальник Maaji, красный, арт. 42. Очень')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
  });

  it('keeps the page suffix whole when cut', () => {
    const description = seoDescription('слово '.repeat(60), { page: 7 });
    expect(description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(description.endsWith('… — страница 7.')).toBe(true);
  });
});

describe('namesShop', () => {
  it('finds the shop name in any case', () => {
    expect(namesShop('Магазин LUMIÈRE beach')).toBe(true);
    expect(namesShop('Купальники')).toBe(false);
  });
});
