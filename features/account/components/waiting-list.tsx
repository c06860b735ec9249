'use client';

/**
 * «Ожидаю поступления» in the profile (issue #33 item 2): the shopper's open back-in-stock
 * subscriptions (GET /v1/stock-notices/), each with its product link (the size chosen) and
 * «Удалить» (DELETE /v1/stock-notices/{id}/, applied after the server confirms). Hidden while
 * the list is empty.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffRequest } from '@/lib/api/bff-client';
import { StockNoticeList } from '@/lib/api/contract/notices';
import { accountKeys } from '../api/account-queries';
import styles from './account.module.css';

/** GET /v1/stock-notices/ of user `userId`. @throws BffRequestError. */
export const stockNoticesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...accountKeys.user(userId), 'stock-notices'] as const,
    queryFn: ({ signal }) =>
      bffRequest('GET', '/v1/stock-notices/', StockNoticeList, undefined, { signal }).then((a) => a.results),
  });

/** The profile card; see the module docstring. */
export function WaitingList({ userId }: { userId: number }) {
  const client = useQueryClient();
  const query = useQuery(stockNoticesQuery(userId));
  const remove = useMutation({
    mutationFn: (id: number) =>
      bffRequest('DELETE', `/v1/stock-notices/${id}/`, StockNoticeList).then((a) => a.results),
    onSuccess: (results) => client.setQueryData(stockNoticesQuery(userId).queryKey, results),
  });
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="waiting-title">
      <h2 id="waiting-title">Ожидаю поступления</h2>
      <ul className={styles.waitingList}>
        {items.map((item) => (
          <li key={item.id} className={styles.waitingItem}>
            <a href={item.path}>
              {item.brand} — {item.name}
            </a>
            <span className={styles.waitingMeta}>
              {item.color}, размер {item.size}
              {item.confirmed ? '' : ' · ждёт подтверждения адреса'}
            </span>
            <button
              type="button"
              className="button button-outline"
              disabled={remove.isPending && remove.variables === item.id}
              onClick={() => remove.mutate(item.id)}
              aria-label={`Удалить подписку: ${item.name}, размер ${item.size}`}
            >
              Удалить
            </button>
          </li>
        ))}
      </ul>
      {remove.isError ? (
        <p role="alert" className={styles.error}>
          {remove.error.message}
        </p>
      ) : null}
    </section>
  );
}
