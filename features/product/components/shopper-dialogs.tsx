'use client';

/**
 * The product page's dialogs of issue #33, loaded only when the shopper opens one (`lazyIsland` in
 * purchase-panel.tsx: the page's first-visit JS stays within its budget):
 * - «Сообщить о поступлении» (item 2): one of the colour's sold-out sizes and an e-mail (a
 *   signed-in shopper's prefilled), the 152-ФЗ box; POST /v1/stock-notices/. A guest is asked to
 *   confirm the address from a mail first (double opt-in).
 * - «Купить в 1 клик» (item 4): name and phone (components/one-click-form); POST /v1/one-click/
 *   with the chosen size and an Idempotency-Key kept for the dialog's life, so a retried submit
 *   never makes a second order.
 * Both forms are react-hook-form with the zod rules of lib/validation/notices.ts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConsentCheckbox, PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { OneClickForm } from '@/components/one-click-form/one-click-form';
import { bffRequest } from '@/lib/api/bff-client';
import { NOTICE_MESSAGES, OneClickResponse, StockNoticeResponse } from '@/lib/api/contract/notices';
import { stockNoticeFormSchema } from '@/lib/validation/notices';
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
  const form = useForm({
    resolver: zodResolver(stockNoticeFormSchema),
    defaultValues: {
      size: sizes.length === 1 ? sizes[0]!.ext_id : '',
      email: user?.email ?? '',
      personal_data_consent: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <p role="status" className={styles.dialogText}>
        {done}
      </p>
    );

  const submit = form.handleSubmit(async ({ size, email }) => {
    setFailure(null);
    try {
      const answer = await bffRequest('POST', '/v1/stock-notices/', StockNoticeResponse, {
        feature: size,
        email,
        personal_data_consent: true,
      });
      setDone(answer.message);
    } catch (error) {
      setFailure((error as Error).message || NOTICE_MESSAGES.subscribeFailed);
    }
  });

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <p className={styles.dialogText}>Напишем на почту один раз, как только размер появится в наличии.</p>
      <fieldset className={styles.fieldset} aria-invalid={errors.size ? true : undefined}>
        <legend className={styles.legend}>Размер</legend>
        <div className={styles.sizes}>
          {sizes.map((candidate) => (
            <label key={candidate.ext_id} className={styles.size}>
              <input type="radio" value={candidate.ext_id} className="visually-hidden" {...form.register('size')} />
              <span>{kindLabel(candidate)}</span>
            </label>
          ))}
        </div>
        {errors.size ? (
          <p role="alert" className={styles.error}>
            {errors.size.message}
          </p>
        ) : null}
      </fieldset>
      <FormField label="Электронная почта" error={errors.email?.message}>
        <input type="email" autoComplete="email" {...form.register('email')} />
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
        {isSubmitting ? 'Отправляем…' : 'Сообщить о поступлении'}
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
