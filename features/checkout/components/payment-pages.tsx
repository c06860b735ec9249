'use client';

/**
 * The pages after the order form (issue #5; spec §2 /basket/delivery/confirm/{guid?},
 * /basket/success, /payment-sber; §3 Order info; §8 "Order info failure: error flag stored"):
 * - {@link ConfirmPage}: the return URL of the acquiring; reads `POST /v1/get_order_info/` (the API
 *   asks the payment provider; polled with TanStack Query's `refetchInterval` while the payment is
 *   pending, issue #17 item 3) and goes to /basket/success when paid, or shows the refusal with a
 *   "pay again" button (a new `POST /v1/order_payment/`);
 *   Issue #29: when the provider takes СБП (`payment_methods`), «Оплатить через СБП» stands next to
 *   the card button; on a desktop the page shows the QR code (an SVG drawn by the server,
 *   app/(shop)/payment-sbp/qr/route.ts) to scan with the bank app, on a phone it opens the
 *   bank-app link; the order is polled every {@link SBP_POLL_MS} until paid, refused or expired;
 * - {@link SuccessPage}: the order number, the order-accepted popup and the purchase event.
 * The sandbox acquiring's own pages are in sandbox-pages.tsx.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Modal } from '@/components/modal/modal';
import { trackPurchase } from '@/lib/analytics';
import { bffRequest, BffRequestError } from '@/lib/api/bff-client';
import { startPayment } from '@/lib/api/checkout-client';
import { OrderPaymentResponse, type OrderInfo } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { QueryIsland } from '@/lib/query-client';
import { href } from '@/lib/routes';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { checkoutKeys, orderInfoQuery, PENDING_POLLS, POLL_MS } from '../api/checkout-queries';
import { formatCountdown, msLeft, sbpQrSrc } from '../utils/sbp';
import styles from './checkout.module.css';
import sbpStyles from './sbp.module.css';

/** Delay between polls of the order while an СБП payment waits for the bank app, ms. */
export const SBP_POLL_MS = 3000;

/** An open СБП attempt as the page shows it. */
type SbpAttempt = NonNullable<OrderInfo['open_payment']>;

/** POST /v1/order_payment/ {guid, method} (issue #29): where to pay and, for СБП on a desktop, the QR content. */
const startPaymentBy = (guid: string, method: 'card' | 'sbp') =>
  bffRequest('POST', '/v1/order_payment/', OrderPaymentResponse, { guid, method });

/**
 * Whether this browser is a phone: a QR code there would be on the very screen that has to scan it,
 * so a phone opens the bank-app link instead (the API decides the same by the request's headers).
 */
function isPhone(): boolean {
  if (typeof navigator === 'undefined') return false;
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return nav.userAgentData?.mobile || /Mobi|Android|iPhone|iPod/i.test(nav.userAgent);
}

