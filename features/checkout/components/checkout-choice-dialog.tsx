'use client';

/**
 * The body of the checkout choice popup (spec §2, §4), loaded when the popup opens
 * (`CheckoutChoicePopup` in ./basket-checkout.tsx): its phone mask and form code are not part of
 * the basket's first visit (issue #30).
 */
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { useCheckoutStore } from '@/stores/checkout-store';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './checkout.module.css';

/**
 * The open popup: log in, register, or continue anonymously; the last stores fio, e-mail and
 * phone (spec §3 Anonymous checkout data), marks the session anonymous and opens `deliveryHref`
 * (/basket/delivery). A login or registration closes it; the shopper then presses the button again.
 */
export function CheckoutChoiceDialog({ deliveryHref }: { deliveryHref: string }) {
  const closePopup = usePopupsStore((s) => s.closePopup);
  const openPopup = usePopupsStore((s) => s.openPopup);
  const close = () => closePopup('checkoutChoice');

  return (
    <Modal open onClose={close} title="Оформление заказа">
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
        <AnonymousForm deliveryHref={deliveryHref} onDone={close} />
      </div>
    </Modal>
  );
}

/** Spec §3 Anonymous checkout data form; starts from what was stored last time. */
function AnonymousForm({ deliveryHref, onDone }: { deliveryHref: string; onDone: () => void }) {
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
    router.push(deliveryHref);
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
