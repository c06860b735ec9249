/**
 * Brands of the demo catalogue (spec §2: the menu's ten brands first, in menu order, then the
 * rest of the shop's assortment). A brand's price tier drives product prices; its groups decide
 * which kinds of goods (see templates.ts) it is sold with.
 */

/** Kinds of goods, matching `ProductTemplate.group` in templates.ts. */
export type GoodsGroup =
  | 'swim'
  | 'beach'
  | 'clothing'
  | 'shoes'
  | 'accessories'
  | 'lingerie'
  | 'sleep'
  | 'kids-swim'
  | 'kids-clothing'
  | 'kids-shoes'
  | 'men-swim'
  | 'men-clothing'
  | 'men-shoes'
  | 'men-accessories';

export interface BrandDef {
  name: string;
  slug: string;
  /** Cyrillic spelling, so "Маажи" finds Maaji. */
  nameRu: string;
  country: string;
  description: string;
  /** One of the ten brands of the menu panel (spec §2, §9). */
  inMenu: boolean;
  /** Base price range of a typical item, rubles; templates scale it. */
  price: [number, number];
  /** Where the goods are made (the product's `country`). */
  madeIn: string[];
  groups: GoodsGroup[];
  /** Relative share of the products it gets within its groups. */
  weight: number;
}

const b = (
  name: string,
  slug: string,
  nameRu: string,
  country: string,
  description: string,
  price: [number, number],
  madeIn: string[],
  groups: GoodsGroup[],
  weight = 1,
  inMenu = false,
): BrandDef => ({ name, slug, nameRu, country, description, inMenu, price, madeIn, groups, weight });