/** The open СБП attempt of the order, or the one this visit just started while the order still waits. */
function openSbp(info: OrderInfo | null, started: SbpAttempt | null): SbpAttempt | null {
  if (!info || info.paid || info.status === 'cancelled') return null;
  if (info.open_payment?.method === 'sbp') return info.open_payment;
  return started && info.payment_status === 'pending' ? started : null;
}

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
  const [started, setStarted] = useState<SbpAttempt | null>(null);
  const order = useQuery({
    ...orderInfoQuery(guid),
    // Issue #29: an open СБП payment is polled until paid, refused or expired; a card payment as before.
    refetchInterval: (query) => {
      const data = query.state.data ?? null;
      const sbp = openSbp(data, started);
      if (sbp) return (msLeft(sbp.expires_at, Date.now()) ?? 1) > 0 ? SBP_POLL_MS : false;
      return data?.payment_status === 'pending' && !data.paid && query.state.dataUpdateCount <= PENDING_POLLS
        ? POLL_MS
        : false;
    },
  });
  const [busy, setBusy] = useState<'' | 'card' | 'sbp'>('');
  const [payError, setPayError] = useState('');
  const info = order.data ?? null;
  const sbp = openSbp(info, started);
  // Spec §8: order info failure stores the error flag and empties the delivery list.
  const error = !guid || order.isError;
  const waiting =
    !info ||
    (!sbp &&
      info.payment_status === 'pending' &&
      info.open_payment !== null &&
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

  const pay = async (method: 'card' | 'sbp') => {
    if (!guid) return;
    setBusy(method);
    setPayError('');
    try {
      if (method === 'card') {
        window.location.assign((await startPayment(guid)).form_url);
        return;
      }
      const answer = await startPaymentBy(guid, 'sbp');
      // A phone opens the bank-app link (no QR): the bank app opens, the shopper comes back here.
      if (!answer.qr_payload || isPhone()) {
        window.location.assign(answer.form_url);
        return;
      }
      setStarted({
        method: 'sbp',
        form_url: answer.form_url,
        qr_payload: answer.qr_payload,
        expires_at: answer.expires_at,
      });
      void order.refetch();
      setBusy('');
    } catch (e) {
      setPayError(e instanceof BffRequestError ? e.message : 'Не удалось начать оплату');
      setBusy('');
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
  const offersSbp = info.payment_methods.includes('sbp');
  const buttons = (cardLabel: string) => (
    <div className={sbpStyles.buttons}>
      <button type="button" className={styles.primary} onClick={() => void pay('card')} disabled={busy !== ''}>
        {cardLabel}
      </button>
      {offersSbp ? (
        <button type="button" className={sbpStyles.sbpButton} onClick={() => void pay('sbp')} disabled={busy !== ''}>
          {busy === 'sbp' ? 'Готовим оплату…' : 'Оплатить через СБП'}
        </button>
      ) : null}
    </div>
  );
  const errorLine = payError ? (
    <p className={styles.error} role="alert">
      {payError}
    </p>
  ) : null;
  if (sbp) {
    return (
      <div className={styles.narrow}>
        <SbpPanel
          attempt={sbp}
          number={info.number}
          toPay={info.to_pay}
          restart={() => void pay('sbp')}
          busy={busy !== ''}
        />
        {errorLine}
        <button type="button" className={sbpStyles.linkButton} onClick={() => void pay('card')} disabled={busy !== ''}>
          Оплатить картой
        </button>
      </div>
    );
  }
  // No attempt yet (the order form let the shopper choose): the choice, without a refusal.
  const fresh = info.payment_status === 'pending' && info.open_payment === null;
  return (
    <div className={styles.narrow} data-testid={fresh ? 'payment-choice' : 'payment-failed'}>
      <h2>
        Заказ {info.number} {fresh ? 'ожидает оплаты' : 'не оплачен'}
      </h2>
      {fresh ? null : (
        <p className={styles.error} role="alert">
          {info.payment_error || 'Оплата не завершена'}
        </p>
      )}
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
      {errorLine}
      {buttons(fresh ? 'Оплатить картой' : 'Оплатить ещё раз')}
    </div>
  );
}

/**
 * An open СБП payment: on a desktop its QR code to scan with the bank app, on a phone the link that
 * opens the bank app; a countdown to its expiry, then «Время на оплату истекло» and a new start.
 */
function SbpPanel({
  attempt,
  number,
  toPay,
  restart,
  busy,
}: {
  attempt: SbpAttempt;
  number: string;
  toPay: number;
  restart: () => void;
  busy: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [phone] = useState(isPhone);
  const qr = phone ? '' : attempt.qr_payload;
  const left = msLeft(attempt.expires_at, now);
  const expired = left === 0;
  useEffect(() => {
    if (expired || left === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expired, left]);

  if (expired) {
    return (
      <section className={sbpStyles.panel} aria-labelledby="sbp-title" data-testid="sbp-expired">
        <h2 id="sbp-title">Время на оплату истекло</h2>
        <p>Заказ {number} сохранён. Начните оплату заново — мы подготовим новый QR-код.</p>
        <button type="button" className={sbpStyles.sbpButton} onClick={restart} disabled={busy}>
          Начать оплату заново
        </button>
      </section>
    );
  }
  const countdown = left === null ? null : <strong>{formatCountdown(left)}</strong>;
  return (
    <section className={sbpStyles.panel} aria-labelledby="sbp-title" data-testid="sbp-panel">
      <h2 id="sbp-title">Оплата через СБП</h2>
      <p>
        Заказ {number}, к оплате <strong>{formatPrice(toPay)}</strong>
      </p>
      {qr ? (
        <div className={sbpStyles.qrRow}>
          {/* eslint-disable-next-line @next/next/no-img-element -- an SVG drawn per payment by our route, not an optimisable picture */}
          <img
            className={sbpStyles.qr}
            src={sbpQrSrc(qr)}
            width={232}
            height={232}
            alt="QR-код для оплаты через СБП"
            data-testid="sbp-qr"
          />
          <ol className={sbpStyles.steps}>
            <li>Откройте приложение своего банка на телефоне.</li>
            <li>Выберите оплату по QR-коду и наведите камеру на код.</li>
            <li>Проверьте сумму и подтвердите платёж.</li>
          </ol>
        </div>
      ) : (
        <a className={sbpStyles.sbpButton} href={attempt.form_url}>
          Открыть приложение банка
        </a>
      )}
      <p className={styles.muted} role="status">
        Ждём подтверждения от банка — страница обновится сама.
        {countdown ? <> Осталось {countdown}.</> : null}
      </p>
      {qr ? (
        <p className={styles.muted}>
          Нет телефона под рукой? <a href={attempt.form_url}>Открыть страницу оплаты СБП</a>
        </p>
      ) : null}
    </section>
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
