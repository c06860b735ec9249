/**
 * The category tree of the demo catalogue (spec §2 "Catalogue sections"): seven sections, their
 * subCategory (level 2) and categorySubCategory (level 3) children, and the level 4 that only
 * muzhskoe has. Leaves name the product template their goods are built from; `weight` is the
 * leaf's relative share of products.
 */
import type { TemplateKey } from './templates';
import type { OfferFilters } from '../../lib/api/contract/catalog';

export interface TagDef {
  slug: string;
  name: string;
  filter: OfferFilters;
}

export interface CategoryNode {
  /** Path segment, Latin transliteration. */
  slug: string;
  /** Russian name, as shown in the menu. */
  name: string;
  /** Page heading when the short name needs its parent ("Мини" → "Платья мини"). */
  h1?: string;
  /** Leaves only: the template of their products. */
  template?: TemplateKey;
  /** Leaves only: relative share of products (default 1). */
  weight?: number;
  children?: CategoryNode[];
  /** Landing filters: `/{path}/tag/{slug}`. */
  tags?: TagDef[];
}

const leaf = (slug: string, name: string, template: TemplateKey, weight = 1, h1?: string): CategoryNode => ({
  slug,
  name,
  template,
  weight,
  ...(h1 ? { h1 } : {}),
});

const SALE: TagDef = { slug: 'rasprodazha', name: 'Распродажа', filter: { sale: true } };
const NEW: TagDef = { slug: 'novinki', name: 'Новинки', filter: { new: true } };

