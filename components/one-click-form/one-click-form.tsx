'use client';

/**
 * The form of «Купить в 1 клик» (issue #33 item 4): a name, the phone with the mask of spec §5
 * (components/phone-input), the unticked 152-ФЗ box, and a submit. Presentational: the caller
 * sends it (`onSubmit` with the name and the phone as "+7XXXXXXXXXX") and returns the success text
 * shown in place of the form, or throws an Error whose Russian message is shown above the button.
 * Loaded on demand with the dialog that holds it (product page, basket).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { unmaskPhone } from '@/lib/validation/auth';
import { oneClickFormSchema } from '@/lib/validation/notices';
import styles from './one-click-form.module.css';

/** Props of `OneClickForm`. */
export type OneClickFormProps = {
  /** Sends the order; resolves to the Russian success text; throws an Error with a Russian message. */
  onSubmit: (values: { name: string; phone: string }) => Promise<string>;
  /** The name to start with (a signed-in shopper's). */
  initialName?: string;
};

/** See the module docstring. Fields and hints: react-hook-form with `oneClickFormSchema`. */
export function OneClickForm({ onSubmit, initialName = '' }: OneClickFormProps) {
  const form = useForm({
    resolver: zodResolver(oneClickFormSchema),
    defaultValues: { name: initialName, phone: '', personal_data_consent: false },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <p role="status" className={styles.success}>
        {done}
      </p>
    );

  const submit = form.handleSubmit(async ({ name, phone }) => {
    setFailure(null);
    try {
      setDone(await onSubmit({ name, phone: unmaskPhone(phone) }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>Оставьте имя и телефон — оператор перезвонит, уточнит доставку и оплату.</p>
      <FormField label="Имя" error={errors.name?.message}>
        <input type="text" autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Телефон" error={errors.phone?.message}>
        <PhoneInput {...form.register('phone')} />
      </FormField>
      <ConsentCheckbox {...form.register('personal_data_consent')} error={errors.personal_data_consent?.message}>
        <PersonalDataConsentLabel />
      </ConsentCheckbox>
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? 'Оформляем…' : 'Оформить заказ'}
      </button>
    </form>
  );
}
