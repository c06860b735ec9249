'use client';

/**
 * /basket/delivery (issue #5; spec §2, §3 Anonymous checkout data, §7 Locations, Orders and
 * payment): contact data (prefilled for a registered user, or from the checkout choice popup),
 * region and city, delivery method with cost and days (`POST /v1/cdek_calc/`,
 * `POST /v1/check_delivery/`), saved addresses of a registered user, a comment, payment by card
 * and/or a gift certificate, the order summary. Submits `POST /v2/order/` with an
 * `Idempotency-Key`, then goes to the acquiring page (`POST /v1/order_payment/`) or, when a
 * certificate paid everything, to /basket/success.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/form-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { accountRequest, fetchCities, fetchRegions } from '@/lib/api/account-client';
import { BffRequestError } from '@/lib/api/bff-client';
import {
  checkGiftCard,
  checkPromoCode,
  fetchCdekCalc,
  fetchDeliveryOptions,
  startPayment,
  submitOrder,
} from '@/lib/api/checkout-client';
import { AddressesResponse, type Address, type City, type Region } from '@/lib/api/contract/accounts';
import { CheckoutContact, type DeliveryMethod, type DeliveryOption } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { href } from '@/lib/routes';
import { hydrateBasketStore, useBasketStore } from '@/stores/basket-store';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './checkout.module.css';

/** "+79161234567" → "+7(916)-123-45-67" (spec §5 mask), anything else unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  const d = (phone ?? '').replace(/\D/g, '');
  if (d.length !== 11) return phone ?? '';
  return `+7(${d.slice(1, 4)})-${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}

const days = (o: DeliveryOption) => (o.days_min === o.days_max ? `${o.days_min} дн.` : `${o.days_min}–${o.days_max} дн.`);

/** The checkout form; see the module docstring. */
export function DeliveryPage() {
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

  // Contact: what the shopper typed, else the registered user's data, else what the checkout
  // choice popup stored (spec §6).
  const [editedContact, setContact] = useState<{ fio: string; email: string; phone: string } | null>(null);
  const prefillPhone = user ? maskPhone(user.phone) : anonymousData ? maskPhone(anonymousData.phone) : '';
  const contact =
    editedContact ??
    (user
      ? { fio: [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ') || user.name, email: user.email ?? '', phone: maskPhone(user.phone) }
      : anonymousData
        ? { ...anonymousData, phone: maskPhone(anonymousData.phone) }
        : { fio: '', email: '', phone: '' });
  const [regions, setRegions] = useState<Region[]>([]);
  const [cities, setCities] = useState<City[]>([]);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [options, setOptions] = useState<DeliveryOption[]>([]);
  const [optionsError, setOptionsError] = useState('');
  const [method, setMethod] = useState<DeliveryMethod>('courier');
  const [address, setAddress] = useState({ street: '', house: '', apartment: '', postcode: '', pickup_point: '' });
  const [comment, setComment] = useState('');
  const [promoDiscount, setDiscount] = useState(0);
  const [giftCode, setGiftCode] = useState('');
  const [giftBalance, setGiftBalance] = useState<number | null>(null);
  const [giftError, setGiftError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    hydrateBasketStore();
    hydrateCheckoutStore();
    void useBasketStore.getState().init();
    void useCheckoutStore.getState().loadGiftCard();
    fetchRegions()
      .then((r) => {
        setRegions(r.results);
        const moscow = r.results.find((x) => x.code === '77');
        setRegionId((current) => current ?? moscow?.id ?? r.results[0]?.id ?? null);
      })
      .catch(() => setOptionsError('Не удалось загрузить регионы'));
  }, []);

  // Saved addresses of a registered user.
  useEffect(() => {
    if (!user) return;
    accountRequest('GET', '/v1/user_address/', AddressesResponse)
      .then((r) => setAddresses(r.results))
      .catch(() => setAddresses([]));
  }, [user]);

  useEffect(() => {
    if (!regionId) return;
    fetchCities(regionId)
      .then((r) => {
        setCities(r.results);
        setCityId((current) => (current && r.results.some((c) => c.id === current) ? current : (r.results[0]?.id ?? null)));
      })
      .catch(() => setCities([]));
  }, [regionId]);

  // Cost and days of every method for the city: the provider's quotes (cdek_calc) and the shop
  // pickup where there is a shop (check_delivery). Reloaded when the city or the basket changes.
  useEffect(() => {
    if (!cityId) return;
    Promise.all([fetchCdekCalc(cityId), fetchDeliveryOptions(cityId)])
      .then(([calc, check]) => {
        setOptionsError('');
        const merged = [...calc.results, ...check.results.filter((o) => !calc.results.some((c) => c.method === o.method))];
        setOptions(merged);
        setMethod((current) => (merged.some((o) => o.method === current) ? current : (merged[0]?.method ?? 'courier')));
      })
      .catch((e: unknown) => {
        setOptions([]);
        setOptionsError(e instanceof BffRequestError ? e.message : 'Не удалось рассчитать доставку');
      });
  }, [cityId, basketTotal]);

  useEffect(() => {
    if (!promoCode || basketTotal <= 0) return;
    checkPromoCode(promoCode)
      .then((r) => setDiscount(r.discount))
      .catch((e: unknown) => {
        setDiscount(0);
        // The server refused the code (expired, basket below its minimum): forget it.
        if (e instanceof BffRequestError && e.status >= 400 && e.status < 500) useCheckoutStore.getState().setPromoCode(null);
      });
  }, [promoCode, basketTotal]);

  const discount = promoCode && basketTotal > 0 ? promoDiscount : 0;
  const onlyCertificate = basketList.length === 0;
  const option = options.find((o) => o.method === method);
  const deliveryCost = onlyCertificate ? 0 : (option?.cost ?? 0);
  const itemsTotal = basketTotal + (gift?.amount ?? 0);
  const total = Math.max(0, Math.round((itemsTotal - discount + deliveryCost) * 100) / 100);
  const giftPart = giftBalance === null ? 0 : Math.min(giftBalance, total);
  const toPay = Math.round((total - giftPart) * 100) / 100;

  const chooseAddress = (a: Address) => {
    setMethod('courier');
    if (a.region) setRegionId(a.region.id);
    if (a.city) setCityId(a.city.id);
    setAddress((prev) => ({ ...prev, street: a.street, house: a.house, apartment: a.apartment, postcode: a.postcode }));
  };

  const applyGift = async () => {
    setGiftError('');
    try {
      const { card } = await checkGiftCard(giftCode);
      if (card.balance <= 0) {
        setGiftBalance(null);
        setGiftError('На сертификате не осталось средств');
        return;
      }
      setGiftBalance(card.balance);
    } catch (e) {
      setGiftBalance(null);
      setGiftError(e instanceof BffRequestError ? e.message : 'Не удалось проверить сертификат');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const next: Record<string, string> = {};
    const phone = phoneRef.current?.value ?? contact.phone;
    const parsed = CheckoutContact.safeParse({ ...contact, phone });
    if (!parsed.success) for (const issue of parsed.error.issues) next[`contact.${String(issue.path[0])}`] ??= issue.message;
    if (!cityId) next['delivery.city_id'] = 'Выберите город';
    if (!onlyCertificate && method === 'courier') {
      if (!address.street.trim()) next['delivery.street'] = 'Укажите улицу';
      if (!address.house.trim()) next['delivery.house'] = 'Укажите дом';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      setFormError('Проверьте выделенные поля');
      return;
    }
    setBusy(true);
    const store = useCheckoutStore.getState();
    const key = store.ensureIdempotencyKey();
    try {
      const { order } = await submitOrder(
        {
          contact: { ...contact, phone },
          delivery: { method, city_id: cityId!, ...address },
          payment_method: giftBalance !== null && giftBalance >= total ? 'giftcard' : 'card',
          promo_code: promoCode ?? undefined,
          gift_card_code: giftBalance !== null ? giftCode : undefined,
          gift_card_ext_id: giftExtId ?? undefined,
          comment,
        },
        key,
      );
      store.orderPlaced({
        number: order.number,
        guid: order.guid,
        total: order.total,
        email: contact.email,
        items: [
          ...basketList.map((l) => ({ id: l.product.id, name: l.product.name, price: l.price, quantity: l.quantity })),
          ...(gift ? [{ id: gift.ext_id, name: gift.name, price: gift.amount, quantity: 1 }] : []),
        ],
      });
      void useBasketStore.getState().init({ force: true });
      if (order.to_pay > 0) {
        const payment = await startPayment(order.guid);
        window.location.assign(payment.form_url);
        return;
      }
      router.push(href('basket-success'));
    } catch (e) {
      if (e instanceof BffRequestError) {
        setErrors(e.errors);
        setFormError(e.message);
      } else setFormError('Не удалось оформить заказ. Попробуйте ещё раз');
      setBusy(false);
    }
  };

  const errorOf = (key: string) => errors[key];

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
    <form className={styles.layout} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div>
        <fieldset className={styles.fieldset}>
          <legend>Контактные данные</legend>
          {!user && sessionStatus !== 'loading' ? <p className={styles.muted}>Заказ без регистрации: данные нужны только для связи по заказу.</p> : null}
          <FormField label="ФИО*" error={errorOf('contact.fio')}>
            <input value={contact.fio} onChange={(e) => setContact({ ...contact, fio: e.target.value })} autoComplete="name" />
          </FormField>
          <div className={styles.grid2}>
            <FormField label="E-mail*" error={errorOf('contact.email')}>
              <input type="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} autoComplete="email" />
            </FormField>
            <FormField label="Телефон*" error={errorOf('contact.phone')}>
              {/* Uncontrolled, read at submit (re-rendering while typing makes the mask lose keystrokes); re-mounted when the prefill source changes. */}
              <PhoneInput ref={phoneRef} key={user ? `user-${user.id}` : anonymousData ? 'anonymous' : 'empty'} defaultValue={prefillPhone} />
            </FormField>
          </div>
        </fieldset>

        {onlyCertificate ? null : (
          <fieldset className={styles.fieldset}>
            <legend>Доставка</legend>
            {addresses.length > 0 ? (
              <div className={styles.block} role="group" aria-label="Сохранённые адреса">
                <p className={styles.muted}>Сохранённые адреса</p>
                {addresses.map((a) => (
                  <button key={a.id} type="button" className={styles.secondary} onClick={() => chooseAddress(a)}>
                    {a.full_address}
                  </button>
                ))}
              </div>
            ) : null}
            <div className={styles.grid2}>
              <FormField label="Регион*">
                <select value={regionId ?? ''} onChange={(e) => setRegionId(Number(e.target.value))}>
                  {regions.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField label="Город*" error={errorOf('delivery.city_id')}>
                <select value={cityId ?? ''} onChange={(e) => setCityId(Number(e.target.value))}>
                  {cities.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <div role="radiogroup" aria-label="Способ доставки" data-testid="delivery-options">
              {optionsError ? (
                <p className={styles.error} role="alert">
                  {optionsError}
                </p>
              ) : null}
              {options.map((o) => (
                <label key={o.method} className={styles.option}>
                  <input type="radio" name="delivery-method" value={o.method} checked={method === o.method} onChange={() => setMethod(o.method)} />
                  <span className={styles.optionBody}>
                    <strong>{o.name}</strong>
                    <span className={styles.muted}>{o.note}</span>
                  </span>
                  <span>
                    {o.cost === 0 ? 'Бесплатно' : formatPrice(o.cost)}, {days(o)}
                  </span>
                </label>
              ))}
            </div>
            {method === 'courier' ? (
              <div className={styles.grid2}>
                <FormField label="Улица*" error={errorOf('delivery.street')}>
                  <input value={address.street} onChange={(e) => setAddress({ ...address, street: e.target.value })} autoComplete="address-line1" />
                </FormField>
                <FormField label="Дом*" error={errorOf('delivery.house')}>
                  <input value={address.house} onChange={(e) => setAddress({ ...address, house: e.target.value })} />
                </FormField>
                <FormField label="Квартира">
                  <input value={address.apartment} onChange={(e) => setAddress({ ...address, apartment: e.target.value })} />
                </FormField>
                <FormField label="Индекс">
                  <input value={address.postcode} onChange={(e) => setAddress({ ...address, postcode: e.target.value })} inputMode="numeric" autoComplete="postal-code" />
                </FormField>
              </div>
            ) : method === 'cdek' ? (
              <FormField label="Пункт выдачи (адрес)" hint="Укажите удобный пункт СДЭК — менеджер подтвердит его при звонке">
                <input value={address.pickup_point} onChange={(e) => setAddress({ ...address, pickup_point: e.target.value })} />
              </FormField>
            ) : null}
          </fieldset>
        )}

        <fieldset className={styles.fieldset}>
          <legend>Оплата</legend>
          <p className={styles.muted}>Банковской картой онлайн. Часть или всю сумму можно оплатить подарочным сертификатом.</p>
          <div className={styles.block}>
            <label htmlFor="gift-code" className={styles.muted}>
              Код подарочного сертификата
            </label>
            <div className={styles.inline}>
              <input
                id="gift-code"
                className={styles.input}
                value={giftCode}
                onChange={(e) => {
                  setGiftCode(e.target.value);
                  setGiftBalance(null);
                }}
                autoComplete="off"
                aria-describedby="gift-code-note"
              />
              <button type="button" className={styles.secondary} onClick={() => void applyGift()} disabled={!giftCode.trim()}>
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
          <FormField label="Комментарий к заказу">
            <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={1000} />
          </FormField>
        </fieldset>
      </div>

      <aside className={styles.summary} aria-labelledby="order-summary-title" data-testid="order-summary">
        <h2 id="order-summary-title">Ваш заказ</h2>
        <ul className={styles.lines}>
          {basketList.map((l) => (
            <li key={l.item_uuid} className={styles.row}>
              <span>
                {l.product.name} × {l.quantity}
              </span>
              <span>{formatPrice((Math.round(l.price * 100) * l.quantity) / 100)}</span>
            </li>
          ))}
          {gift ? (
            <li className={styles.row}>
              <span>{gift.name}</span>
              <span>{formatPrice(gift.amount)}</span>
            </li>
          ) : null}
        </ul>
        <p className={styles.row}>
          <span>Товары</span>
          <span>{formatPrice(itemsTotal)}</span>
        </p>
        {discount > 0 ? (
          <p className={styles.row}>
            <span>Скидка ({promoCode})</span>
            <span data-testid="summary-discount">−{formatPrice(discount)}</span>
          </p>
        ) : null}
        <p className={styles.row}>
          <span>Доставка</span>
          <span data-testid="summary-delivery">{deliveryCost === 0 ? 'Бесплатно' : formatPrice(deliveryCost)}</span>
        </p>
        <p className={`${styles.row} ${styles.total}`}>
          <span>Итого</span>
          <span data-testid="summary-total">{formatPrice(total)}</span>
        </p>
        {giftPart > 0 ? (
          <>
            <p className={styles.row}>
              <span>Сертификатом</span>
              <span>−{formatPrice(giftPart)}</span>
            </p>
            <p className={styles.row}>
              <span>К оплате картой</span>
              <span data-testid="summary-to-pay">{formatPrice(toPay)}</span>
            </p>
          </>
        ) : null}
        {formError ? (
          <p className={styles.error} role="alert" data-testid="order-error">
            {formError}
          </p>
        ) : null}
        <button type="submit" className={styles.primary} disabled={busy || (!onlyCertificate && !option)}>
          {toPay > 0 ? 'Перейти к оплате' : 'Оформить заказ'}
        </button>
        <p className={styles.muted}>Нажимая кнопку, вы соглашаетесь с публичной офертой и политикой конфиденциальности.</p>
      </aside>
    </form>
  );
}
