'use client';

/**
 * Payment section of the checkout form (spec §7 `POST /v1/check_card/`): payment by card or, when
 * the shop's payment provider takes it, СБП (issue #29, `GET /v1/payment_methods/`), a gift
 * certificate code checked on "Применить сертификат" for a part or the whole sum, the order comment.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field/form-field';
import { BffRequestError } from '@/lib/api/bff-client';
import { checkGiftCard } from '@/lib/api/checkout-client';
import { formatPrice } from '@/lib/format/price';
import { paymentMethodsQuery } from '../api/checkout-queries';
import styles from './checkout.module.css';
import type { CheckoutFormValues } from '../utils/checkout-form';

/** Props: the checked balance (rubles, null = none applied), its setter, the part it pays (rubles). */
export type PaymentSectionProps = {
  giftBalance: number | null;
  onGiftBalance: (balance: number | null) => void;
  giftPart: number;
};

/** See the module docstring. */
export function PaymentSection({ giftBalance, onGiftBalance, giftPart }: PaymentSectionProps) {
  const { register, control, formState } = useFormContext<CheckoutFormValues>();
  const giftCode = useWatch({ control, name: 'giftCode' });
  const [giftError, setGiftError] = useState('');
  const methods = useQuery(paymentMethodsQuery());
  const sbp = methods.data?.includes('sbp') ?? false;

  const applyGift = async () => {
    setGiftError('');
    try {
      const { card } = await checkGiftCard(giftCode);
      if (card.balance <= 0) {
        onGiftBalance(null);
        setGiftError('На сертификате не осталось средств');
        return;
      }
      onGiftBalance(card.balance);
    } catch (e) {
      onGiftBalance(null);
      setGiftError(e instanceof BffRequestError ? e.message : 'Не удалось проверить сертификат');
    }
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>Оплата</legend>
      {sbp ? (
        <>
          <div role="radiogroup" aria-label="Способ оплаты" data-testid="online-methods">
            <label className={styles.option}>
              <input type="radio" value="card" {...register('onlineMethod')} />
              <span className={styles.optionBody}>
                <strong>Банковской картой онлайн</strong>
                <span className={styles.muted}>Мир, Visa, Mastercard</span>
              </span>
            </label>
            <label className={styles.option}>
              <input type="radio" value="sbp" {...register('onlineMethod')} />
              <span className={styles.optionBody}>
                <strong>Через СБП</strong>
                <span className={styles.muted}>QR-код на компьютере или приложение банка на телефоне</span>
              </span>
            </label>
          </div>
          <p className={styles.muted}>Часть или всю сумму можно оплатить подарочным сертификатом.</p>
        </>
      ) : (
        <p className={styles.muted}>
          Банковской картой онлайн. Часть или всю сумму можно оплатить подарочным сертификатом.
        </p>
      )}
      <div className={styles.block}>
        <label htmlFor="gift-code" className={styles.muted}>
          Код подарочного сертификата
        </label>
        <div className={styles.inline}>
          <input
            id="gift-code"
            className={styles.input}
            autoComplete="off"
            aria-describedby="gift-code-note"
            {...register('giftCode', { onChange: () => onGiftBalance(null) })}
          />
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void applyGift()}
            disabled={!giftCode.trim()}
          >
            Применить сертификат
          </button>
        </div>
        <div id="gift-code-note" aria-live="polite">
          {giftError ? (
            <p className={styles.error} role="alert">
              {giftError}
            </p>
          ) : giftBalance !== null ? (
            <p className={styles.ok} data-testid="gift-card-applied">
              Баланс сертификата {formatPrice(giftBalance)}, спишем {formatPrice(giftPart)}
            </p>
          ) : null}
        </div>
      </div>
      <FormField label="Комментарий к заказу" error={formState.errors.comment?.message}>
        <textarea rows={3} maxLength={1000} {...register('comment')} />
      </FormField>
    </fieldset>
  );
}
