/**
 * /giftsert (spec §2 static pages; issue #14 item 10): how the shop's gift certificates work,
 * linked as "Как это работает" from /podarochnye-sertifikaty. The spec gives no text; this one
 * states the shop's own rules (server/services/gift-cards.ts, seed nominals): electronic, code by
 * e-mail after payment, valid one year, pays all or part of an order, the rest stays on it.
 */
import Link from 'next/link';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: routeTitle('giftsert'),
  description:
    'Как купить электронный подарочный сертификат и оплатить им заказ: код на e-mail, срок действия год, остаток сохраняется.',
  alternates: { canonical: href('giftsert') },
};

/** The explanation page. */
export default function GiftsertRoute() {
  return (
    <article className="container" style={{ maxWidth: 760 }}>
      <Breadcrumbs
        items={[
          { name: routeTitle('podarochnye_sertifikaty'), href: href('podarochnye_sertifikaty') },
          { name: routeTitle('giftsert'), href: href('giftsert') },
        ]}
      />
      <h1>Как работает подарочный сертификат</h1>
      <p>
        Подарочный сертификат — электронный. Его получатель сам выберет купальник, одежду или обувь в нашем магазине.
      </p>
      <h2>Как купить</h2>
      <ol>
        <li>
          Выберите номинал на странице <Link href={href('podarochnye_sertifikaty')}>«Подарочные сертификаты»</Link> и
          добавьте его в корзину.
        </li>
        <li>Оформите и оплатите заказ банковской картой.</li>
        <li>
          Сразу после оплаты код сертификата придёт на e-mail, указанный в заказе. Перешлите его тому, кому дарите.
        </li>
      </ol>
      <h2>Как оплатить заказ</h2>
      <ol>
        <li>Положите товары в корзину и перейдите к оформлению заказа.</li>
        <li>
          В поле «Код подарочного сертификата» введите код и нажмите «Применить сертификат». Сумма сертификата вычтется
          из суммы заказа.
        </li>
        <li>Если заказ дороже сертификата, разницу оплатите банковской картой.</li>
        <li>
          Если заказ дешевле, остаток сохранится на сертификате: его можно потратить в следующих заказах тем же кодом.
        </li>
      </ol>
      <h2>Условия</h2>
      <ul>
        <li>Сертификат действует один год со дня покупки.</li>
        <li>Одним сертификатом можно оплатить несколько заказов, пока на нём есть средства.</li>
        <li>
          Если код не принимается, проверьте его написание и срок действия: после окончания срока сертификат не
          действует.
        </li>
      </ul>
    </article>
  );
}
