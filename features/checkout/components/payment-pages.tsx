'use client';

/**
 * The pages after the order form (issue #5; spec §2 /basket/delivery/confirm/{guid?},
 * /basket/success, /payment-sber; §3 Order info; §8 "Order info failure: error flag stored"):
 * - {@link ConfirmPage}: the return URL of the acquiring; reads `POST /v1/get_order_info/` (the API
 *   asks the payment provider; polled with TanStack Query's `refetchInterval` while the payment is
 *   pending, issue #17 item 3) and goes to /basket/success when paid, or shows the refusal with a
 *   "pay again" button (a new `POST /v1/order_payment/`);
 * - {@link SuccessPage}: the order number, the order-accepted popup and the purchase event;
 * - {@link SandboxPaymentPage}: the built-in sandbox acquiring's card form.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { trackPurchase } from '@/lib/analytics';
import { BffRequestError } from '@/lib/api/bff-client';
import { fetchSandboxPayment, paySandbox, startPayment } from '@/lib/api/checkout-client';
import { formatPrice } from '@/lib/format/price';
import { QueryIsland } from '@/lib/query-client';
import { href } from '@/lib/routes';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { checkoutKeys, orderInfoQuery, PENDING_POLLS } from '../api/checkout-queries';
import styles from './checkout.module.css';

/** /basket/delivery/confirm/{guid}: see the module docstring. */
export function ConfirmPage({ guid }: { guid: string | null }) {
  return (
    <QueryIsland forgetOnLeave={checkoutKeys.all}>
      <ConfirmStatus guid={guid} />
    </QueryIsland>
  );
}

/** The order's payment status, polled while pending (api/checkout-queries.ts `orderInfoQuery`). */
function ConfirmStatus({ guid }: { guid: string | null }) {
  const router = useRouter();
  const client = useQueryClient();
  const order = useQuery(orderInfoQuery(guid));
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState('');
  const info = order.data ?? null;
  // Spec §8: order info failure stores the error flag and empties the delivery list.
  const error = !guid || order.isError;
  const waiting =
    !info ||
    (info.payment_status === 'pending' &&
      !info.paid &&
      (client.getQueryState(checkoutKeys.orderInfo(guid ?? ''))?.dataUpdateCount ?? 0) <= PENDING_POLLS);

  useEffect(() => {
    if (!info?.paid) return;
    hydrateCheckoutStore();
    const stored = useCheckoutStore.getState().lastOrder;
    if (!stored || stored.guid !== info.guid) {
      useCheckoutStore.getState().orderPlaced({
        number: info.number,
        guid: info.guid,
        total: info.total,
        email: info.contact.email,
        items: info.items_json.map((l) => ({
          id: l.product_id ?? l.id,
          name: l.name,
          price: l.price,
          quantity: l.quantity,
        })),
      });
    }
    router.replace(href('basket-success'));
  }, [info, router]);

  const retry = async () => {
    if (!guid) return;
    setBusy(true);
    setPayError('');
    try {
      window.location.assign((await startPayment(guid)).form_url);
    } catch (e) {
      setPayError(e instanceof BffRequestError ? e.message : 'Не удалось начать оплату');
      setBusy(false);
    }
  };

  if (error) {
    return (
      <div className={styles.narrow} role="alert">
        <p>Не удалось найти заказ. Проверьте ссылку или напишите нам — мы поможем.</p>
        <Link href={href('index')} className={styles.secondary}>
          На главную
        </Link>
      </div>
    );
  }
  if (!info || waiting || info.paid) {
    return (
      <p className={styles.muted} role="status" aria-busy="true">
        Проверяем оплату…
      </p>
    );
  }
  if (info.status === 'cancelled') {
    // Issue #13: the reservation expired; its goods are back on sale, so no "pay again".
    return (
      <div className={styles.narrow} data-testid="order-cancelled">
        <h2>Заказ {info.number} отменён</h2>
        <p role="alert">
          {info.payment_status === 'refund_required'
            ? 'Оплата поступила после отмены заказа, а товара уже нет в наличии. Мы вернём деньги на карту.'
            : 'Время на оплату истекло, товары вернулись в продажу. Оформите заказ заново.'}
        </p>
        <Link href={href('basket')} className={styles.primary}>
          Перейти в корзину
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.narrow} data-testid="payment-failed">
      <h2>Заказ {info.number} не оплачен</h2>
      <p className={styles.error} role="alert">
        {info.payment_error || 'Оплата не завершена'}
      </p>
      <p>
        Заказ сохранён, товары зарезервированы. К оплате: <strong>{formatPrice(info.to_pay)}</strong>
      </p>
      <ul className={styles.lines}>
        {info.items_json.map((l) => (
          <li key={l.id} className={styles.row}>
            <span>
              {l.name} × {l.quantity}
            </span>
            <span>{formatPrice(l.total)}</span>
          </li>
        ))}
      </ul>
      {payError ? (
        <p className={styles.error} role="alert">
          {payError}
        </p>
      ) : null}
      <button type="button" className={styles.primary} onClick={() => void retry()} disabled={busy}>
        Оплатить ещё раз
      </button>
    </div>
  );
}

