/**
 * The typed route table: named links and page titles of spec §2 in one place. Every link in the
 * app is built here (`href('sale')`, `href('brands-slug', { slug })`,
 * `href("search", {}, { searchParam })`), and every static page title comes from `routeTitle`.
 *
 * Catalogue pages deeper than a subcategory and product pages use the paths the API returns
 * (`full_path_offer`, category `path`) through `catalogHref` in `lib/catalog-path.ts`.
 */
import { SECTION_NAMES } from './constants';

type RouteDef = { readonly path: string; readonly title: string; readonly query?: readonly string[] };

/** Spec §2 named links (index … cookie) plus the pages that only have titles. */
export const ROUTES = {
  index: { path: '/', title: 'Главная' },
  sale: { path: '/sale', title: 'Распродажа' },
  new: { path: '/new', title: 'Новинки' },
  brands: { path: '/brands', title: 'Бренды' },
  'brands-slug': { path: '/brands/[slug]', title: 'Бренд' },
  /** Landing pages of GET /v1/landing_page/{slug} (issue #3: served at /landing/{slug}). */
  'landing-slug': { path: '/landing/[slug]', title: 'Подборка' },
  kupalniki: { path: '/kupalniki', title: SECTION_NAMES.kupalniki },
  'kupalniki-subCategory': { path: '/kupalniki/[subCategory]', title: SECTION_NAMES.kupalniki },
  odezhda: { path: '/odezhda', title: SECTION_NAMES.odezhda },
  'odezhda-subCategory': { path: '/odezhda/[subCategory]', title: SECTION_NAMES.odezhda },
  obuv: { path: '/obuv', title: SECTION_NAMES.obuv },
  'obuv-subCategory': { path: '/obuv/[subCategory]', title: SECTION_NAMES.obuv },
  aksessuary: { path: '/aksessuary', title: SECTION_NAMES.aksessuary },
  'aksessuary-subCategory': { path: '/aksessuary/[subCategory]', title: SECTION_NAMES.aksessuary },
  bele: { path: '/bele', title: SECTION_NAMES.bele },
  'bele-subCategory': { path: '/bele/[subCategory]', title: SECTION_NAMES.bele },
  detskoe: { path: '/detskoe', title: SECTION_NAMES.detskoe },
  'detskoe-subCategory': { path: '/detskoe/[subCategory]', title: SECTION_NAMES.detskoe },
  muzhskoe: { path: '/muzhskoe', title: SECTION_NAMES.muzhskoe },
  'muzhskoe-subCategory': { path: '/muzhskoe/[subCategory]', title: SECTION_NAMES.muzhskoe },
  search: { path: '/search', title: 'Поиск', query: ['searchParam', 'page'] },
  'delivery-and-payments': { path: '/delivery-and-payments', title: 'Оплата и доставка' },
  profile: { path: '/profile', title: 'Личный кабинет' },
  favorite: { path: '/favorite', title: 'Избранное' },
  basket: { path: '/basket', title: 'Корзина' },
  'basket-delivery': { path: '/basket/delivery', title: 'Оформление заказа' },
  'basket-success': { path: '/basket/success', title: 'Заказ оформлен' },
  news: { path: '/news', title: 'Новости' },
  'news-slug': { path: '/news/[slug]', title: 'Новости' },
  blog: { path: '/blog', title: 'Статьи' },
  'blog-slug': { path: '/blog/[slug]', title: 'Статьи' },
  requisites: { path: '/requisites', title: 'Реквизиты' },
  contacts: { path: '/contacts', title: 'Контакты' },
  'publick-offer': { path: '/publick-offer', title: 'Публичная оферта' },
  'return-goods': { path: '/return-goods', title: 'Возврат товара' },
  'privacy-policy': { path: '/privacy-policy', title: 'Политика конфиденциальности' },
  cookie: { path: '/cookie', title: 'Политика использования cookie' },
  /** Issue #29: the consent document linked from every form that takes personal data. */
  'personal-data-consent': { path: '/personal-data-consent', title: 'Согласие на обработку персональных данных' },
  about: { path: '/about', title: 'О магазине' },
  podarochnye_sertifikaty: { path: '/podarochnye-sertifikaty', title: 'Подарочные сертификаты' },
  address: { path: '/address', title: 'Адреса магазинов' },
  history_order: { path: '/history-order', title: 'История заказов' },
  recovery: { path: '/recovery', title: 'Восстановление пароля' },
  reset: { path: '/reset', title: 'Смена пароля' },
  'reset-token': { path: '/reset/[token]', title: 'Смена пароля' },
  /** Links of the newsletter mails (issue #12 double opt-in); noindex. */
  'subscribe-confirm-token': { path: '/subscribe/confirm/[token]', title: 'Подтверждение подписки' },
  'unsubscribe-token': { path: '/unsubscribe/[token]', title: 'Отписка от рассылки' },
  'history_order-pk': { path: '/history-order/[pk]', title: 'Заказ' },
  order: { path: '/basket/delivery', title: 'Оформление заказа' },
  send: { path: '/send', title: 'Заявка отправлена' },
  card: { path: '/card', title: 'Подарочная карта' },
  discount: { path: '/discount', title: 'Скидки' },
  'rules-discount': { path: '/rules-discount', title: 'Правила скидок' },
  fitting_conditions: { path: '/fitting-conditions', title: 'Условия примерки' },
  payment_sber: { path: '/payment-sber', title: 'Оплата заказа' },
  giftsert: { path: '/giftsert', title: 'Подарочный сертификат' },
  instagram: { path: '/instagram', title: 'Instagram' },
  story: { path: '/story', title: 'История бренда' },
  empty: { path: '/empty', title: 'Страница в разработке' },
  foot: { path: '/', title: 'Информация' },
  '404': { path: '/404', title: 'Ошибка' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

type ParamNames<P extends string> = P extends `${string}[${infer Name}]${infer Rest}` ? Name | ParamNames<Rest> : never;
type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTES)[N]['path']>]: string | number };
type RouteQuery<N extends RouteName> = (typeof ROUTES)[N] extends { query: readonly (infer Q extends string)[] }
  ? Partial<Record<Q, string | number | undefined>>
  : Record<string, string | number | undefined>;