/** All brands; database ids are the 1-based position, menu `sort` is the position too. */
export const BRANDS: readonly BrandDef[] = [
  b(
    'Beach Bunny',
    'beach-bunny',
    'Бич Банни',
    'США',
    'Калифорнийский бренд роскошных купальников: смелые вырезы, фирменная шнуровка и посадка, подчёркивающая фигуру.',
    [11990, 25990],
    ['США', 'Колумбия'],
    ['swim', 'beach'],
    1.3,
    true,
  ),
  b(
    'Luli Fama',
    'luli-fama',
    'Лули Фама',
    'США',
    'Купальники из Майами с латиноамериканским характером: яркие принты, рюши и знаменитые плавки с драпировкой.',
    [8990, 19990],
    ['Колумбия', 'США'],
    ['swim', 'beach'],
    1.2,
    true,
  ),
  b(
    'Bound by Bond-Eye',
    'bound-by-bond-eye',
    'Баунд бай Бонд-Ай',
    'Австралия',
    'Австралийская марка купальников из фирменного жатого трикотажа, который садится по фигуре в размер «один для всех».',
    [9990, 21990],
    ['Австралия', 'Китай'],
    ['swim'],
    1,
    true,
  ),
  b(
    'Cotazur',
    'cotazur',
    'Котазюр',
    'Россия',
    'Российский бренд пляжной моды: лаконичные купальники и туники, вдохновлённые Лазурным берегом.',
    [4990, 11990],
    ['Россия', 'Китай'],
    ['swim', 'beach', 'accessories'],
    1.2,
    true,
  ),
  b(
    'Maaji',
    'maaji',
    'Маажи',
    'Колумбия',
    'Колумбийский бренд двусторонних купальников с фантазийными принтами — два купальника по цене одного.',
    [6990, 15990],
    ['Колумбия'],
    ['swim', 'beach', 'kids-swim', 'men-swim'],
    1.6,
    true,
  ),
  b(
    'DKNY',
    'dkny',
    'ДиКейЭнУай',
    'США',
    'Нью-йоркская марка городской одежды, белья и купальников с узнаваемым логотипом.',
    [4990, 14990],
    ['Китай', 'Вьетнам', 'Турция'],
    ['swim', 'clothing', 'lingerie', 'accessories', 'shoes'],
    1.3,
    true,
  ),
  b(
    'PilyQ',
    'pilyq',
    'ПилиКью',
    'США',
    'Купальники ручной работы из Калифорнии: кружево, бахрома и вышивка в стиле бохо.',
    [7990, 17990],
    ['США', 'Индонезия'],
    ['swim', 'beach'],
    1,
    true,
  ),
  b(
    'Sea Level',
    'sea-level',
    'Си Левел',
    'Австралия',
    'Австралийские купальники с поддержкой и моделирующим кроем для любой фигуры.',
    [6990, 14990],
    ['Австралия', 'Китай'],
    ['swim'],
    0.9,
    true,
  ),
  b(
    'Nuria Ferrer',
    'nuria-ferrer',
    'Нурия Феррер',
    'Испания',
    'Испанская пляжная мода: купальники, кафтаны и туники из натуральных тканей с ручной отделкой.',
    [5990, 13990],
    ['Испания'],
    ['swim', 'beach'],
    0.9,
    true,
  ),
  b(
    'Runwaydreamz',
    'runwaydreamz',
    'Ранвэйдримз',
    'США',
    'Купальники и курортные платья с подиумным характером: металлик, асимметрия и яркие цвета.',
    [5990, 12990],
    ['США', 'Китай'],
    ['swim', 'beach', 'clothing'],
    0.9,
    true,
  ),
  b(
    'Seafolly',
    'seafolly',
    'Сифолли',
    'Австралия',
    'Классика австралийских пляжей с 1975 года: купальники, пляжные сумки и шляпы.',
    [5990, 13990],
    ['Австралия', 'Китай'],
    ['swim', 'beach', 'accessories', 'kids-swim'],
    1,
  ),
  b(
    'Agua Bendita',
    'agua-bendita',
    'Агуа Бендита',
    'Колумбия',
    'Колумбийские купальники с ручной вышивкой и акварельными принтами, созданные ремесленницами Медельина.',
    [12990, 24990],
    ['Колумбия'],
    ['swim', 'beach'],
    0.8,
  ),
  b(
    'Calzedonia',
    'calzedonia',
    'Кальцедония',
    'Италия',
    'Итальянская марка купальников, колготок и носков: модные купальники по доступной цене.',
    [1990, 5990],
    ['Италия', 'Шри-Ланка', 'Сербия'],
    ['swim', 'lingerie'],
    1.3,
  ),
  b(
    'Intimissimi',
    'intimissimi',
    'Интимиссими',
    'Италия',
    'Итальянское бельё из кружева, шёлка и хлопка, а также домашняя одежда и пижамы.',
    [1990, 6990],
    ['Италия', 'Шри-Ланка', 'Китай'],
    ['lingerie', 'sleep'],
    1.4,
  ),
  b(
    'Mango',
    'mango',
    'Манго',
    'Испания',
    'Испанский бренд женской одежды, обуви и аксессуаров в средиземноморском стиле.',
    [1990, 8990],
    ['Турция', 'Марокко', 'Китай', 'Бангладеш'],
    ['clothing', 'shoes', 'accessories', 'beach'],
    1.5,
  ),
  b(
    'Zarina',
    'zarina',
    'Зарина',
    'Россия',
    'Российская марка женской одежды: платья, блузки и трикотаж на каждый день.',
    [990, 4990],
    ['Россия', 'Китай'],
    ['clothing'],
    1.3,
  ),
  b(
    'Befree',
    'befree',
    'Бифри',
    'Россия',
    'Молодёжная одежда из Санкт-Петербурга: базовые вещи, джинсы и аксессуары.',
    [790, 3990],
    ['Россия', 'Китай', 'Узбекистан'],
    ['clothing', 'accessories', 'men-clothing', 'men-accessories'],
    1.3,
  ),
  b(
    'Ecco',
    'ecco',
    'Экко',
    'Дания',
    'Датская обувь из собственной кожи: анатомическая колодка и комфорт на весь день.',
    [6990, 19990],
    ['Португалия', 'Словакия', 'Вьетнам'],
    ['shoes', 'men-shoes', 'kids-shoes'],
    1.1,
  ),
  b(
    'Geox',
    'geox',
    'Геокс',
    'Италия',
    'Итальянская «дышащая» обувь с запатентованной мембраной для взрослых и детей.',
    [5990, 16990],
    ['Вьетнам', 'Индонезия', 'Сербия'],
    ['shoes', 'men-shoes', 'kids-shoes'],
    1,
  ),
  b(
    'Tommy Hilfiger',
    'tommy-hilfiger',
    'Томми Хилфигер',
    'США',
    'Американская классика в стиле преппи: поло, рубашки, купальники и аксессуары.',
    [3990, 17990],
    ['Турция', 'Индия', 'Китай'],
    ['clothing', 'swim', 'men-clothing', 'men-swim', 'men-accessories', 'accessories'],
    1.1,
  ),
  b(
    'Calvin Klein',
    'calvin-klein',
    'Кельвин Кляйн',
    'США',
    'Минималистичные бельё, джинсы и базовый гардероб с логотипом на резинке.',
    [2990, 14990],
    ['Китай', 'Вьетнам', 'Турция'],
    ['lingerie', 'clothing', 'men-clothing', 'men-swim'],
    1.1,
  ),
  b(
    'Lacoste',
    'lacoste',
    'Лакост',
    'Франция',
    'Французский бренд с крокодилом: поло, кроссовки и одежда для отдыха.',
    [5990, 19990],
    ['Перу', 'Франция', 'Вьетнам'],
    ['men-clothing', 'men-shoes', 'clothing', 'shoes', 'men-accessories'],
    1,
  ),
  b(
    'Acoola',
    'acoola',
    'Акула',
    'Россия',
    'Российская детская одежда: яркие футболки, платья и купальники для школы и отдыха.',
    [590, 2990],
    ['Россия', 'Китай'],
    ['kids-clothing', 'kids-swim'],
    1.3,
  ),
  b(
    'Chicco',
    'chicco',
    'Чикко',
    'Италия',
    'Итальянский бренд для малышей: мягкая одежда, первая обувь и пляжные вещи.',
    [990, 4990],
    ['Италия', 'Китай', 'Румыния'],
    ['kids-clothing', 'kids-shoes', 'kids-swim'],
    1,
  ),
  b(
    'Reima',
    'reima',
    'Рейма',
    'Финляндия',
    'Финская функциональная детская одежда и обувь для активных игр в любую погоду.',
    [1990, 8990],
    ['Финляндия', 'Китай', 'Вьетнам'],
    ['kids-clothing', 'kids-shoes', 'kids-swim'],
    1,
  ),
  b(
    'Mascotte',
    'mascotte',
    'Маскотт',
    'Россия',
    'Российский бренд женской обуви и сумок из натуральной кожи.',
    [3990, 12990],
    ['Россия', 'Китай', 'Италия'],
    ['shoes', 'accessories'],
    1,
  ),
  b(
    'Lime',
    'lime',
    'Лайм',
    'Россия',
    'Российская марка минималистичной женской одежды и аксессуаров.',
    [1990, 9990],
    ['Россия', 'Китай', 'Турция'],
    ['clothing', 'accessories', 'sleep'],
    1.1,
  ),
];
