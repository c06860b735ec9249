/**
 * Texts of the shopper notices' mails (issue #33 items 2–3), beside the order and newsletter mails
 * (order-mail.ts, newsletter-mail.ts). Links are built by the caller from SITE_URL only.
 */
import type { MailMessage } from './mail';

/**
 * The double opt-in mail of a guest's back-in-stock request (152-ФЗ art. 9: the owner of the
 * address confirms it; nobody can make the shop write to a stranger more than this once).
 * @param confirm absolute URL `${SITE_URL}/notify/confirm/<token>`, valid `ttlHours`.
 */
export function stockNoticeConfirmationMail(
  to: string,
  item: { name: string; size: string },
  confirm: string,
  ttlHours: number,
): MailMessage {
  const text = [
    'Здравствуйте!',
    '',
    `Кто-то — надеемся, что вы — попросил сообщить на этот адрес, когда появится «${item.name}» в размере ${item.size}.`,
    'Чтобы подтвердить адрес, откройте ссылку и нажмите «Подтвердить»:',
    confirm,
    '',
    `Ссылка действует ${ttlHours} ч. Если вы ничего не просили, просто не открывайте её: без подтверждения мы не напишем.`,
  ].join('\n');
  return { to, subject: 'Подтвердите адрес для сообщения о поступлении', text };
}

/** One size back in stock, for {@link backInStockMail}. */
export interface BackInStockLine {
  name: string;
  brand: string;
  color: string;
  size: string;
  /** Rubles. */
  price: number;
  /** Absolute URL of the product page with the size chosen (`?size=` / `?top=` / `?bottom=`). */
  url: string;
}

const rub = (value: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 }).format(value);

/**
 * The one mail a subscriber gets when sizes they wait for come back (all of a round in one mail).
 * It is the service the shopper asked for, not advertising (38-ФЗ art. 18 does not apply): it
 * names only the awaited sizes and says the subscription has ended.
 */
export function backInStockMail(to: string, lines: readonly BackInStockLine[]): MailMessage {
  const first = lines[0]!;
  const text = [
    'Здравствуйте!',
    '',
    lines.length === 1 ? 'Размер, который вы ждали, снова в наличии:' : 'Размеры, которые вы ждали, снова в наличии:',
    '',
    ...lines.flatMap((l) => [`${l.brand} — ${l.name}, ${l.color}, размер ${l.size}, ${rub(l.price)}`, l.url, '']),
    'Количество ограничено: размер может снова закончиться.',
    'Это единственное письмо по этой подписке: она завершена. Подписаться снова можно на странице товара.',
  ].join('\n');
  const subject =
    lines.length === 1
      ? `Снова в наличии: ${first.name}, размер ${first.size}`
      : `Снова в наличии: ${lines.length} размера из вашего списка`;
  return { to, subject, text };
}

/** One favourite whose price fell, for {@link priceDropMail}. */
export interface PriceDropLine {
  name: string;
  brand: string;
  /** Rubles: the price the shopper saw. */
  was: number;
  /** Rubles: the price now. */
  now: number;
  url: string;
}

/**
 * The daily price-drop mail of favourites (issue #33 item 3). Advertising in the sense of 38-ФЗ
 * art. 3, so it goes only to confirmed newsletter subscribers (art. 18 part 1) and carries the
 * unsubscribe link that ends that consent.
 * @param unsubscribe absolute URL `${SITE_URL}/unsubscribe/<token>` of the newsletter.
 */
export function priceDropMail(to: string, lines: readonly PriceDropLine[], unsubscribe: string): MailMessage {
  const text = [
    'Здравствуйте!',
    '',
    'Цены на товары из вашего избранного снизились:',
    '',
    ...lines.flatMap((l) => [
      `${l.brand} — ${l.name}: было ${rub(l.was)}, стало ${rub(l.now)} (−${Math.round((1 - l.now / l.was) * 100)} %)`,
      l.url,
      '',
    ]),
    'Вы получаете это письмо, потому что подписались на рассылку магазина. Не чаще одного письма в день.',
    `Отписаться от рассылки: ${unsubscribe}`,
  ].join('\n');
  return { to, subject: 'Цены на избранное снизились', text };
}
