'use client';

/**
 * /basket/delivery (issue #5; spec §2, §3 Anonymous checkout data, §7 Locations, Orders and
 * payment): one react-hook-form form with a zod schema (utils/checkout-form.ts, the account forms'
 * rules) split into sections — {@link ContactSection}, {@link DeliverySection}, {@link PaymentSection}
 * — and the {@link OrderSummary} (issue #17 item 4). Server state comes from TanStack Query
 * (api/checkout-queries.ts, issue #17 item 3). Submits `POST /v2/order/` with an `Idempotency-Key`,
 * then goes to the acquiring page (`POST /v1/order_payment/`) or, when a certificate paid
 * everything, to /basket/success.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { BffRequestError } from '@/lib/api/bff-client';
import { startPayment, submitOrder } from '@/lib/api/checkout-client';
import { orderTotals, toKopecks, toRubles } from '@/lib/money';
import { QueryIsland } from '@/lib/query-client';
import { href } from '@/lib/routes';
import { unmaskPhone } from '@/lib/validation/auth';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { useSessionStore } from '@/stores/session-store';
import { checkoutKeys, deliveryOptionsQuery, promoQuery } from '../api/checkout-queries';
import {
  CHECKOUT_MESSAGES,
  checkoutFormSchema,
  formFieldOfServerError,
  maskPhone,
  pickupPointText,
  type CheckoutFormValues,
} from '../utils/checkout-form';
import styles from './checkout.module.css';
import { ContactSection } from './contact-section';
import { DeliverySection } from './delivery-section';
import { OrderSummary } from './order-summary';
import payBar from './pay-bar.module.css';
import { PaymentSection } from './payment-section';

/** Props: the Yandex Maps key of CDEK's pickup-point widget (null: the list only). */
export type DeliveryPageProps = { cdekMapsKey?: string | null };

/** The checkout page island with its query client; see the module docstring. */
export function DeliveryPage({ cdekMapsKey = null }: DeliveryPageProps) {
  return (
    <QueryIsland forgetOnLeave={checkoutKeys.all}>
      <CheckoutForm cdekMapsKey={cdekMapsKey} />
    </QueryIsland>
  );
}

const EMPTY: CheckoutFormValues = {
  contact: { fio: '', email: '', phone: '' },
  regionId: 0,
  cityId: 0,
  method: 'courier',
  address: { street: '', house: '', apartment: '', postcode: '' },
  pickupPoint: null,
  giftCode: '',
  comment: '',
  onlineMethod: 'card',
  consent: { personalData: false, advertising: false },
};

