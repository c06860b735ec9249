'use client';
/**
 * Promotions in the console (issue #32 "Promotions"): promo codes (percent or amount, minimum sum,
 * dates, per-customer and total limits, first-order rule) with their use counts, and gift
 * certificates (issue, balance, history, block).
 */
import {
  BooleanField,
  BooleanInput,
  Create,
  DateField,
  DateTimeInput,
  FormDataConsumer,
  FunctionField,
  NumberField,
  NumberInput,
  required,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  maxValue,
  minValue,
  type RaRecord,
} from 'react-admin';
import { ConfirmActionButton, formPages, MOSCOW_TIME, SearchableList } from '../components/resource-kit';
import { ResponsiveList } from '../components/responsive-list';
import { formatDateTime, formatRub } from './orders';
import type { AdminDataProvider } from '../data-provider';

const promoKinds = [
  { id: 'percent', name: 'Процент' },
  { id: 'amount', name: 'Сумма, ₽' },
];

const promoValue = (record: RaRecord) => (record.kind === 'percent' ? `${record.percent} %` : formatRub(record.amount));

/** Promo codes with their use counts. */
export function PromoCodeList() {
  return (
    <SearchableList sort={{ field: 'code', order: 'ASC' }}>
      <ResponsiveList
        primary={(record) => record.code}
        secondary={(record) =>
          `${promoValue(record)} · использован ${record.uses ?? 0}${record.active ? '' : ' · выключен'}`
        }
      >
        <TextField source="code" />
        <FunctionField source="kind" label="Скидка" render={promoValue} />
        <NumberField source="minTotal" />
        <DateField source="validFrom" locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
        <DateField source="validUntil" locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
        <NumberField source="uses" />
        <NumberField source="usageLimit" emptyText="—" />
        <BooleanField source="active" />
      </ResponsiveList>
    </SearchableList>
  );
}

function PromoCodeForm() {
  return (
    <SimpleForm>
      <TextInput source="code" validate={required()} helperText="Буквы и цифры без пробелов, например SUMMER10" />
      <TextInput source="description" fullWidth />
      <SelectInput source="kind" choices={promoKinds} validate={required()} defaultValue="percent" />
      <FormDataConsumer>
        {({ formData }) =>
          formData.kind === 'amount' ? (
            <NumberInput source="amount" validate={[required(), minValue(1)]} />
          ) : (
            <NumberInput source="percent" validate={[required(), minValue(1), maxValue(90)]} />
          )
        }
      </FormDataConsumer>
      <NumberInput source="minTotal" min={0} defaultValue={0} />
      <DateTimeInput source="validFrom" />
      <DateTimeInput source="validUntil" />
      <NumberInput source="perCustomerLimit" min={1} helperText="Пусто — без ограничения" />
      <NumberInput source="usageLimit" min={1} helperText="Пусто — без ограничения" />
      <BooleanInput source="firstOrderOnly" />
      <BooleanInput source="active" defaultValue={true} />
    </SimpleForm>
  );
}
/** New promo code and the promo code editor. */
export const { Create: PromoCodeCreate, Edit: PromoCodeEdit } = formPages(PromoCodeForm);

/** Gift certificates. */
export function GiftCardList() {
  return (
    <SearchableList sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList
        link="show"
        primary={(record) => record.code}
        secondary={(record) =>
          `${formatRub(record.balance)} из ${formatRub(record.amount)}${record.blocked ? ' · заблокирован' : ''}`
        }
      >
        <TextField source="code" />
        <NumberField source="amount" />
        <NumberField source="balance" />
        <BooleanField source="blocked" />
        <DateField source="createdAt" locales="ru-RU" options={MOSCOW_TIME} />
        <DateField source="expiresAt" locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      </ResponsiveList>
    </SearchableList>
  );
}

/** Issue a gift certificate. */
export const GiftCardCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <NumberInput source="amount" validate={[required(), minValue(1)]} />
      <DateTimeInput source="expiresAt" />
    </SimpleForm>
  </Create>
);

/** "Заблокировать" a certificate, with a confirmation. */
function BlockGiftCardButton() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return (
    <ConfirmActionButton
      label="admin.giftCards.block"
      confirm="admin.giftCards.confirm"
      done="admin.giftCards.blocked"
      run={(record) => dataProvider.blockGiftCard(record.id)}
      hidden={(record) => Boolean(record.blocked)}
    />
  );
}

type GiftCardEvent = { at?: string; amount?: number; orderId?: number | null };

/** A certificate: balance and its history of uses. */
export const GiftCardShow = () => (
  <Show
    actions={
      <TopToolbar>
        <BlockGiftCardButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="code" />
      <NumberField source="amount" />
      <NumberField source="balance" />
      <BooleanField source="blocked" />
      <DateField source="createdAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
      <DateField source="expiresAt" locales="ru-RU" options={MOSCOW_TIME} />
      <HistoryField label="История" />
    </SimpleShowLayout>
  </Show>
);

/** The certificate's operations; `label` is read by SimpleShowLayout. */
function HistoryField(_props: { label?: string }) {
  const record = useRecordContext();
  const history = (record?.history as GiftCardEvent[] | undefined) ?? [];
  if (history.length === 0) return <span>Операций не было</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {history.map((event, index) => (
        <li key={index}>
          {formatDateTime(event.at)} · {formatRub(event.amount)}
          {event.orderId ? (
            <>
              {' · '}
              <a href={`#/orders/${event.orderId}/show`}>заказ {event.orderId}</a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
