'use client';

/**
 * The sandbox acquiring's pages (issue #5; issue #29), apart from the shop's payment pages so the
 * confirm page does not carry them:
 * - {@link SandboxPaymentPage}: /payment-sber, the card form;
 * - {@link SandboxSbpPage}: /payment-sbp, the simulated СБП bank app;
 * both show the 54-ФЗ receipt the shop registered with the payment ({@link ReceiptView}).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/form-field';
import { bffRequest, BffRequestError } from '@/lib/api/bff-client';
import { fetchSandboxPayment, paySandbox } from '@/lib/api/checkout-client';
import { SandboxPayResponse, type SandboxPayment as SandboxPaymentSchema } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { MODE_LABELS, SUBJECT_LABELS, TAX_SYSTEM_LABELS, vatLabel } from '../utils/sbp';
import styles from './checkout.module.css';
import sbpStyles from './sbp.module.css';
import type { z } from 'zod';

/** A sandbox payment as its pages show it (with the registered receipt). */
type SandboxPayment = z.infer<typeof SandboxPaymentSchema>;

/** Groups the card number by four digits as the shopper types. */
function groupPan(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Loads the sandbox payment `orderId` (`GET /v1/sandbox_acquiring/payment/`) for both pages. */
function useSandboxPayment(orderId: string | null) {
  const [payment, setPayment] = useState<SandboxPayment | null>(null);
  const [fetchError, setLoadError] = useState('');
  useEffect(() => {
    if (!orderId) return;
    fetchSandboxPayment(orderId)
      .then((r) => setPayment(r.payment))
      .catch((e: unknown) => setLoadError(e instanceof BffRequestError ? e.message : 'Платёж не найден'));
  }, [orderId]);
  return { payment, loadError: orderId ? fetchError : 'Платёж не найден' };
}

/**
 * Sends the shopper's decision: on success shows the acquirer's message and goes to its
 * `redirect_url` (the shop's confirm page); on failure shows the error and calls `onError`.
 */
function useSandboxDecision() {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (
    call: () => Promise<{ message: string; redirect_url: string }>,
    onError?: (e: unknown) => void,
  ) => {
    setBusy(true);
    setMessage('');
    try {
      const answer = await call();
      setMessage(answer.message);
      window.location.assign(answer.redirect_url);
    } catch (e) {
      onError?.(e);
      setMessage(e instanceof BffRequestError ? e.message : 'Не удалось провести платёж');
      setBusy(false);
    }
  };
  return { message, busy, run };
}

/** The load error, or «Загружаем платёж…» while the payment loads; null once it is there. */
function LoadState({ payment, loadError }: { payment: SandboxPayment | null; loadError: string }) {
  if (loadError) {
    return (
      <p className={styles.error} role="alert">
        {loadError}
      </p>
    );
  }
  return payment ? null : <p className={styles.muted}>Загружаем платёж…</p>;
}

/** What a finished payment's page shows: that it is finished, and the way back to the shop. */
function PaymentFinished({ payment }: { payment: SandboxPayment }) {
  return (
    <div className={styles.narrow}>
      <p>Этот платёж уже завершён.</p>
      <a href={payment.return_url} className={styles.secondary}>
        Вернуться в магазин
      </a>
    </div>
  );
}

/** /payment-sber?orderId=…: the sandbox acquiring's card form (services/payments/sandbox.ts rules). */
export function SandboxPaymentPage({ orderId }: { orderId: string | null }) {
  const { payment, loadError } = useSandboxPayment(orderId);
  const [form, setForm] = useState({ pan: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { message, busy, run } = useSandboxDecision();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!orderId) return;
    await run(
      () => paySandbox({ id: orderId, ...form }),
      (e) => setErrors(e instanceof BffRequestError ? { ...e.errors } : {}),
    );
  };

  if (loadError || !payment) return <LoadState payment={payment} loadError={loadError} />;
  if (payment.status !== 'created') return <PaymentFinished payment={payment} />;
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
      <ReceiptView receipt={payment.receipt} />
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

/**
 * The 54-ФЗ receipt the shop registered with a sandbox payment (issue #29): lines with quantity,
 * price, VAT, payment subject and mode, the buyer's contact, the tax system and the total — what a
 * real acquirer would hand to its cash register.
 */
export function ReceiptView({ receipt }: { receipt: SandboxPayment['receipt'] }) {
  if (!receipt) return null;
  return (
    <section className={sbpStyles.receipt} aria-labelledby="receipt-title" data-testid="sandbox-receipt">
      <h2 id="receipt-title" className={sbpStyles.receiptTitle}>
        Чек, который магазин передал в кассу
      </h2>
      <p className={styles.muted}>
        {receipt.type === 'refund' ? 'Возврат прихода' : 'Приход'} · {TAX_SYSTEM_LABELS[receipt.taxSystem]} · чек придёт
        на {receipt.customer.email || receipt.customer.phone || '—'}
      </p>
      <ul className={sbpStyles.receiptLines}>
        {receipt.items.map((item, i) => (
          <li key={`${item.orderItemId}-${i}`}>
            <div className={styles.row}>
              <span>{item.name}</span>
              <strong>{formatPrice(item.amount)}</strong>
            </div>
            <p className={styles.muted}>
              {item.quantity} × {formatPrice(item.price)} · {vatLabel(item.vat)} · {SUBJECT_LABELS[item.subject]} ·{' '}
              {MODE_LABELS[item.mode]}
            </p>
          </li>
        ))}
      </ul>
      <div className={`${styles.row} ${styles.total}`}>
        <span>Итого</span>
        <span data-testid="receipt-total">{formatPrice(receipt.total)}</span>
      </div>
    </section>
  );
}

/**
 * /payment-sbp?orderId=…: the sandbox's simulated СБП bank app (issue #29): the amount, the
 * receipt, and «Оплатить» / «Отклонить» as the shopper's bank would offer them
 * (`POST /v1/sandbox_acquiring/sbp/`); then back to the shop's confirm page.
 */
export function SandboxSbpPage({ orderId }: { orderId: string | null }) {
  const { payment, loadError } = useSandboxPayment(orderId);
  const { message, busy, run } = useSandboxDecision();

  const decide = async (action: 'pay' | 'decline') => {
    if (!orderId) return;
    await run(() => bffRequest('POST', '/v1/sandbox_acquiring/sbp/', SandboxPayResponse, { id: orderId, action }));
  };

  if (loadError || !payment) return <LoadState payment={payment} loadError={loadError} />;
  if (payment.method !== 'sbp') {
    return (
      <p className={styles.error} role="alert">
        Этот платёж оплачивается картой.{' '}
        <a href={`/payment-sber?orderId=${encodeURIComponent(payment.id)}`}>Перейти к оплате картой</a>
      </p>
    );
  }
  if (payment.status !== 'created') return <PaymentFinished payment={payment} />;
  return (
    <div className={styles.narrow} aria-label="Оплата через СБП">
      <p className={styles.sandboxNote}>
        Тестовая страница СБП: так подтверждают платёж в приложении банка. Деньги не списываются.
      </p>
      <p>{payment.description}</p>
      <p>
        Сумма: <strong data-testid="sandbox-amount">{formatPrice(payment.amount)}</strong>
      </p>
      <ReceiptView receipt={payment.receipt} />
      {message ? (
        <p className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
      <div className={sbpStyles.buttons}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void decide('pay')}>
          Оплатить
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void decide('decline')}>
          Отклонить
        </button>
      </div>
    </div>
  );
}
