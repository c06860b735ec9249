/**
 * Gift certificates sold as products (issue #5; spec §2 /podarochnye-sertifikaty/{slug?},
 * /giftsert explains them): the list of nominals and one nominal's page with "В корзину", which
 * puts its ext_id into the basket (spec §3 giftCardExtId). Server-rendered: complete HTML without
 * JavaScript; only the button is a client island.
 */
import Link from 'next/link';
import type { GiftCardNominal } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { href } from '@/lib/routes';
import styles from './checkout.module.css';
import { GiftCardBuyButton } from './gift-card-buy-button';

/** The nominals as cards linking to their pages. */
export function GiftNominalList({ nominals }: { nominals: GiftCardNominal[] }) {
  if (nominals.length === 0) return <p>Сертификаты временно недоступны.</p>;
  return (
    <>
      <p>
        Подарочный сертификат — электронный: код придёт на e-mail сразу после оплаты. Им можно оплатить весь заказ или
        его часть, остаток сохранится. <Link href={href('giftsert')}>Как это работает</Link>
      </p>
      <ul className={styles.cards}>
        {nominals.map((n) => (
          <li key={n.ext_id}>
            <Link href={`${href('podarochnye_sertifikaty')}/${n.slug}`} className={styles.card}>
              <span className={styles.muted}>Подарочный сертификат</span>
              <span className={styles.cardAmount}>{formatPrice(n.amount)}</span>
              <span>{n.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One nominal with its description and the buy button. */
export function GiftNominalView({ nominal }: { nominal: GiftCardNominal }) {
  return (
    <div className={styles.narrow}>
      <div className={styles.card} aria-hidden="true">
        <span className={styles.muted}>Подарочный сертификат</span>
        <span className={styles.cardAmount}>{formatPrice(nominal.amount)}</span>
      </div>
      <p>{nominal.description}</p>
      <p>
        Цена: <strong>{formatPrice(nominal.amount)}</strong>
      </p>
      <GiftCardBuyButton extId={nominal.ext_id} />
    </div>
  );
}
