'use client';

/**
 * /profile (spec §6 registered user: profile, addresses, order history; bonus information):
 * personal data (PUT /v1/changeinfo/), addresses (GET|POST|PUT /v1/user_address/, POST
 * /v1/user_address_delete/ with region and city pickers from /v1/regions/ and /v1/cities/),
 * the newsletter subscription, logout, (issue #29) «Скачать мои данные» and «Удалить аккаунт», and
 * (issue #33) «Ожидаю поступления», the sizes the shopper waits for (waiting-list.tsx).
 * Guests are asked to log in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/form-field/form-field';
import { Modal } from '@/components/modal/modal';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { RegionCityFields } from '@/components/region-city-fields/region-city-fields';
import { accountRequest, ACCOUNT_FALLBACK_MESSAGE } from '@/lib/api/account-client';
import { BffRequestError } from '@/lib/api/bff-client';
import { AddressesResponse, OkResponse, type Address, type Region, type User } from '@/lib/api/contract/accounts';
import { SPEC_MESSAGES } from '@/lib/messages/accounts';
import { ACCOUNT_DATA_TEXTS } from '@/lib/messages/consent';
import { QueryIsland } from '@/lib/query-client';
import { href, routeTitle } from '@/lib/routes';
import { emailSchema, fullNameSchema, maskedPhoneSchema, unmaskPhone } from '@/lib/validation/auth';
import { usePopupsStore } from '@/stores/popups-store';
import { useSessionStore } from '@/stores/session-store';
import { accountKeys, addressesQuery, citiesQuery, regionsQuery } from '../api/account-queries';
import styles from './account.module.css';
import { WaitingList } from './waiting-list';

/** Shows the children only to a logged-in user; a login prompt otherwise. */
export function RequireUser({ children }: { children: (user: User) => React.ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  if (user) return <>{children(user)}</>;
  if (status !== 'ready') return <p role="status">Загружаем личный кабинет…</p>;
  return (
    <div className={styles.card}>
      <p>Войдите, чтобы открыть личный кабинет.</p>
      <button type="button" className="button" onClick={() => usePopupsStore.getState().openPopup('login')}>
        Войти
      </button>
    </div>
  );
}

const personalSchema = z.object({ full_name: fullNameSchema, email: emailSchema, phone: maskedPhoneSchema });

function maskPhone(phone: string | null): string {
  const d = (phone ?? '').replace(/\D/g, '').slice(1);
  return d.length === 10 ? `+7(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}` : '';
}

function PersonalData({ user }: { user: User }) {
  const changeInfo = useSessionStore((s) => s.changeInfo);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(personalSchema),
    defaultValues: { full_name: user.full_name, email: user.email ?? '', phone: maskPhone(user.phone) },
  });
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setMessage(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await changeInfo({ full_name: values.full_name, email: values.email, phone: unmaskPhone(values.phone) });
      setMessage({ ok: true, text: SPEC_MESSAGES.dataSaved });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof BffRequestError ? e.message : ACCOUNT_FALLBACK_MESSAGE });
    }
  });
  return (
    <section className={styles.card} aria-labelledby="personal-title">
      <h2 id="personal-title">Личные данные</h2>
      <form onSubmit={submit} noValidate>
        <FormField label="Фамилия Имя Отчество" error={errors.full_name?.message}>
          <input autoComplete="name" {...form.register('full_name')} />
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          <input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Телефон" error={errors.phone?.message}>
          <PhoneInput {...form.register('phone')} />
        </FormField>
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.ok : styles.error}>
            {message.text}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={isSubmitting}>
          Сохранить
        </button>
      </form>
    </section>
  );
}

const addressSchema = z.object({
  region_id: z.coerce.number().int().positive('Выберите регион'),
  city_id: z.coerce.number().int().positive('Выберите город'),
  street: z.string().trim().min(1, 'Укажите улицу').max(200),
  house: z.string().trim().min(1, 'Укажите дом').max(20),
  apartment: z.string().trim().max(20),
  postcode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Индекс — 6 цифр'),
  is_main: z.boolean(),
});

