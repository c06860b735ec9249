'use client';

/**
 * The product page's dialogs of issue #33, loaded only when the shopper opens one (next/dynamic in
 * purchase-panel.tsx: the page's first-visit JS stays within its budget):
 * - «Сообщить о поступлении» (item 2): one of the colour's sold-out sizes and an e-mail (a
 *   signed-in shopper's prefilled), the 152-ФЗ box; POST /v1/stock-notices/. A guest is asked to
 *   confirm the address from a mail first (double opt-in).
 * - «Купить в 1 клик» (item 4): name and phone (components/one-click-form); POST /v1/one-click/
 *   with the chosen size and an Idempotency-Key kept for the dialog's life, so a retried submit
 *   never makes a second order.
 */
import { useState } from 'react';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { OneClickForm } from '@/components/one-click-form/one-click-form';
import { bffRequest } from '@/lib/api/bff-client';
import { NOTICE_MESSAGES, OneClickResponse, StockNoticeResponse } from '@/lib/api/contract/notices';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { emailSchema } from '@/lib/validation/auth';
import { useSessionStore } from '@/stores/session-store';
import styles from './purchase-panel.module.css';

/** A size as the dialogs need it. */
export type DialogSize = { ext_id: string; name: string; kind: 'size' | 'top' | 'bottom' };

/** Props of `ShopperDialog`. */
export type ShopperDialogProps =
  | { kind: 'notify'; onClose: () => void; sizes: readonly DialogSize[] }
  | {
      kind: 'one-click';
      onClose: () => void;
      item: { offer: number; feature?: string; featuretop?: string; featurebot?: string; quantity: number };
    };

/** The open dialog of `kind` (see the module docstring). */
export function ShopperDialog(props: ShopperDialogProps) {
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.kind === 'notify' ? 'Сообщить о поступлении' : 'Купить в 1 клик'}
      width={440}
    >
      {props.kind === 'notify' ? <NotifyForm sizes={props.sizes} /> : <OneClick item={props.item} />}
    </Modal>
  );
}

const kindLabel = (size: DialogSize) =>
  size.kind === 'top' ? `верх ${size.name}` : size.kind === 'bottom' ? `низ ${size.name}` : size.name;

function NotifyForm({ sizes }: { sizes: readonly DialogSize[] }) {
  const user = useSessionStore((s) => s.user);
  const [size, setSize] = useState(sizes.length === 1 ? sizes[0]!.ext_id : '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ size?: string; email?: string; consent?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <p role="status" className={styles.dialogText}>
        {done}
      </p>
    );

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    const next = {
      size: size ? undefined : 'Выберите размер',
      email: parsed.success ? undefined : parsed.error.issues[0]?.message,
      consent: consent ? undefined : CONSENT_TEXTS.personalDataRequired,
    };
    setErrors(next);
    if (next.size || next.email || next.consent || !parsed.success) return;
    setPending(true);
    setFailure(null);
    try {
      const answer = await bffRequest('POST', '/v1/stock-notices/', StockNoticeResponse, {
        feature: size,
        email: parsed.data,
        personal_data_consent: true,
      });
      setDone(answer.message);
    } catch (error) {
      setFailure((error as Error).message || NOTICE_MESSAGES.subscribeFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <p className={styles.dialogText}>Напишем на почту один раз, как только размер появится в наличии.</p>
      <fieldset className={styles.fieldset} aria-invalid={errors.size ? true : undefined}>
        <legend className={styles.legend}>Размер</legend>
        <div className={styles.sizes}>
          {sizes.map((candidate) => (
            <label key={candidate.ext_id} className={styles.size}>
              <input
                type="radio"
                name="notify-size"
                value={candidate.ext_id}
                checked={size === candidate.ext_id}
                onChange={() => setSize(candidate.ext_id)}
                className="visually-hidden"
              />
              <span>{kindLabel(candidate)}</span>
            </label>
          ))}
        </div>
        {errors.size ? (
          <p role="alert" className={styles.error}>
            {errors.size}
          </p>
        ) : null}
      </fieldset>
      <FormField label="Электронная почта" error={errors.email}>
        <input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
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
        {pending ? 'Отправляем…' : 'Сообщить о поступлении'}
      </button>
    </form>
  );
}

function OneClick({ item }: { item: Extract<ShopperDialogProps, { kind: 'one-click' }>['item'] }) {
  const user = useSessionStore((s) => s.user);
  const [key] = useState(() => crypto.randomUUID());
  return (
    <OneClickForm
      initialName={user?.first_name ?? ''}
      onSubmit={async ({ name, phone }) => {
        const answer = await bffRequest(
          'POST',
          '/v1/one-click/',
          OneClickResponse,
          { name, phone, personal_data_consent: true, item },
          { headers: { 'Idempotency-Key': key }, fallbackMessage: NOTICE_MESSAGES.oneClickFailed },
        );
        return answer.message;
      }}
    />
  );
}
