'use client';

/**
 * The promo code field of /basket (issue #5; spec §7 `POST /v1/promo_code/`). Its own module so
 * that it loads with the filled basket, not in an empty basket's first visit (issue #30): the
 * page hands it over through app/(shop)/basket/basket-slots.tsx.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BffRequestError } from '@/lib/api/bff-client';
import { checkPromoCode } from '@/lib/api/checkout-client';
import type { CssClasses } from '@/lib/css-classes';
import { formatPrice } from '@/lib/format/price';
import { useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';

/**
 * Promo code field: applies the code to the basket or shows the server's refusal. `classes`:
 * checkout.module.css's class names (`checkoutClasses`).
 */
export function PromoCodeField({ classes: styles }: { classes: CssClasses }) {
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