function AddressForm({
  initial,
  regions,
  onSaved,
  onCancel,
}: {
  initial: Address | null;
  regions: Region[];
  onSaved: (list: Address[]) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(addressSchema),
    defaultValues: {
      region_id: initial?.region?.id ?? 0,
      city_id: initial?.city?.id ?? 0,
      street: initial?.street ?? '',
      house: initial?.house ?? '',
      apartment: initial?.apartment ?? '',
      postcode: initial?.postcode ?? '',
      is_main: initial?.is_main ?? false,
    },
  });
  const regionId = Number(useWatch({ control: form.control, name: 'region_id' }));
  const cityId = Number(useWatch({ control: form.control, name: 'city_id' }));
  const cities = useQuery(citiesQuery(regionId));
  const { errors, isSubmitting } = form.formState;
  // The server's message is about what was sent: editing any field takes it away (issue #14).
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setError(null) }), [form]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = initial
        ? await accountRequest('PUT', '/v1/user_address/', AddressesResponse, { id: initial.id, ...values })
        : await accountRequest('POST', '/v1/user_address/', AddressesResponse, values);
      onSaved(answer.results);
    } catch (e) {
      setError(e instanceof BffRequestError ? e.message : ACCOUNT_FALLBACK_MESSAGE);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className={styles.addressForm}
      aria-label={initial ? 'Изменить адрес' : 'Новый адрес'}
    >
      <RegionCityFields
        regions={regions}
        cities={cities.data ?? []}
        regionId={regionId}
        cityId={cityId}
        onRegionChange={(id) => {
          form.setValue('region_id', id, { shouldValidate: form.formState.isSubmitted });
          form.setValue('city_id', 0);
        }}
        onCityChange={(id) => form.setValue('city_id', id, { shouldValidate: form.formState.isSubmitted })}
        errors={{ region: errors.region_id?.message, city: errors.city_id?.message }}
        placeholders
        citiesLoading={regionId > 0 && cities.isPending}
        columns={1}
      />
      <FormField label="Улица" error={errors.street?.message}>
        <input autoComplete="address-line1" {...form.register('street')} />
      </FormField>
      <div className={styles.row}>
        <FormField label="Дом" error={errors.house?.message}>
          <input {...form.register('house')} />
        </FormField>
        <FormField label="Квартира" error={errors.apartment?.message}>
          <input {...form.register('apartment')} />
        </FormField>
        <FormField label="Индекс" error={errors.postcode?.message}>
          <input inputMode="numeric" autoComplete="postal-code" {...form.register('postcode')} />
        </FormField>
      </div>
      <label className={styles.check}>
        <input type="checkbox" {...form.register('is_main')} /> Основной адрес
      </label>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          Сохранить адрес
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}

/** Regions for the pickers until they load, and when they cannot be loaded. */
const NO_REGIONS: Region[] = [];

