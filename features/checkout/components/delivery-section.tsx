'use client';

/**
 * Delivery section of the checkout form (spec §7 Locations, `POST /v1/cdek_calc/`,
 * `POST /v1/check_delivery/`): saved addresses of a registered buyer, region and city
 * ({@link RegionCityFields}; Москва first), the methods of the city with cost and days, then the
 * courier address or the pickup point ({@link PickupPointPicker}). Lists come from TanStack Query
 * (features/checkout/api/checkout-queries.ts); a new city cancels the requests of the old one.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field/form-field';
import { RegionCityFields } from '@/components/region-city-fields/region-city-fields';
import type { Address } from '@/lib/api/contract/accounts';
import type { DeliveryOption } from '@/lib/api/contract/checkout';
import { formatPrice } from '@/lib/format/price';
import { addressesQuery, citiesQuery, regionsQuery } from '../api/checkout-queries';
import styles from './checkout.module.css';
import { PickupPointPicker } from './pickup-point-picker';
import type { CheckoutFormValues } from '../utils/checkout-form';

const days = (o: DeliveryOption) =>
  o.days_min === o.days_max ? `${o.days_min} дн.` : `${o.days_min}–${o.days_max} дн.`;

/** Props: the city's delivery options (loaded by the page: the summary needs the cost too). */
export type DeliverySectionProps = {
  options: readonly DeliveryOption[];
  optionsError: string;
  loggedIn: boolean;
  /** Yandex Maps key of CDEK's widget, or null (the list only). */
  cdekMapsKey: string | null;
};

/** See the module docstring. */
export function DeliverySection({ options, optionsError, loggedIn, cdekMapsKey }: DeliverySectionProps) {
  const { register, control, setValue, getValues, formState } = useFormContext<CheckoutFormValues>();
  const [regionId, cityId, method] = useWatch({ control, name: ['regionId', 'cityId', 'method'] });
  const regions = useQuery(regionsQuery());
  const cities = useQuery(citiesQuery(regionId));
  const addresses = useQuery(addressesQuery(loggedIn));
  const errors = formState.errors;
  const validate = { shouldValidate: formState.isSubmitted };

  // Москва until the shopper chooses (the shop's city; spec gives no default).
  useEffect(() => {
    if (!regions.data || getValues('regionId')) return;
    const moscow = regions.data.find((r) => r.code === '77') ?? regions.data[0];
    if (moscow) setValue('regionId', moscow.id);
  }, [regions.data, getValues, setValue]);
  // The region's first city (its capital) unless the chosen one is in the region.
  useEffect(() => {
    if (!cities.data) return;
    if (!cities.data.some((c) => c.id === getValues('cityId'))) setValue('cityId', cities.data[0]?.id ?? 0, validate);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- validate follows isSubmitted, not a reason to re-pick
  }, [cities.data, getValues, setValue]);
  // Another city: the old city's point is no longer on offer.
  useEffect(() => {
    const point = getValues('pickupPoint');
    if (point) setValue('pickupPoint', null);
  }, [cityId, getValues, setValue]);

  const address = useWatch({ control, name: 'address' });
  const isChosen = (a: Address) =>
    method === 'courier' &&
    (a.city?.id ?? cityId) === cityId &&
    a.street === address?.street &&
    a.house === address?.house &&
    a.apartment === address?.apartment;
  const chooseAddress = (a: Address) => {
    setValue('method', 'courier');
    if (a.region) setValue('regionId', a.region.id);
    if (a.city) setValue('cityId', a.city.id);
    setValue('address', { street: a.street, house: a.house, apartment: a.apartment, postcode: a.postcode }, validate);
  };
  // Issue #34 item 10: a registered buyer's main saved address (else the first) is chosen when the
  // list arrives, unless they already typed an address or picked a pickup point.
  const preselected = useRef(false);
  useEffect(() => {
    const saved = addresses.data;
    if (preselected.current || !saved || saved.length === 0) return;
    preselected.current = true;
    const typed = getValues('address');
    if (typed?.street || typed?.house || getValues('pickupPoint')) return;
    chooseAddress(saved.find((a) => a.is_main) ?? saved[0]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the saved addresses arrive
  }, [addresses.data]);
  const cityName = cities.data?.find((c) => c.id === cityId)?.name ?? '';
  // Issue #34: a city of several pickup stores asks which one (one store: its address is the note).
  const stores = options.find((o) => o.method === 'pickup')?.stores ?? [];

  return (
    <fieldset className={styles.fieldset}>
      <legend>Доставка</legend>
      {addresses.data && addresses.data.length > 0 ? (
        <div className={styles.block} role="group" aria-label="Сохранённые адреса">
          <p className={styles.muted}>Сохранённые адреса</p>
          {addresses.data.map((a) => (
            <button
              key={a.id}
              type="button"
              className={styles.secondary}
              aria-pressed={isChosen(a)}
              onClick={() => chooseAddress(a)}
            >
              {a.full_address}
            </button>
          ))}
        </div>
      ) : null}
      <RegionCityFields
        regions={regions.data ?? []}
        cities={cities.data ?? []}
        regionId={regionId || null}
        cityId={cityId || null}
        onRegionChange={(id) => setValue('regionId', id)}
        onCityChange={(id) => setValue('cityId', id, validate)}
        errors={{ region: regions.isError ? 'Не удалось загрузить регионы' : undefined, city: errors.cityId?.message }}
        labels={{ region: 'Регион*', city: 'Город*' }}
        citiesLoading={cities.isFetching && !cities.data}
      />
      <div role="radiogroup" aria-label="Способ доставки" data-testid="delivery-options">
        {optionsError ? (
          <p className={styles.error} role="alert">
            {optionsError}
          </p>
        ) : null}
        {options.map((o) => (
          <label key={o.method} className={styles.option}>
            <input type="radio" value={o.method} {...register('method')} />
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
          <FormField label="Улица*" error={errors.address?.street?.message}>
            <input autoComplete="address-line1" {...register('address.street')} />
          </FormField>
          <FormField label="Дом*" error={errors.address?.house?.message}>
            <input {...register('address.house')} />
          </FormField>
          <FormField label="Квартира" error={errors.address?.apartment?.message}>
            <input {...register('address.apartment')} />
          </FormField>
          <FormField label="Индекс" error={errors.address?.postcode?.message}>
            <input inputMode="numeric" autoComplete="postal-code" {...register('address.postcode')} />
          </FormField>
        </div>
      ) : method === 'cdek' && cityId > 0 ? (
        <PickupPointPicker cityId={cityId} cityName={cityName} mapsKey={cdekMapsKey} />
      ) : method === 'pickup' && stores.length > 1 ? (
        <div role="radiogroup" aria-label="Магазин для самовывоза" className={styles.block}>
          {stores.map((s) => (
            <label key={s.id} className={styles.option}>
              <input type="radio" value={s.id} {...register('storeId', { valueAsNumber: true })} />
              <span className={styles.optionBody}>
                <strong>{s.name}</strong>
                <span className={styles.muted}>
                  {s.address}. {s.hours}
                </span>
              </span>
            </label>
          ))}
          {errors.storeId?.message ? (
            <p className={styles.error} role="alert">
              {errors.storeId.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
