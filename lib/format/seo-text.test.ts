import { describe, expect, it } from 'vitest';
import { clampAtWord, namesShop, SEO_DESCRIPTION_MAX, seoDescription, seoTitle, withoutShopTail } from './seo-text';

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

  it('ends every title in one form of the shop name (issue #34 item 10)', () => {
    expect(seoTitle('Купальники — купить в интернет-магазине Lumière Beach')).toBe('Купальники — Lumière');
    expect(seoTitle('Распродажа — скидки до 60% | Lumière Beach')).toBe('Распродажа — скидки до 60% — Lumière');
    expect(seoTitle('Новинки сезона — Lumière')).toBe('Новинки сезона — Lumière');
    expect(seoTitle('Бренды | Lumière Beach | Lumière')).toBe('Бренды — Lumière');
    // A title that names the shop itself gets no ending.
    expect(seoTitle('Lumière Beach — купальники, одежда и обувь для отдыха')).toBe(
      'Lumière Beach — купальники, одежда и обувь для отдыха',
    );
    expect(seoTitle('Lumière Beach')).toBe('Lumière Beach');
  });

  it('puts "— страница N" before the shop name, page 1 without it', () => {
    expect(seoTitle('Купальники', { page: 1 })).toBe('Купальники — Lumière');
    expect(seoTitle('Купальники', { page: 2 })).toBe('Купальники — страница 2 — Lumière');
    expect(seoTitle('Распродажа — скидки до 60% | Lumière Beach', { page: 3 })).toBe(
      'Распродажа — скидки до 60% — страница 3 — Lumière',
    );
    expect(seoTitle('Женские купальники — купить в интернет-магазине Lumière Beach', { page: 12 })).toBe(
      'Женские купальники — страница 12 — Lumière',
    );
  });

  it('never cuts a title: the shop name, then the detail give way (issue #34 item 10)', () => {
    const name = 'Платье приталенное с контрастными вставками Befree';
    expect(seoTitle(name, { detail: 'чёрный', qualifier: 'арт. 1' })).toBe(
      'Платье приталенное с контрастными вставками Befree, чёрный, арт. 1',
    );
    const longer = 'Раздельный купальник бандо двусторонний в полоску Luli Fama';
    expect(seoTitle(longer, { detail: 'мультиколор/зелёный', qualifier: 'арт. 12' })).toBe(
      'Раздельный купальник бандо двусторонний в полоску Luli Fama, арт. 12',
    );
    const short = 'Парео Maaji';
    expect(seoTitle(short, { detail: 'синий', qualifier: 'арт. 7', page: 2 })).toBe(
      'Парео Maaji, синий, арт. 7 — страница 2 — Lumière',
    );
  });

  it('keeps a title longer than 70 characters whole rather than cut mid-phrase', () => {
    const long = 'Купальник слитный с эффектом утяжки моделирующий с V-образным вырезом Tommy Hilfiger';
    const title = seoTitle(long, { detail: 'чёрный', qualifier: 'арт. 28', page: 2 });
    expect(title).toBe(`${long}, арт. 28 — страница 2`);
    expect(title).not.toContain('…');
  });

  it('never names the shop twice nor cuts a word', () => {
    const titles = [
      'Женские аксессуары — купить в интернет-магазине Lumière Beach: сумки, очки, шляпы и украшения',
      'Lumière Beach — купальники, одежда и обувь для отдыха',
      'Купальник слитный с высокой талией, открытой спиной и драпировкой Beach Bunny',
    ];
    for (const t of titles) {
      for (const page of [1, 2, 345]) {
        const title = seoTitle(t, { page, detail: 'тёмно-синий', qualifier: 'арт. 123456' });
        expect(count(title, 'Lumière')).toBeLessThanOrEqual(1);
        expect(title).not.toContain('…');
        expect(title).toContain('арт. 123456');
      }
    }
    expect(seoTitle(titles[0]!)).toBe('Женские аксессуары — Lumière');
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

describe('withoutShopTail', () => {
  it('drops a closing part that names the shop, keeps the rest', () => {
    expect(withoutShopTail('Новинки сезона | Lumière Beach')).toBe('Новинки сезона');
    expect(withoutShopTail('Бюстгальтер push-up — купить в интернет-магазине Lumière Beach')).toBe(
      'Бюстгальтер push-up',
    );
    expect(withoutShopTail('Купальники — раздельные')).toBe('Купальники — раздельные');
  });
});

describe('namesShop', () => {
  it('finds the shop name in any case', () => {
    expect(namesShop('Магазин LUMIÈRE beach')).toBe(true);
    expect(namesShop('Купальники')).toBe(false);
  });
});
