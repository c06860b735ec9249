'use client';

/**
 * The checkout parts of /basket (issue #5; spec §2 checkout popups, §4 Popups, §6 Roles): the
 * promo code field (`POST /v1/promo_code/`), the gift certificate in the basket (spec §3
 * giftCardExtId, `POST /v1/gift/card/data/`), the "Оформить заказ" button that gives a guest the
 * checkout choice popup, and that popup (log in, register, or continue anonymously with fio,
 * e-mail and phone → /basket/delivery).
 *
 * Issue #30 (first-visit JS): the popup's body, with the phone mask, loads when it opens
 * (./checkout-choice-dialog.tsx); the links are plain `<a>` (lib/soft-navigation.ts makes them
 * client navigations) with paths from the server page, not next/link and the route table; the
 * class names of checkout.module.css come from there too (./checkout-classes.ts), as a client
 * import would ship the module's whole class map.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BffRequestError } from '@/lib/api/bff-client';
import { checkPromoCode } from '@/lib/api/checkout-client';
import { formatPrice } from '@/lib/format/price';
import { lazyIsland } from '@/lib/lazy-island';
import { useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';

/** A CSS module's class names, handed over by the server page (checkout.module.css). */
type Classes = Readonly<Record<string, string>>;

const GiftCardBlock = lazyIsland(() => import('./gift-card-in-basket').then((m) => m.GiftCardBlock));
const CheckoutChoiceDialog = lazyIsland(() => import('./checkout-choice-dialog').then((m) => m.CheckoutChoiceDialog));

/**
 * "Оформить заказ": a logged-in or already anonymous shopper goes to `href` (/basket/delivery), a
 * guest gets the checkout choice popup (spec §4). Without JavaScript it is a plain link.
 */
export function BasketCheckoutButton({ href, className }: { href: string; className: string | undefined }) {
  const user = useSessionStore((s) => s.user);
  const anonymous = useSessionStore((s) => s.anonymous);
  const openPopup = usePopupsStore((s) => s.openPopup);
  return (
    <a
      href={href}
      className={className}
      data-testid="basket-checkout"
      onClick={(event) => {
        if (user || anonymous) return;
        event.preventDefault();
        openPopup('checkoutChoice');
      }}
    >
      Оформить заказ
    </a>
  );
}

/**
 * Promo code field: applies the code to the basket or shows the server's refusal. `classes`:
 * checkout.module.css's class names (`checkoutClasses`).
 */
export function PromoCodeField({ classes: styles }: { classes: Classes }) {
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
 * giftCardInBasketData; §4 a change reloads it; §8 a failed lookup resets it). Its block
 * (./gift-card-in-basket.tsx) loads only when a certificate is stored. `checkoutHref`:
 * /basket/delivery, for "Оформить заказ" when the certificate is all the basket holds.
 */
export function GiftCardInBasket({
  checkoutHref,
  buttonClassName,
}: {
  checkoutHref: string;
  /** checkout.module.css `secondary`, for its «Оформить заказ». */
  buttonClassName: string | undefined;
}) {
  const extId = useCheckoutStore((s) => s.giftCardExtId);

  useEffect(() => {
    hydrateCheckoutStore();
    void useCheckoutStore.getState().loadGiftCard();
  }, [extId]);

  return extId ? (
    <GiftCardBlock checkoutButton={<BasketCheckoutButton href={checkoutHref} className={buttonClassName} />} />
  ) : null;
}

/**
 * The checkout choice popup (spec §2, §4) while it is open for a guest: its body
 * (./checkout-choice-dialog.tsx) loads then. `deliveryHref`: /basket/delivery, where continuing
 * without registration leads.
 */
export function CheckoutChoicePopup({ deliveryHref }: { deliveryHref: string }) {
  const open = usePopupsStore((s) => s.open.has('checkoutChoice'));
  const user = useSessionStore((s) => s.user);

  useEffect(() => {
    hydrateCheckoutStore();
  }, []);

  return !user && open ? <CheckoutChoiceDialog deliveryHref={deliveryHref} /> : null;
}