/** /basket/success: the order number, the emptied basket, the order-accepted popup (spec §2). */
export function SuccessPage() {
  const lastOrder = useCheckoutStore((s) => s.lastOrder);
  const open = usePopupsStore((s) => s.open.has('orderAccepted'));

  useEffect(() => {
    hydrateCheckoutStore();
    hydrateBasketStore();
    void useBasketStore.getState().init({ force: true });
    const { lastOrder: order, orderPopupShown } = useCheckoutStore.getState();
    if (!order || orderPopupShown) return;
    trackPurchase(order.number, order.items, order.total);
    useCheckoutStore.getState().setOrderPopupShown(true);
    // After the route-change close of every popup (features/popups route effects).
    queueMicrotask(() => usePopupsStore.getState().openPopup('orderAccepted'));
  }, []);

  return (
    <div className={styles.narrow} data-testid="order-success">
      {lastOrder ? (
        <>
          <p>
            Номер заказа: <strong data-testid="order-number">{lastOrder.number}</strong>
          </p>
          <p>
            Письмо с составом заказа отправлено на {lastOrder.email}. Сумма заказа: {formatPrice(lastOrder.total)}.
          </p>
        </>
      ) : (
        <p>Спасибо за заказ!</p>
      )}
      <Link href={href('index')} className={styles.secondary}>
        Продолжить покупки
      </Link>
      <Modal open={open} onClose={() => usePopupsStore.getState().closePopup('orderAccepted')} title="Заказ принят">
        <p>
          Спасибо! Ваш заказ {lastOrder ? <strong>{lastOrder.number}</strong> : null} принят. Менеджер свяжется с вами
          для подтверждения.
        </p>
        <button
          type="button"
          className={styles.primary}
          onClick={() => usePopupsStore.getState().closePopup('orderAccepted')}
        >
          Хорошо
        </button>
      </Modal>
    </div>
  );
}

/** Groups the card number by four digits as the shopper types. */
function groupPan(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** /payment-sber?orderId=…: the sandbox acquiring's card form (services/payments/sandbox.ts rules). */
export function SandboxPaymentPage({ orderId }: { orderId: string | null }) {
  const [payment, setPayment] = useState<{
    amount: number;
    description: string;
    status: string;
    return_url: string;
  } | null>(null);
  const [fetchError, setLoadError] = useState('');
  const loadError = orderId ? fetchError : 'Платёж не найден';
  const [form, setForm] = useState({ pan: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    fetchSandboxPayment(orderId)
      .then((r) => setPayment(r.payment))
      .catch((e: unknown) => setLoadError(e instanceof BffRequestError ? e.message : 'Платёж не найден'));
  }, [orderId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!orderId) return;
    setBusy(true);
    setMessage('');
    try {
      const answer = await paySandbox({ id: orderId, ...form });
      setMessage(answer.message);
      window.location.assign(answer.redirect_url);
    } catch (e) {
      setErrors(e instanceof BffRequestError ? { ...e.errors } : {});
      setMessage(e instanceof BffRequestError ? e.message : 'Не удалось провести платёж');
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <p className={styles.error} role="alert">
        {loadError}
      </p>
    );
  }
  if (!payment) return <p className={styles.muted}>Загружаем платёж…</p>;
  if (payment.status !== 'created') {
    return (
      <div className={styles.narrow}>
        <p>Этот платёж уже завершён.</p>
        <a href={payment.return_url} className={styles.secondary}>
          Вернуться в магазин
        </a>
      </div>
    );
  }
  return (
    <form className={styles.narrow} onSubmit={submit} noValidate aria-label="Оплата картой">
      <p className={styles.sandboxNote}>
        Тестовый платёжный шлюз: карта 4111 1111 1111 1111 — оплата проходит, 4000 0000 0000 0002 — банк отклоняет
        платёж. Деньги не списываются.
      </p>
      <p>{payment.description}</p>
      <p>
        Сумма: <strong data-testid="sandbox-amount">{formatPrice(payment.amount)}</strong>
      </p>
      <FormField label="Номер карты" error={errors.pan}>
        <input
          value={form.pan}
          onChange={(e) => setForm({ ...form, pan: groupPan(e.target.value) })}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
        />
      </FormField>
      <div className={styles.grid2}>
        <FormField label="Срок действия (ММ/ГГ)" error={errors.expiry}>
          <input
            value={form.expiry}
            onChange={(e) => setForm({ ...form, expiry: e.target.value })}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
          />
        </FormField>
        <FormField label="CVC" error={errors.cvc}>
          <input
            value={form.cvc}
            onChange={(e) => setForm({ ...form, cvc: e.target.value })}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={3}
          />
        </FormField>
      </div>
      {message ? (
        <p className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        Оплатить {formatPrice(payment.amount)}
      </button>
    </form>
  );
}
