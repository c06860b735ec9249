'use client';

/**
 * Contact section of the checkout form (spec §3 Anonymous checkout data; §5 rules as in the account
 * forms): ФИО, e-mail and the masked phone, registered on the form of {@link DeliveryPage}, and the
 * consent boxes of issue #29.
 */
import { useFormContext } from 'react-hook-form';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import styles from './checkout.module.css';
import type { CheckoutFormValues } from '../utils/checkout-form';

/**
 * `guestNote`: the "order without registration" line and (issue #29) the unticked personal data
 * consent box for an anonymous shopper; the optional advertising box is offered to everyone.
 */
export function ContactSection({ guestNote }: { guestNote: boolean }) {
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const errors = formState.errors.contact;
  const consentError = formState.errors.consent?.personalData?.message;
  return (
    <fieldset className={styles.fieldset}>
      <legend>Контактные данные</legend>
      {guestNote ? (
        <p className={styles.muted}>Заказ без регистрации: данные нужны только для связи по заказу.</p>
      ) : null}
      <FormField label="ФИО*" error={errors?.fio?.message}>
        <input autoComplete="name" {...register('contact.fio')} />
      </FormField>
      <div className={styles.grid2}>
        <FormField label="E-mail*" error={errors?.email?.message}>
          <input type="email" autoComplete="email" {...register('contact.email')} />
        </FormField>
        <FormField label="Телефон*" error={errors?.phone?.message}>
          <PhoneInput {...register('contact.phone')} />
        </FormField>
      </div>
      {guestNote ? (
        <ConsentCheckbox {...register('consent.personalData')} error={consentError}>
          <PersonalDataConsentLabel />
        </ConsentCheckbox>
      ) : null}
      <ConsentCheckbox {...register('consent.advertising')}>{CONSENT_TEXTS.advertising}</ConsentCheckbox>
    </fieldset>
  );
}