function CheckoutForm({ cdekMapsKey }: { cdekMapsKey: string | null }) {
  const router = useRouter();
  const user = useSessionStore((s) => s.user);
  const sessionStatus = useSessionStore((s) => s.status);
  const basketList = useBasketStore((s) => s.basketList);
  const basketTotal = useBasketStore((s) => s.total);
  const basketInited = useBasketStore((s) => s.basketInited);
  const gift = useCheckoutStore((s) => s.giftCardInBasketData);
  const giftExtId = useCheckoutStore((s) => s.giftCardExtId);
  const anonymousData = useCheckoutStore((s) => s.anonymousData);
  const promoCode = useCheckoutStore((s) => s.promoCode);
  const onlyCertificate = basketList.length === 0;

  const guest = !user && sessionStatus !== 'loading';
  const schema = useMemo(() => checkoutFormSchema(!onlyCertificate, guest), [onlyCertificate, guest]);
  const form = useForm<CheckoutFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const [giftBalance, setGiftBalance] = useState<number | null>(null);
  /** The server's refusal: its message, and whether it marked fields (then it goes with them). */
  const [serverError, setServerError] = useState<{ message: string; withFields: boolean } | null>(null);

  useEffect(() => {
    hydrateBasketStore();
    hydrateCheckoutStore();
    // Spec §3 lkData `city`: the region and city of the last order come preselected.
    const saved = useCheckoutStore.getState().city;
    if (saved && !form.getValues('regionId')) {
      form.setValue('regionId', saved.regionId);
      form.setValue('cityId', saved.cityId);
    }
    void useBasketStore.getState().init();
    void useCheckoutStore.getState().loadGiftCard();
  }, [form]);

  // Contact: the registered user's data, else what the checkout choice popup stored (spec §6);
  // a field the shopper already edited is left alone.
  useEffect(() => {
    const prefill = user
      ? {
          fio: [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ') || user.name,
          email: user.email ?? '',
          phone: maskPhone(user.phone),
        }
      : anonymousData
        ? { ...anonymousData, phone: maskPhone(anonymousData.phone) }
        : null;
    if (!prefill) return;
    for (const key of ['fio', 'email', 'phone'] as const) {
      if (!form.getFieldState(`contact.${key}`).isDirty) form.setValue(`contact.${key}`, prefill[key]);
    }
  }, [user, anonymousData, form]);

  const [cityId, method] = useWatch({ control: form.control, name: ['cityId', 'method'] });
  const delivery = useQuery(deliveryOptionsQuery(cityId, basketTotal));
  const options = useMemo(() => delivery.data ?? [], [delivery.data]);
  const optionsError = delivery.isError
    ? delivery.error instanceof BffRequestError
      ? delivery.error.message
      : 'Не удалось рассчитать доставку'
    : '';
  // The chosen method, or the city's first when it has no such method.
  useEffect(() => {
    if (options.length > 0 && !options.some((o) => o.method === form.getValues('method')))
      form.setValue('method', options[0]!.method);
  }, [options, form]);

  const promo = useQuery(promoQuery(promoCode, basketTotal));
  useEffect(() => {
    // The server refused the code (expired, basket below its minimum): forget it.
    const e = promo.error;
    if (e instanceof BffRequestError && e.status >= 400 && e.status < 500)
      useCheckoutStore.getState().setPromoCode(null);
  }, [promo.error]);

  const discount = promoCode && basketTotal > 0 && promo.data ? promo.data.discount : 0;
  const option = options.find((o) => o.method === method);
  const deliveryCost = onlyCertificate ? 0 : (option?.cost ?? 0);
  // The same sums as the shop API's order (server/services/checkout.ts).
  const sums = orderTotals({
    goods: toKopecks(basketTotal),
    certificates: toKopecks(gift?.amount ?? 0),
    discount: toKopecks(discount),
    deliveryCost: toKopecks(deliveryCost),
    giftCardBalance: toKopecks(giftBalance ?? 0),
  });
  const itemsTotal = toRubles(sums.itemsTotal);
  const total = toRubles(sums.total);
  const giftPart = toRubles(sums.giftCardAmount);
  const toPay = toRubles(sums.toPay);

  const { errors, isSubmitting, submitCount } = form.formState;
  const marked = Object.keys(errors).length > 0;
  // Issue #14 item 14: the message goes as soon as the marked fields are fixed.
  const message = marked
    ? serverError?.withFields
      ? serverError.message
      : submitCount > 0
        ? CHECKOUT_MESSAGES.checkFields
        : ''
    : serverError && !serverError.withFields
      ? serverError.message
      : '';

  const submit = form.handleSubmit(
    async (values) => {
      setServerError(null);
      const store = useCheckoutStore.getState();
      const key = store.ensureIdempotencyKey();
      const contact = {
        fio: values.contact.fio.trim(),
        email: values.contact.email.trim().toLowerCase(),
        phone: unmaskPhone(values.contact.phone),
      };
      try {
        const { order } = await submitOrder(
          {
            contact,
            delivery: {
              method: values.method,
              city_id: values.cityId,
              ...values.address,
              pickup_point: values.method === 'cdek' && values.pickupPoint ? pickupPointText(values.pickupPoint) : '',
              store_id: values.method === 'pickup' && values.storeId ? values.storeId : null,
            },
            payment_method: giftBalance !== null && giftBalance >= total ? 'giftcard' : 'card',
            promo_code: promoCode ?? undefined,
            gift_card_code: giftBalance !== null ? values.giftCode : undefined,
            gift_card_ext_id: giftExtId ?? undefined,
            comment: values.comment,
            // Issue #29: the boxes as ticked (the API requires the first of a guest).
            personal_data_consent: values.consent.personalData,
            advertising_consent: values.consent.advertising,
          },
          key,
        );
        store.setCity({ regionId: values.regionId, cityId: values.cityId });
        store.orderPlaced({
          number: order.number,
          guid: order.guid,
          total: order.total,
          email: contact.email,
          items: [
            ...basketList.map((l) => ({
              id: l.product.id,
              name: l.product.name,
              price: l.price,
              quantity: l.quantity,
            })),
            ...(gift ? [{ id: gift.ext_id, name: gift.name, price: gift.amount, quantity: 1 }] : []),
          ],
        });
        void useBasketStore.getState().init({ force: true });
        if (order.to_pay > 0) {
          // Issue #29: СБП waits on the confirm page (QR code on a desktop, the bank app on a phone).
          const sbp = values.onlineMethod === 'sbp';
          const payment = await startPayment(order.guid, sbp ? 'sbp' : 'card');
          window.location.assign(sbp ? `/basket/delivery/confirm/${order.guid}` : payment.form_url);
          await new Promise(() => {}); // stay busy while the browser leaves
        }
        router.push(href('basket-success'));
      } catch (e) {
        if (!(e instanceof BffRequestError)) {
          setServerError({ message: 'Не удалось оформить заказ. Попробуйте ещё раз', withFields: false });
          return;
        }
        let withFields = false;
        for (const [field, text] of Object.entries(e.errors)) {
          const path = formFieldOfServerError(field);
          if (!path) continue;
          form.setError(path as FieldPath<CheckoutFormValues>, { type: 'server', message: text });
          withFields = true;
        }
        setServerError({ message: e.message, withFields });
      }
    },
    () => setServerError(null),
  );

  if (basketInited && basketList.length === 0 && !giftExtId) {
    return (
      <div className={styles.narrow} data-testid="delivery-empty">
        <p>Корзина пуста — оформлять пока нечего.</p>
        <Link href={href('new')} className={styles.secondary}>
          Перейти в каталог
        </Link>
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        className={`${styles.layout} ${payBar.layout}`}
        onSubmit={submit}
        noValidate
        aria-busy={isSubmitting || undefined}
      >
        <div>
          <ContactSection guestNote={guest} />
          {onlyCertificate ? null : (
            <DeliverySection
              options={options}
              optionsError={optionsError}
              loggedIn={Boolean(user)}
              cdekMapsKey={cdekMapsKey}
            />
          )}
          <PaymentSection giftBalance={giftBalance} onGiftBalance={setGiftBalance} giftPart={giftPart} />
        </div>
        <OrderSummary
          lines={basketList}
          gift={gift}
          itemsTotal={itemsTotal}
          discount={discount}
          promoCode={promoCode}
          deliveryCost={deliveryCost}
          total={total}
          giftPart={giftPart}
          toPay={toPay}
          message={message}
          submitDisabled={isSubmitting || (!onlyCertificate && !option)}
        />
      </form>
    </FormProvider>
  );
}
