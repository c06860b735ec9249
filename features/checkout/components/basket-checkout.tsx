'use client';

/**
 * The checkout parts of /basket (issue #5; spec §2 checkout popups, §4 Popups, §6 Roles): the
 * promo code field (`POST /v1/promo_code/`), the gift certificate in the basket (spec §3
 * giftCardExtId, `POST /v1/gift/card/data/`), the "Оформить заказ" button that gives a guest the
 * checkout choice popup, and that popup (log in, register, or continue anonymously with fio,
 * e-mail and phone → /basket/delivery).
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { BffRequestError } from '@/lib/api/bff-client';
import { checkPromoCode } from '@/lib/api/checkout-client';
import { formatPrice } from '@/lib/format/price';
import { href } from '@/lib/routes';
import { useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './checkout.module.css';

/**
 * "Оформить заказ": a logged-in or already anonymous shopper goes to /basket/delivery, a guest
 * gets the checkout choice popup (spec §4). Without JavaScript it is a plain link.
 */
export function BasketCheckoutButton({ className }: { className?: string }) {
  const user = useSessionStore((s) => s.user);
  const anonymous = useSessionStore((s) => s.anonymous);
  const openPopup = usePopupsStore((s) => s.openPopup);
  return (
    <Link
      href={href('basket-delivery')}
      className={className ?? styles.primary}
      data-testid="basket-checkout"
      onClick={(event) => {
        if (user || anonymous) return;
        event.preventDefault();
        openPopup('checkoutChoice');
      }}
    >
      Оформить заказ
    </Link>
  );
}

