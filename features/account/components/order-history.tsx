'use client';

/**
 * /history-order and /history-order/{pk} (spec §2, §7 GET /v1/history_order_preview/, POST
 * /v1/history_order_detail/): the user's orders, and one order with its lines, status history,
 * delivery and payment. Another user's order answers 404 → "Заказ не найден".
 */
import { useQuery } from '@tanstack/react-query';
import { BffRequestError } from '@/lib/api/bff-client';
import { formatContentDate, formatOrderDate } from '@/lib/format/date';
import { formatPrice } from '@/lib/format/price';
import { QueryIsland } from '@/lib/query-client';
import { href, routeTitle } from '@/lib/routes';
import { orderQuery, ordersQuery } from '../api/account-queries';
import styles from './account.module.css';
import { RequireUser } from './profile-page';

/** "от 12 апреля 2025", or "5 минут назад" within a day (spec §9 dates; issue #34 item 10). */
function OrderDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatOrderDate(iso)}</time>;
}

function HistoryList({ userId }: { userId: number }) {
  const { data: orders, isError } = useQuery(ordersQuery(userId));
  if (isError) return <p role="alert">Не удалось загрузить заказы. Обновите страницу.</p>;
  if (!orders) return <p role="status">Загружаем заказы…</p>;
  if (orders.length === 0) return <p>Вы ещё ничего не заказывали.</p>;
  return (
    <ul className={styles.orders}>
      {orders.map((o) => (
        <li key={o.pk} className={styles.card} data-testid="order">
          <a href={href('history_order-pk', { pk: o.pk })} className={styles.orderLink}>
            Заказ № {o.number}
          </a>
          <OrderDate iso={o.created_at} />
          <span className={styles.status}>{o.status_name}</span>
          <span>
            {o.items_count} шт. · {formatPrice(o.total)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Detail({ userId, pk }: { userId: number; pk: number }) {
  const { data: order, error: failure } = useQuery(orderQuery(userId, pk));
  const error = failure
    ? failure instanceof BffRequestError && failure.status === 404
      ? 'Заказ не найден'
      : 'Не удалось загрузить заказ. Обновите страницу.'
    : null;
  // The one heading of the page (issue #14: the page said "Заказ" and then "Заказ № …" again).
  if (error || !order) {
    return (
      <>
        <h1>{routeTitle('history_order-pk')}</h1>
        {error ? <p role="alert">{error}</p> : <p role="status">Загружаем заказ…</p>}
      </>
    );
  }
  return (
    <article aria-labelledby="order-title">
      <h1 id="order-title">
        Заказ № {order.number} <OrderDate iso={order.created_at} />
      </h1>
      <p className={styles.status}>{order.status_name}</p>
      <ul className={styles.lines}>
        {order.items.map((line) => (
          <li key={line.id} className={styles.line}>
            {line.image ? (
              // eslint-disable-next-line @next/next/no-img-element -- generated product images, sizes known
              <img src={line.image} alt={`${line.brand} ${line.name}`} width={72} height={96} loading="lazy" />
            ) : null}
            <span>
              {line.full_path_offer ? <a href={line.full_path_offer}>{line.name}</a> : line.name}
              <br />
              <small>{[line.brand, line.color, line.size && `размер ${line.size}`].filter(Boolean).join(' · ')}</small>
            </span>
            <span>
              {line.quantity} × {formatPrice(line.price)}
            </span>
            <strong>{formatPrice(line.total)}</strong>
          </li>
        ))}
      </ul>
      <dl className={styles.summary}>
        <dt>Получатель</dt>
        <dd>
          {order.contact.fio}, {order.contact.email}
          {order.contact.phone ? `, ${order.contact.phone}` : ''}
        </dd>
        <dt>Доставка</dt>
        <dd>
          {order.delivery.method_name}
          {order.delivery.address ? `: ${order.delivery.address}` : ''} —{' '}
          {order.delivery.cost > 0 ? formatPrice(order.delivery.cost) : 'бесплатно'}
        </dd>
        <dt>Оплата</dt>
        <dd>
          {order.payment.method_name}, {order.payment.status_name.toLowerCase()}
        </dd>
        {order.discount > 0 ? (
          <>
            <dt>Скидка{order.promo_code ? ` (${order.promo_code})` : ''}</dt>
            <dd>−{formatPrice(order.discount)}</dd>
          </>
        ) : null}
        <dt>Итого</dt>
        <dd>
          <strong>{formatPrice(order.total)}</strong>
        </dd>
      </dl>
      <h3>История статусов</h3>
      <ol className={styles.history}>
        {order.history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.created_at}>{formatContentDate(h.created_at)}</time> — {h.status_name}
            {h.comment ? `: ${h.comment}` : ''}
          </li>
        ))}
      </ol>
      <a href={href('history_order')}>← Все заказы</a>
    </article>
  );
}

/** The /history-order body. */
export function OrderHistoryPage() {
  return (
    <QueryIsland>
      <RequireUser>{(user) => <HistoryList userId={user.id} />}</RequireUser>
    </QueryIsland>
  );
}

/** The /history-order/{pk} body. */
export function OrderDetailPage({ pk }: { pk: number }) {
  return (
    <QueryIsland>
      <RequireUser>{(user) => <Detail userId={user.id} pk={pk} />}</RequireUser>
    </QueryIsland>
  );
}
