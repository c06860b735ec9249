'use client';

/**
 * The form of «Купить в 1 клик» (issue #33 item 4): a name, the phone with the mask of spec §5
 * (components/phone-input), the unticked 152-ФЗ box, and a submit. Presentational: the caller
 * sends it (`onSubmit` with the name and the phone as "+7XXXXXXXXXX") and returns the success text
 * shown in place of the form, or throws an Error whose Russian message is shown above the button.
 * Loaded on demand with the dialog that holds it (product page, basket).
 */
import { useState } from 'react';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import styles from './one-click-form.module.css';

/** Props of `OneClickForm`. */
export type OneClickFormProps = {
  /** Sends the order; resolves to the Russian success text; throws an Error with a Russian message. */
  onSubmit: (values: { name: string; phone: string }) => Promise<string>;
  /** The name to start with (a signed-in shopper's). */
  initialName?: string;
};

/** See the module docstring. */
export function OneClickForm({ onSubmit, initialName = '' }: OneClickFormProps) {
  const [name, setName] = useState(initialName);
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; phone?: string; consent?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <p role="status" className={styles.success}>
        {done}
      </p>
    );

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = phone.replace(/\D/g, '');
    const next = {
      name: name.trim().length < 2 ? 'Укажите имя' : undefined,
      phone: digits.length !== 11 ? 'Укажите телефон в формате +7(XXX)-XXX-XX-XX' : undefined,
      consent: consent ? undefined : CONSENT_TEXTS.personalDataRequired,
    };
    setErrors(next);
    if (next.name || next.phone || next.consent) return;
    setPending(true);
    setFailure(null);
    try {
      setDone(await onSubmit({ name: name.trim(), phone: `+${digits}` }));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>Оставьте имя и телефон — оператор перезвонит, уточнит доставку и оплату.</p>
      <FormField label="Имя" error={errors.name}>
        <input type="text" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField label="Телефон" error={errors.phone}>
        {/* Uncontrolled: the mask owns the field's text; a controlled value lost keystrokes. */}
        <PhoneInput name="phone" onChange={(e) => setPhone(e.target.value)} />
      </FormField>
      <ConsentCheckbox checked={consent} onChange={(e) => setConsent(e.target.checked)} error={errors.consent}>
        <PersonalDataConsentLabel />
      </ConsentCheckbox>
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Оформляем…' : 'Оформить заказ'}
      </button>
    </form>
  );
}