function Addresses({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const addresses = useQuery(addressesQuery(userId));
  const regions = useQuery(regionsQuery()).data ?? NO_REGIONS;
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  // A list that cannot be loaded reads as empty; saving a new address still works.
  const list = addresses.data ?? (addresses.isError ? [] : null);
  const setList = (next: Address[]) => queryClient.setQueryData(accountKeys.addresses(userId), next);
  const remove = useMutation({
    mutationFn: (address: Address) =>
      accountRequest('POST', '/v1/user_address_delete/', AddressesResponse, { id: address.id }).then((a) => a.results),
    onSuccess: setList,
  });
  const error = remove.error
    ? remove.error instanceof BffRequestError
      ? remove.error.message
      : ACCOUNT_FALLBACK_MESSAGE
    : null;
  return (
    <section className={styles.card} aria-labelledby="addresses-title">
      <h2 id="addresses-title">Мои адреса</h2>
      {list === null ? <p role="status">Загружаем адреса…</p> : null}
      {list && list.length === 0 && editing === null ? <p>Сохранённых адресов пока нет.</p> : null}
      <ul className={styles.addresses}>
        {(list ?? []).map((a) =>
          editing !== 'new' && editing?.id === a.id ? (
            <li key={a.id}>
              <AddressForm
                initial={a}
                regions={regions}
                onSaved={(l) => (setList(l), setEditing(null))}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={a.id} className={styles.address} data-testid="address">
              <span>
                {a.full_address}
                {a.is_main ? <strong className={styles.main}> · основной</strong> : null}
              </span>
              <span className={styles.actions}>
                <button type="button" className={styles.linkButton} onClick={() => setEditing(a)}>
                  Изменить
                </button>
                <button type="button" className={styles.linkButton} onClick={() => remove.mutate(a)}>
                  Удалить
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {editing === 'new' ? (
        <AddressForm
          initial={null}
          regions={regions}
          onSaved={(l) => (setList(l), setEditing(null))}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="button button-outline" onClick={() => setEditing('new')}>
          Добавить адрес
        </button>
      )}
    </section>
  );
}

function Subscription({ user }: { user: User }) {
  const changeInfo = useSessionStore((s) => s.changeInfo);
  const [busy, setBusy] = useState(false);
  const toggle = async (subscribed: boolean) => {
    setBusy(true);
    try {
      // PUT /v1/changeinfo/ alone: the GET subscribe/unsubscribe of spec §7 change nothing since issue #12.
      await changeInfo({ subscribed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="subscription-title">
      <h2 id="subscription-title">Рассылка</h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={user.subscribed}
          disabled={busy}
          onChange={(e) => void toggle(e.target.checked)}
        />{' '}
        Получать новости, подборки и скидки на почту
      </label>
    </section>
  );
}

/**
 * Issue #29 (152-ФЗ art. 14, 21): «Скачать мои данные» — a plain link to GET /api/v1/my_data/, which
 * the BFF relays with the session cookie and the browser saves as a JSON file — and «Удалить
 * аккаунт» behind a confirmation popup; after deletion the session ends and the shopper goes home.
 */
function AccountData() {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => accountRequest('POST', '/v1/delete_account/', OkResponse),
    onSuccess: () => {
      useSessionStore.getState().clear();
      router.push('/');
    },
  });
  return (
    <section className={styles.card} aria-labelledby="account-data-title">
      <h2 id="account-data-title">Мои данные</h2>
      <p>
        Согласия, которые вы дали, и то, что мы храним о вас, — в файле с данными.{' '}
        <a href={href('personal-data-consent')}>{routeTitle('personal-data-consent')}</a>
      </p>
      <div className={styles.actions}>
        <a className="button button-outline" href="/api/v1/my_data/" download data-testid="download-my-data">
          {ACCOUNT_DATA_TEXTS.download}
        </a>
        <button type="button" className="button button-outline" onClick={() => setConfirming(true)}>
          {ACCOUNT_DATA_TEXTS.deleteButton}
        </button>
      </div>
      <Modal
        open={confirming}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
        title={ACCOUNT_DATA_TEXTS.deleteTitle}
      >
        <p>{ACCOUNT_DATA_TEXTS.deleteLead}</p>
        {remove.isError ? (
          <p className={styles.error} role="alert">
            {remove.error instanceof BffRequestError && remove.error.message
              ? remove.error.message
              : ACCOUNT_DATA_TEXTS.deleteFailed}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {ACCOUNT_DATA_TEXTS.deleteConfirm}
          </button>
          <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
            {ACCOUNT_DATA_TEXTS.deleteCancel}
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** The /profile body. */
export function ProfilePage() {
  const router = useRouter();
  const logout = useSessionStore((s) => s.logout);
  return (
    <QueryIsland>
      <RequireUser>
        {(user) => (
          <div className={styles.grid}>
            <div>
              <PersonalData user={user} />
              <Subscription user={user} />
            </div>
            <div>
              <section className={styles.card} aria-labelledby="bonus-title">
                <h2 id="bonus-title">Бонусы</h2>
                <p>
                  На вашем счёте <strong>{user.bonus_balance.toLocaleString('ru-RU')}</strong> бонусов. Бонусы
                  начисляются за покупки и списываются при оформлении заказа.
                </p>
                <a href={href('history_order')}>{routeTitle('history_order')}</a>
              </section>
              <Addresses userId={user.id} />
              <WaitingList userId={user.id} />
              <AccountData />
              <button
                type="button"
                className="button button-outline"
                onClick={async () => {
                  await logout();
                  router.push('/');
                }}
              >
                Выйти
              </button>
            </div>
          </div>
        )}
      </RequireUser>
    </QueryIsland>
  );
}