/** Promo code field: applies the code to the basket or shows the server's refusal. */
export function PromoCodeField() {
  const promoCode = useCheckoutStore((s) => s.promoCode);
  const setPromoCode = useCheckoutStore((s) => s.setPromoCode);
  const basketTotal = useBasketStore((s) => s.total);
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ discount: number; total: number; message: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // "code:total" the shown result belongs to, so a re-check runs only when the goods change.
  const checkedFor = useRef('');

  const apply = async (code: string) => {
    setBusy(true);
    setError('');
    try {
      const answer = await checkPromoCode(code);
      checkedFor.current = `${answer.promo_code}:${answer.items_total}`;
      setResult({ discount: answer.discount, total: answer.total, message: answer.message });
      setPromoCode(answer.promo_code, { itemsTotal: answer.items_total, total: answer.total });
    } catch (e) {
      // Only the server's refusal drops the code; a lost request (navigation, network) keeps it.
      if (e instanceof BffRequestError && e.status >= 400 && e.status < 500) {
        setResult(null);
        setPromoCode(null);
        setError(e.message);
      } else if (!(e instanceof BffRequestError) || e.status !== 0) {
        setError('Не удалось проверить промокод');
      }
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    hydrateCheckoutStore();
  }, []);
  // Re-check a stored code whenever the basket total changes (the discount follows the goods).
  useEffect(() => {
    if (promoCode && basketTotal > 0 && checkedFor.current !== `${promoCode}:${basketTotal}`)
      void Promise.resolve(promoCode).then(apply);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply is recreated every render
  }, [promoCode, basketTotal]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError('Введите промокод');
      return;
    }
    void apply(value);
  };

  return (
    <form className={styles.block} onSubmit={submit} data-testid="promo-form">
      <label htmlFor="promo-code-input" className={styles.muted}>
        Промокод
      </label>
      <div className={styles.inline}>
        <input
          id="promo-code-input"
          className={styles.input}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby="promo-code-note"
        />
        <button type="submit" className={styles.secondary} disabled={busy}>
          Применить
        </button>
      </div>
      <div id="promo-code-note" aria-live="polite">
        {error ? (
          <p className={styles.error} role="alert" data-testid="promo-error">
            {error}
          </p>
        ) : result && promoCode ? (
          <div data-testid="promo-result">
            <p className={styles.ok}>
              {result.message} ({promoCode})
            </p>
            <p className={styles.row}>
              <span>Скидка</span>
              <span data-testid="promo-discount">−{formatPrice(result.discount)}</span>
            </p>
            <p className={styles.row}>
              <span>Итого со скидкой</span>
              <span data-testid="promo-total">{formatPrice(result.total)}</span>
            </p>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setPromoCode(null);
                setResult(null);
              }}
            >
              Убрать промокод
            </button>
          </div>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The gift certificate put into the basket from /podarochnye-sertifikaty (spec §3 giftCardExtId,
 * giftCardInBasketData; §4 a change reloads it; §8 a failed lookup resets it).
 */
export function GiftCardInBasket() {
  const extId = useCheckoutStore((s) => s.giftCardExtId);
  const data = useCheckoutStore((s) => s.giftCardInBasketData);
  const setGiftCardExtId = useCheckoutStore((s) => s.setGiftCardExtId);
  const basketCount = useBasketStore((s) => s.count);
  const basketInited = useBasketStore((s) => s.basketInited);

  useEffect(() => {
    hydrateCheckoutStore();
    void useCheckoutStore.getState().loadGiftCard();
  }, [extId]);

  if (!extId || !data) return null;
  return (
    <section className={styles.certificate} aria-label="Подарочный сертификат в корзине" data-testid="basket-gift-card">
      <strong>{data.name}</strong>
      <span className={styles.muted}>Электронный сертификат, код придёт на e-mail после оплаты</span>
      <span>{formatPrice(data.amount)}</span>
      <div className={styles.inline}>
        <button type="button" className={styles.secondary} onClick={() => void setGiftCardExtId(null)}>
          Удалить сертификат
        </button>
        {basketInited && basketCount === 0 ? <BasketCheckoutButton className={styles.secondary} /> : null}
      </div>
    </section>
  );
}

/**
 * The checkout choice popup (spec §2, §4): log in, register, or continue anonymously; the last
 * stores fio, e-mail and phone (spec §3 Anonymous checkout data), marks the session anonymous and
 * opens /basket/delivery. A login or registration closes it; the shopper then presses the button again.
 */
export function CheckoutChoicePopup() {
  const open = usePopupsStore((s) => s.open.has('checkoutChoice'));
  const closePopup = usePopupsStore((s) => s.closePopup);
  const openPopup = usePopupsStore((s) => s.openPopup);
  const user = useSessionStore((s) => s.user);

  useEffect(() => {
    hydrateCheckoutStore();
  }, []);

  return (
    <Modal open={!user && open} onClose={() => closePopup('checkoutChoice')} title="Оформление заказа">
      <div className={styles.choice}>
        <p className={styles.muted}>
          Войдите, чтобы копить бонусы и видеть историю заказов, или оформите заказ без регистрации.
        </p>
        <div className={styles.inline}>
          <button type="button" className={styles.secondary} onClick={() => openPopup('login')}>
            Войти
          </button>
          <button type="button" className={styles.secondary} onClick={() => openPopup('registration')}>
            Зарегистрироваться
          </button>
        </div>
        {open ? <AnonymousForm onDone={() => closePopup('checkoutChoice')} /> : null}
      </div>
    </Modal>
  );
}

/** Spec §3 Anonymous checkout data form; starts from what was stored last time. */
function AnonymousForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const [form, setForm] = useState(
    () => useCheckoutStore.getState().anonymousData ?? { fio: '', email: '', phone: '' },
  );
  // The phone input is left to the mask (uncontrolled, read at submit): re-rendering it while the
  // shopper types makes the mask lose keystrokes.
  const [initialPhone] = useState(form.phone);
  const phoneRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const phone = phoneRef.current?.value ?? '';
    // The rules (zod) load on submit: /basket is prefetched from every page (issue #7 JS budget).
    // The same rules and messages as the checkout form and the account forms (issue #14 item 14).
    const { checkoutContactSchema } = await import('../utils/checkout-form');
    const parsed = checkoutContactSchema.safeParse({ ...form, phone });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    useCheckoutStore.getState().setAnonymousData({ fio: parsed.data.fio, email: parsed.data.email, phone });
    useSessionStore.getState().setAnonymous(true);
    onDone();
    router.push(href('basket-delivery'));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Продолжить без регистрации">
      <h3>Продолжить без регистрации</h3>
      <FormField label="ФИО*" error={errors.fio}>
        <input value={form.fio} onChange={(e) => setForm({ ...form, fio: e.target.value })} autoComplete="name" />
      </FormField>
      <FormField label="E-mail*" error={errors.email}>
        <input
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          autoComplete="email"
        />
      </FormField>
      <FormField label="Телефон*" error={errors.phone}>
        <PhoneInput ref={phoneRef} defaultValue={initialPhone} />
      </FormField>
      <button type="submit" className={styles.primary}>
        Продолжить без регистрации
      </button>
    </form>
  );
}