/** The seven sections in menu order. */
export const CATEGORY_TREE: CategoryNode[] = [
  {
    slug: 'kupalniki',
    name: 'Купальники',
    h1: 'Женские купальники',
    tags: [
      SALE,
      NEW,
      { slug: 'chernye-kupalniki', name: 'Чёрные купальники', filter: { colors: ['chernyj'] } },
      { slug: 'kupalniki-maaji', name: 'Купальники Maaji', filter: { brands: ['maaji'] } },
      { slug: 'leopardovye', name: 'Леопардовые купальники', filter: { colors: ['leopardovyj'] } },
      { slug: 'do-5000', name: 'Купальники до 5 000 ₽', filter: { price_max: 5000 } },
    ],
    children: [
      {
        slug: 'razdelnye',
        name: 'Раздельные купальники',
        tags: [
          { slug: 'belye', name: 'Белые раздельные купальники', filter: { colors: ['belyj'] } },
          { slug: 'beach-bunny', name: 'Раздельные купальники Beach Bunny', filter: { brands: ['beach-bunny'] } },
        ],
        children: [
          leaf('bikini', 'Бикини', 'bikini', 4, 'Купальники бикини'),
          leaf('tankini', 'Танкини', 'tankini', 1.2, 'Купальники танкини'),
          leaf('bando', 'Бандо', 'bando', 1.5, 'Купальники бандо'),
          leaf('byustgaltery-kupalnye', 'Купальные бюстгальтеры', 'swimTop', 1.5),
          leaf('plavki', 'Купальные плавки', 'swimBottom', 1.5),
        ],
      },
      {
        slug: 'slitnye',
        name: 'Слитные купальники',
        tags: [{ slug: 'sinie', name: 'Синие слитные купальники', filter: { colors: ['sinij'] } }],
        children: [
          leaf('klassicheskie', 'Классические', 'onePiece', 3, 'Классические слитные купальники'),
          leaf('utyagivayushchie', 'Утягивающие', 'shaping', 1.5, 'Утягивающие купальники'),
          leaf('sportivnye', 'Спортивные', 'sportSwim', 1, 'Спортивные купальники'),
        ],
      },
      leaf('monokini', 'Монокини', 'monokini', 1.5),
      {
        slug: 'plyazhnaya-odezhda',
        name: 'Пляжная одежда',
        children: [
          leaf('tuniki', 'Туники', 'tunic', 1.5, 'Пляжные туники'),
          leaf('pareo', 'Парео', 'pareo', 1),
          leaf('kaftany', 'Кафтаны', 'kaftan', 1, 'Пляжные кафтаны'),
          leaf('plyazhnye-platya', 'Пляжные платья', 'beachDress', 1.5),
        ],
      },
      leaf('dlya-beremennyh', 'Для беременных', 'maternitySwim', 0.6, 'Купальники для беременных'),
      leaf('bolshie-razmery', 'Большие размеры', 'onePiece', 0.8, 'Купальники больших размеров'),
    ],
  },
  {
    slug: 'odezhda',
    name: 'Одежда',
    h1: 'Женская одежда',
    tags: [
      SALE,
      NEW,
      { slug: 'lnyanaya-odezhda', name: 'Льняная одежда', filter: { materials: ['лён'] } },
      { slug: 'do-3000', name: 'Одежда до 3 000 ₽', filter: { price_max: 3000 } },
      { slug: 'mango', name: 'Одежда Mango', filter: { brands: ['mango'] } },
    ],
    children: [
      {
        slug: 'platya',
        name: 'Платья',
        tags: [
          { slug: 'lnyanye', name: 'Льняные платья', filter: { materials: ['лён'] } },
          { slug: 'chernye', name: 'Чёрные платья', filter: { colors: ['chernyj'] } },
        ],
        children: [
          leaf('mini', 'Мини', 'dress', 2, 'Платья мини'),
          leaf('midi', 'Миди', 'dress', 2.5, 'Платья миди'),
          leaf('maksi', 'Макси', 'dress', 2, 'Платья макси'),
        ],
      },
      leaf('futbolki-i-topy', 'Футболки и топы', 'top', 2),
      leaf('bluzki-i-rubashki', 'Блузки и рубашки', 'blouse', 1.5),
      leaf('bryuki', 'Брюки', 'trousers', 1.5),
      leaf('dzhinsy', 'Джинсы', 'jeans', 1.2),
      leaf('shorty', 'Шорты', 'shorts', 1.2),
      {
        slug: 'yubki',
        name: 'Юбки',
        children: [
          leaf('mini', 'Мини', 'skirt', 1, 'Юбки мини'),
          leaf('midi', 'Миди', 'skirt', 1.2, 'Юбки миди'),
          leaf('maksi', 'Макси', 'skirt', 0.8, 'Юбки макси'),
        ],
      },
      leaf('kombinezony', 'Комбинезоны', 'jumpsuit', 0.8),
      leaf('zhakety-i-pidzhaki', 'Жакеты и пиджаки', 'jacket', 1),
      {
        slug: 'verhnyaya-odezhda',
        name: 'Верхняя одежда',
        children: [
          leaf('palto', 'Пальто', 'coat', 1),
          leaf('kurtki', 'Куртки', 'jacketOuter', 1.2),
          leaf('trenchi', 'Тренчи', 'trench', 0.8),
        ],
      },
      {
        slug: 'trikotazh',
        name: 'Трикотаж',
        children: [
          leaf('svitery', 'Свитеры и джемперы', 'sweater', 1.2),
          leaf('kardigany', 'Кардиганы', 'cardigan', 1),
        ],
      },
      leaf('sportivnaya-odezhda', 'Спортивная одежда', 'sportswear', 0.8),
    ],
  },
  {
    slug: 'obuv',
    name: 'Обувь',
    h1: 'Женская обувь',
    tags: [
      SALE,
      NEW,
      { slug: 'kozhanaya-obuv', name: 'Кожаная обувь', filter: { materials: ['кожа'] } },
      { slug: 'ecco', name: 'Обувь Ecco', filter: { brands: ['ecco'] } },
    ],
    children: [
      leaf('sandalii', 'Сандалии', 'sandals', 1.5),
      leaf('bosonozhki', 'Босоножки', 'heelSandals', 1.5),
      leaf('shlepancy', 'Шлёпанцы', 'flipFlops', 1),
      {
        slug: 'tufli',
        name: 'Туфли',
        children: [leaf('lodochki', 'Лодочки', 'pumps', 1, 'Туфли-лодочки'), leaf('baletki', 'Балетки', 'ballet', 1)],
      },
      leaf('krossovki-i-kedy', 'Кроссовки и кеды', 'sneakers', 1.5),
      leaf('botinki', 'Ботинки', 'ankleBoots', 1),
      leaf('sapogi', 'Сапоги', 'highBoots', 0.8),
    ],
  },
  {
    slug: 'aksessuary',
    name: 'Аксессуары',
    h1: 'Женские аксессуары',
    tags: [
      SALE,
      NEW,
      { slug: 'plyazhnye-aksessuary', name: 'Пляжные аксессуары', filter: { materials: ['солома', 'рафия'] } },
      { slug: 'do-2000', name: 'Аксессуары до 2 000 ₽', filter: { price_max: 2000 } },
    ],
    children: [
      {
        slug: 'sumki',
        name: 'Сумки',
        tags: [{ slug: 'kozhanye', name: 'Кожаные сумки', filter: { materials: ['кожа'] } }],
        children: [
          leaf('plyazhnye-sumki', 'Пляжные сумки', 'beachBag', 1.2),
          leaf('sumki-cherez-plecho', 'Сумки через плечо', 'crossbody', 1),
          leaf('shopery', 'Шоперы', 'shopper', 0.8),
        ],
      },
      {
        slug: 'golovnye-ubory',
        name: 'Головные уборы',
        children: [
          leaf('shlyapy', 'Шляпы', 'straw', 1),
          leaf('panamy', 'Панамы', 'panama', 0.8),
          leaf('kepki', 'Кепки', 'cap', 0.6),
        ],
      },
      leaf('solncezashchitnye-ochki', 'Солнцезащитные очки', 'sunglasses', 1.2),
      leaf('ukrasheniya', 'Украшения', 'jewelry', 1),
      leaf('remni', 'Ремни', 'belt', 0.6),
      leaf('platki-i-sharfy', 'Платки и шарфы', 'scarf', 0.8),
    ],
  },
  {
    slug: 'bele',
    name: 'Бельё',
    h1: 'Женское бельё',
    tags: [
      SALE,
      NEW,
      { slug: 'kruzhevnoe-bele', name: 'Кружевное бельё', filter: { materials: ['полиамид'] } },
      { slug: 'intimissimi', name: 'Бельё Intimissimi', filter: { brands: ['intimissimi'] } },
    ],
    children: [
      {
        slug: 'byustgaltery',
        name: 'Бюстгальтеры',
        tags: [{ slug: '75b', name: 'Бюстгальтеры 75B', filter: { sizes: ['75B'] } }],
        children: [
          leaf('push-up', 'Push-up', 'braPush', 1.2, 'Бюстгальтеры push-up'),
          leaf('bez-kostochek', 'Без косточек', 'braSoft', 1, 'Бюстгальтеры без косточек'),
          leaf('bralety', 'Бралеты', 'bralette', 0.8),
        ],
      },
      {
        slug: 'trusy',
        name: 'Трусы',
        children: [
          leaf('slipy', 'Слипы', 'briefs', 1, 'Трусы-слипы'),
          leaf('stringi', 'Стринги', 'thong', 0.8),
          leaf('shorty', 'Шорты', 'boyshorts', 0.6, 'Трусы-шорты'),
        ],
      },
      leaf('komplekty', 'Комплекты', 'lingerieSet', 1, 'Комплекты белья'),
      {
        slug: 'domashnyaya-odezhda',
        name: 'Домашняя одежда',
        children: [
          leaf('pizhamy', 'Пижамы', 'pyjamas', 1),
          leaf('nochnye-sorochki', 'Ночные сорочки', 'nightgown', 0.8),
          leaf('halaty', 'Халаты', 'robe', 0.6),
        ],
      },
      leaf('korrektiruyushchee-bele', 'Корректирующее бельё', 'shapewear', 0.6),
    ],
  },
  {
    slug: 'detskoe',
    name: 'Детское',
    h1: 'Детская одежда и обувь',
    tags: [
      SALE,
      NEW,
      { slug: 'detskie-kupalniki', name: 'Детские купальники Maaji', filter: { brands: ['maaji'] } },
      { slug: 'do-1500', name: 'Детские вещи до 1 500 ₽', filter: { price_max: 1500 } },
    ],
    children: [
      {
        slug: 'dlya-devochek',
        name: 'Для девочек',
        children: [
          leaf('kupalniki', 'Купальники', 'girlsSwim', 1.2, 'Купальники для девочек'),
          leaf('platya', 'Платья и сарафаны', 'girlsDress', 1, 'Платья для девочек'),
          leaf('futbolki', 'Футболки', 'kidsTee', 0.8, 'Футболки для девочек'),
        ],
      },
      {
        slug: 'dlya-malchikov',
        name: 'Для мальчиков',
        children: [
          leaf('plavatelnye-shorty', 'Плавательные шорты', 'boysSwim', 1, 'Плавательные шорты для мальчиков'),
          leaf('futbolki', 'Футболки', 'kidsTee', 0.8, 'Футболки для мальчиков'),
          leaf('shorty', 'Шорты', 'kidsShorts', 0.7, 'Шорты для мальчиков'),
        ],
      },
      leaf('dlya-malyshej', 'Для малышей', 'babyWear', 0.8, 'Одежда для малышей'),
      {
        slug: 'detskaya-obuv',
        name: 'Детская обувь',
        children: [
          leaf('sandalii', 'Сандалии', 'kidsSandals', 1, 'Детские сандалии'),
          leaf('krossovki', 'Кроссовки и кеды', 'kidsSneakers', 1, 'Детские кроссовки и кеды'),
        ],
      },
      leaf('detskie-aksessuary', 'Аксессуары', 'kidsHat', 0.5, 'Детские аксессуары'),
      leaf('shkolnaya-forma', 'Школьная форма', 'school', 0.6),
    ],
  },
  {
    slug: 'muzhskoe',
    name: 'Мужское',
    h1: 'Мужская одежда, обувь и аксессуары',
    tags: [
      SALE,
      NEW,
      { slug: 'lacoste', name: 'Lacoste для мужчин', filter: { brands: ['lacoste'] } },
      { slug: 'lnyanye-veshchi', name: 'Мужские вещи из льна', filter: { materials: ['лён'] } },
    ],
    children: [
      {
        slug: 'odezhda',
        name: 'Одежда',
        h1: 'Мужская одежда',
        children: [
          {
            slug: 'futbolki',
            name: 'Футболки и поло',
            h1: 'Мужские футболки и поло',
            tags: [{ slug: 'belye', name: 'Белые мужские футболки', filter: { colors: ['belyj'] } }],
            children: [
              leaf('polo', 'Поло', 'menPolo', 1, 'Мужские поло'),
              leaf('bazovye', 'Базовые', 'menTee', 1, 'Базовые мужские футболки'),
              leaf('s-printom', 'С принтом', 'menPrintTee', 0.7, 'Мужские футболки с принтом'),
            ],
          },
          {
            slug: 'rubashki',
            name: 'Рубашки',
            h1: 'Мужские рубашки',
            children: [
              leaf('lnyanye', 'Льняные', 'menLinenShirt', 1, 'Мужские льняные рубашки'),
              leaf('klassicheskie', 'Классические', 'menShirt', 0.8, 'Мужские классические рубашки'),
            ],
          },
          leaf('bryuki', 'Брюки и джинсы', 'menTrousers', 1, 'Мужские брюки и джинсы'),
          leaf('shorty', 'Шорты', 'menShorts', 0.8, 'Мужские шорты'),
          leaf('verhnyaya-odezhda', 'Верхняя одежда', 'menOuter', 0.7, 'Мужская верхняя одежда'),
        ],
      },
      {
        slug: 'plyazhnaya-odezhda',
        name: 'Пляжная одежда',
        h1: 'Мужская пляжная одежда',
        children: [
          leaf('plavatelnye-shorty', 'Плавательные шорты', 'menSwim', 1.5, 'Мужские плавательные шорты'),
          leaf('plavki', 'Плавки', 'menTrunks', 0.7, 'Мужские плавки'),
        ],
      },
      {
        slug: 'obuv',
        name: 'Обувь',
        h1: 'Мужская обувь',
        children: [
          leaf('krossovki', 'Кроссовки и кеды', 'menSneakers', 1, 'Мужские кроссовки и кеды'),
          leaf('mokasiny', 'Мокасины и лоферы', 'moccasins', 0.7, 'Мужские мокасины и лоферы'),
          leaf('sandalii', 'Сандалии и шлёпанцы', 'menSandals', 0.7, 'Мужские сандалии и шлёпанцы'),
        ],
      },
      {
        slug: 'aksessuary',
        name: 'Аксессуары',
        h1: 'Мужские аксессуары',
        children: [
          leaf('remni', 'Ремни', 'menBelt', 0.6, 'Мужские ремни'),
          leaf('sumki', 'Сумки', 'menBag', 0.6, 'Мужские сумки'),
          leaf('ochki', 'Солнцезащитные очки', 'menGlasses', 0.6, 'Мужские солнцезащитные очки'),
        ],
      },
      leaf('sportivnaya-odezhda', 'Спортивная одежда', 'menSport', 0.7, 'Мужская спортивная одежда'),
    ],
  },
];
