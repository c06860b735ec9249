'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { bffRequest } from '@/lib/api/bff-client';
import type { SendMessageBody } from '@/lib/api/contract/feedback';
import { HELP_FORM_LABELS, HELP_FORM_SUCCESS } from '@/lib/api/contract/feedback-texts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { QueryIsland } from '@/lib/query-client';
import { href } from '@/lib/routes';
import styles from './widgets.module.css';

type Field = 'contactData' | 'message';

/** Shown under an empty required field (spec §5). */
export const REQUIRED_MESSAGE = 'Заполните это поле';
/** Shown when sending failed; both fields are marked (spec §8). */
export const SEND_FAILED_MESSAGE = 'Не удалось отправить сообщение. Проверьте данные и попробуйте ещё раз.';

/**
 * The help form (spec §5 Help form, §4 Help popup, §8): fields contactData and message with the
 * spec's labels, both required; an empty field is marked as an error on submit until the user
 * types in it. Sends POST /api/v1/send_message/ `{messageFeedback: {message, contactData}}`
 * through the BFF (lib/api/bff-client.ts, a TanStack mutation: issue #17 item 3); on success the
 * form is replaced by "Сообщение отправлено успешно", on failure both fields are marked as errors.
 * Says that sending means agreeing to the privacy policy and the public offer; issue #29: the
 * unticked consent box must be ticked (else its hint, and nothing is sent).
 */
export function HelpForm() {
  return (
    <QueryIsland>
      <Form />
    </QueryIsland>
  );
}

/** POST /v1/send_message/; zod loads with the first message, not with the popup. @throws BffRequestError. */
function sendMessage(body: SendMessageBody) {
  return bffRequest(
    'POST',
    '/v1/send_message/',
    () => import('@/lib/api/contract/feedback').then((m) => m.SuccessMessage),
    body,
  );
}

function Form() {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ contactData: '', message: '' });
  const [errors, setErrors] = useState<Record<Field, boolean>>({ contactData: false, message: false });
  // Issue #29 (152-ФЗ art. 9): the unticked consent box; its hint shows on a submit without it.
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const send = useMutation({
    mutationFn: sendMessage,
    onError: () => setErrors({ contactData: true, message: true }),
  });
  const state = send.isPending ? 'sending' : send.isSuccess ? 'sent' : send.isError ? 'failed' : 'idle';

  if (state === 'sent') {
    return (
      <p role="status" className={styles.success}>
        {HELP_FORM_SUCCESS}
      </p>
    );
  }

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    // The error stays until the user types (spec §5); typing clears it.
    setErrors((prev) => ({ ...prev, [field]: false }));
    if (state === 'failed') send.reset();
  };

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const empty = { contactData: values.contactData.trim() === '', message: values.message.trim() === '' };
    setConsentError(!consent);
    if (empty.contactData || empty.message || !consent) {
      setErrors(empty);
      if (!empty.contactData && !empty.message) return;
      const first = event.currentTarget.querySelector<HTMLElement>(
        empty.contactData ? `#${CSS.escape(id)}-contact` : `#${CSS.escape(id)}-message`,
      );
      first?.focus();
      return;
    }
    send.mutate({
      messageFeedback: { message: values.message, contactData: values.contactData },
      personal_data_consent: true,
    });
  }

  const errorText = (field: Field) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className={styles.fieldError}>
        {state === 'failed' ? 'Проверьте поле' : REQUIRED_MESSAGE}
      </span>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className={styles.form}>
      <label htmlFor={`${id}-contact`} className={styles.label}>
        {HELP_FORM_LABELS.contactData}
      </label>
      <input
        id={`${id}-contact`}
        name="contactData"
        type="text"
        autoComplete="email"
        required
        aria-required="true"
        aria-invalid={errors.contactData}
        aria-describedby={errors.contactData ? `${id}-contactData-error` : undefined}
        className={`${styles.input} ${errors.contactData ? styles.invalid : ''}`}
        value={values.contactData}
        onChange={change('contactData')}
      />
      {errorText('contactData')}
      <label htmlFor={`${id}-message`} className={styles.label}>
        {HELP_FORM_LABELS.message}
      </label>
      <textarea
        id={`${id}-message`}
        name="message"
        rows={5}
        required
        aria-required="true"
        aria-invalid={errors.message}
        aria-describedby={errors.message ? `${id}-message-error` : undefined}
        className={`${styles.input} ${errors.message ? styles.invalid : ''}`}
        value={values.message}
        onChange={change('message')}
      />
      {errorText('message')}
      <ConsentCheckbox
        name="personal_data_consent"
        checked={consent}
        onChange={(event) => {
          setConsent(event.target.checked);
          if (event.target.checked) setConsentError(false);
        }}
        error={consentError ? CONSENT_TEXTS.personalDataRequired : undefined}
      >
        <PersonalDataConsentLabel />
      </ConsentCheckbox>
      {state === 'failed' ? (
        <p role="alert" className={styles.fieldError}>
          {SEND_FAILED_MESSAGE}
        </p>
      ) : null}
      <p className={styles.agreement}>
        Нажимая «Отправить», вы соглашаетесь с <a href={href('privacy-policy')}>политикой конфиденциальности</a> и{' '}
        {/* Instrumental case after «с»: the route's title «Публичная оферта» is nominative. */}
        <a href={href('publick-offer')}>публичной офертой</a>.
      </p>
      <button type="submit" className="button" disabled={state === 'sending'}>
        {state === 'sending' ? 'Отправляем…' : 'Отправить'}
      </button>
    </form>
  );
}