type HrefArgs<N extends RouteName> =
  ParamNames<(typeof ROUTES)[N]['path']> extends never
    ? [params?: Record<string, never>, query?: RouteQuery<N>]
    : [params: RouteParams<N>, query?: RouteQuery<N>];

/**
 * Builds the URL of a named route: `href('brands-slug', { slug: 'maaji' })` → "/brands/maaji",
 * `href('search', {}, { searchParam: 'бикини' })` → "/search?searchParam=%D0%B1…".
 * Params are URL-encoded; empty query values are dropped.
 */
export function href<N extends RouteName>(name: N, ...[params, query]: HrefArgs<N>): string {
  const def: RouteDef = ROUTES[name];
  const values = (params ?? {}) as Record<string, string | number>;
  const path = def.path.replace(/\[(\w+)\]/g, (_, key: string) => encodeURIComponent(String(values[key] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The Russian title of a named route (spec §2 page titles): `routeTitle('basket')` → "Корзина". */
export function routeTitle(name: RouteName): string {
  return ROUTES[name].title;
}

/**
 * A listing page link with `?page=N` (page 1 gets no parameter, so it stays canonical).
 * @param basePath a path without query, e.g. "/kupalniki" or "/sale".
 * @param page 1-based page number.
 */
export function pageHref(basePath: string, page: number, extraQuery?: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(extraQuery ?? {})) {
    if (value) search.set(key, value);
  }
  if (page > 1) search.set('page', String(page));
  const qs = search.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

export { listingHref as catalogHref } from './catalog-path';
