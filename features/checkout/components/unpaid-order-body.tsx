'use client';

/**
 * The unpaid order of this browser (issue #34 item 9; features/checkout/components/
 * unpaid-order-notice.tsx): number, sum to pay, the last refusal and until when the goods are held,
 * with «Оплатить» leading to its confirm page (/basket/delivery/confirm/{guid}). Nothing is shown
 * once it is paid, cancelled or no longer held, or when the order cannot be read.
 */
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@/lib/format/price';
import { QueryIsland } from '@/lib/query-client';
import { orderInfoQuery } from '../api/checkout-queries';
import styles from './checkout.module.css';

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** Whether an order is still waiting for this shopper's payment at `now` (ms). Exported for tests. */
export function isAwaitingPayment(
  info: { paid: boolean; held_until?: string | null; to_pay: number } | undefined,
  now: number,
): boolean {
  if (!info || info.paid || !info.held_until || info.to_pay <= 0) return false;
  return Date.parse(info.held_until) > now;
}

function Body({ guid }: { guid: string }) {
  // One read, no polling: the confirm page polls while a payment is under way.
  const { data, dataUpdatedAt } = useQuery({ ...orderInfoQuery(guid), refetchInterval: false });
  if (!data || !isAwaitingPayment(data, dataUpdatedAt)) return null;
  return (
    <section className={styles.unpaid} aria-labelledby="unpaid-order-title" data-testid="unpaid-order">
      <h2 id="unpaid-order-title" className={styles.unpaidTitle}>
        Заказ № {data.number} ждёт оплаты
      </h2>
      <p>
        {data.payment_error ? `${data.payment_error}. ` : ''}К оплате {formatPrice(data.to_pay)}. Товары закреплены за
        вами до {timeFormat.format(new Date(data.held_until!))}, потом заказ отменится.
      </p>
      {/* A full load: the confirm page starts the payment afresh, as after the bank's page. */}
      <a href={`/basket/delivery/confirm/${data.guid}`} className="button" rel="nofollow" data-full-load>
        Оплатить
      </a>
    </section>
  );
}

/** See the module docstring. `guid`: the order's secret link, from this browser's lkData. */
export function UnpaidOrderBody({ guid }: { guid: string }) {
  return (
    <QueryIsland>
      <Body guid={guid} />
    </QueryIsland>
  );
}
