'use client';
/**
 * Orders in the console (issue #32 "Orders"): the list with filters (status, payment status,
 * dates, search by number, e-mail or phone) and a CSV export; the order page with its items,
 * delivery, payments, refunds and history, and the actions — change the status (optionally mailing
 * the shopper), refund the whole order or one line through the payment provider (with a refund
 * receipt, 54-ФЗ), resend the confirmation.
 */
import {
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  DateField,
  DateInput,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleList,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  DELIVERY_METHOD_NAMES,
  ORDER_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
} from '@/lib/api/contract/orders';
import { useIsPhone } from '../components/inputs';
import { MOSCOW_TIME, useConsoleAction } from '../components/resource-kit';
import { ordersCsvUrl, type AdminDataProvider } from '../data-provider';

/** Choices of the order status (codes of the shop's contract, Russian names). */
export const orderStatusChoices = Object.entries(ORDER_STATUS_NAMES).map(([id, name]) => ({ id, name }));
/** Choices of the payment status. */
export const paymentStatusChoices = Object.entries(PAYMENT_STATUS_NAMES).map(([id, name]) => ({ id, name }));

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 });
/** "12 345 ₽" for a sum in rubles; "—" when absent. */
export function formatRub(value: unknown): string {
  const number = Number(value);
  return value === null || value === undefined || Number.isNaN(number) ? '—' : rub.format(number);
}
const dateTime = new Intl.DateTimeFormat('ru-RU', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Moscow',
});
/** Moscow date and time of an ISO timestamp; "—" when absent. */
export function formatDateTime(value: unknown): string {
  if (!value) return '—';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date);
}

const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Номер, почта или телефон" />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} />,
  <SelectInput key="paymentStatus" source="paymentStatus" choices={paymentStatusChoices} />,
  <DateInput key="dateFrom" source="dateFrom" />,
  <DateInput key="dateTo" source="dateTo" />,
];

/** "Выгрузить в CSV": downloads the orders the current filter shows. */
function CsvExportButton() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return (
    <MuiButton size="small" href={ordersCsvUrl(filterValues)} download>
      {translate('admin.orders.export')}
    </MuiButton>
  );
}

const statusName = (code: unknown) =>
  ORDER_STATUS_NAMES[code as keyof typeof ORDER_STATUS_NAMES] ?? String(code ?? '—');
const paymentName = (code: unknown) =>
  PAYMENT_STATUS_NAMES[code as keyof typeof PAYMENT_STATUS_NAMES] ?? String(code ?? '—');

/** The orders list: a table on a desktop, a simple list on a phone. */
export function OrderList() {
  const isPhone = useIsPhone();
  return (
    <List
      filters={orderFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CsvExportButton />
        </TopToolbar>
      }
      exporter={false}
    >
      {isPhone ? (
        <SimpleList
          primaryText={(record) => `№ ${record.number ?? record.id} · ${formatRub(record.total)}`}
          secondaryText={(record) => `${statusName(record.status)} · ${paymentName(record.paymentStatus)}`}
          tertiaryText={(record) => formatDateTime(record.createdAt)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="number" />
          <DateField source="createdAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
          <TextField source="customerName" sortable={false} />
          <TextField source="email" sortable={false} />
          <TextField source="phone" sortable={false} />
          <NumberField source="total" locales="ru-RU" options={{ style: 'currency', currency: 'RUB' }} />
          <SelectField source="status" choices={orderStatusChoices} />
          <SelectField source="paymentStatus" choices={paymentStatusChoices} />
        </Datagrid>
      )}
    </List>
  );
}

type OrderItem = {
  id: Identifier;
  name?: string;
  brand?: string;
  color?: string;
  size?: string;
  quantity: number;
  price?: number;
  refundedQuantity?: number;
};

/** Dialog to set a new status, with "mail the shopper". */
function ChangeStatusButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const act = useConsoleAction('admin.orders.statusChanged');
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string>('');
  const [notifyShopper, setNotifyShopper] = useState(true);
  if (!record) return null;

  async function save() {
    if (await act(() => dataProvider.setOrderStatus(record!.id, status, notifyShopper))) setOpen(false);
  }

  return (
    <>
      <MuiButton
        variant="outlined"
        onClick={() => {
          setStatus(String(record.status ?? ''));
          setOpen(true);
        }}
      >
        {translate('admin.orders.changeStatus')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="order-status-title">
        <DialogTitle id="order-status-title">{translate('admin.orders.changeStatus')}</DialogTitle>
        <DialogContent>
          <FormControl fullWidth sx={{ mt: 1 }}>
            <InputLabel id="order-status-label">{translate('admin.orders.newStatus')}</InputLabel>
            <Select
              labelId="order-status-label"
              label={translate('admin.orders.newStatus')}
              value={status}
              onChange={(event) => setStatus(event.target.value)}
            >
              {orderStatusChoices.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControlLabel
            control={<Checkbox checked={notifyShopper} onChange={(event) => setNotifyShopper(event.target.checked)} />}
            label={translate('admin.orders.notify')}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={save} disabled={!status || status === record.status}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Runs a refund (whole order or lines) and reports the API's answer. */
function useRefund() {
  const record = useRecordContext();
  const act = useConsoleAction('admin.orders.refunded');
  const dataProvider = useDataProvider<AdminDataProvider>();
  return async (refund: Parameters<AdminDataProvider['refundOrder']>[1]) =>
    record ? act(() => dataProvider.refundOrder(record.id, refund)) : false;
}

/** "Вернуть всё" with a confirmation. */
function RefundFullButton() {
  const translate = useTranslate();
  const refund = useRefund();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MuiButton variant="outlined" color="error" onClick={() => setOpen(true)}>
        {translate('admin.orders.refundFull')}
      </MuiButton>
      <Confirm
        isOpen={open}
        title="admin.orders.refundFull"
        content="admin.orders.refundConfirmFull"
        onConfirm={async () => {
          await refund({ full: true });
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** "Вернуть" on one line: asks how many of it (1 … what is left), then refunds. */
function RefundLineButton({ item }: { item: OrderItem }) {
  const translate = useTranslate();
  const refund = useRefund();
  const left = item.quantity - (item.refundedQuantity ?? 0);
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  if (left <= 0) return null;
  return (
    <>
      <MuiButton
        size="small"
        color="error"
        onClick={() => setOpen(true)}
        aria-label={`${translate('admin.orders.refundLine')}: ${item.name ?? item.id}`}
      >
        {translate('admin.orders.refundLine')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`refund-${item.id}-title`}>
        <DialogTitle id={`refund-${item.id}-title`}>{translate('admin.orders.refundConfirmLine')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {item.name} {item.size ? `(${item.size})` : ''}
          </Typography>
          <MuiTextField
            id={`refund-${item.id}-quantity`}
            type="number"
            label={translate('admin.orders.refundQuantity')}
            value={quantity}
            onChange={(event) => setQuantity(Math.max(1, Math.min(left, Number(event.target.value) || 1)))}
            slotProps={{ htmlInput: { min: 1, max: left } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            color="error"
            onClick={async () => {
              if (await refund({ lines: [{ itemId: item.id, quantity }] })) setOpen(false);
            }}
          >
            {translate('admin.orders.refundLine')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** "Отправить подтверждение" again to the shopper. */
function ResendButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  // Nothing on the page changes: no reload.
  const act = useConsoleAction('admin.orders.resent', { reload: false });
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!record) return null;
  return (
    <MuiButton variant="outlined" onClick={() => act(() => dataProvider.resendConfirmation(record.id))}>
      {translate('admin.orders.resend')}
    </MuiButton>
  );
}

/** A titled card of the order page. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A small table from rows of cells; `empty` when there are no rows. On a phone each row becomes a
 * block of "column: value" lines, since a 390 px screen cannot fit the columns side by side. An
 * empty column name (an actions column) is read out as «Действия».
 */
function SimpleTable({
  head,
  rows,
  empty,
  label,
}: {
  head: string[];
  rows: React.ReactNode[][];
  empty: string;
  label: string;
}) {
  const isPhone = useIsPhone();
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  if (isPhone)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => (
          <Box component="li" key={index} sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
            {row.map((cell, cellIndex) =>
              head[cellIndex] ? (
                <Box key={cellIndex} sx={{ display: 'flex', gap: 1 }}>
                  <Typography component="span" color="text.secondary" sx={{ minWidth: 110 }}>
                    {head[cellIndex]}
                  </Typography>
                  <Typography component="span" sx={{ wordBreak: 'break-word' }}>
                    {cell}
                  </Typography>
                </Box>
              ) : (
                <Box key={cellIndex}>{cell}</Box>
              ),
            )}
          </Box>
        ))}
      </Box>
    );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell, index) => (
              <TableCell key={index}>{cell || <Box sx={visuallyHidden}>Действия</Box>}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, cellIndex) => (
                <TableCell key={cellIndex}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  // Pixels: MUI reads a bare 1 as 100 %, which made the order page 2700 px wide.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The shop's names of delivery methods (its contract), plus a certificate-only order's e-mail. */
const deliveryMethodNames: Record<string, string> = { ...DELIVERY_METHOD_NAMES, email: 'По электронной почте' };
/** The shop's names of payment methods (its contract: card, sbp, giftcard, one_click…). */
const paymentMethodNames: Record<string, string> = PAYMENT_METHOD_NAMES;
/** States of one payment attempt (order_payments.status), unlike the order's payment status. */
const attemptStatusNames: Record<string, string> = {
  created: 'Создан',
  paid: 'Оплачен',
  failed: 'Не прошёл',
  cancelled: 'Отменён',
  expired: 'Истёк',
};

/** Key–value lines of a plain object (the delivery record, whose fields depend on the method). */
function Pairs({ value }: { value: unknown }) {
  if (!value || typeof value !== 'object') return <Typography color="text.secondary">—</Typography>;
  const names: Record<string, string> = {
    method: 'Способ',
    methodName: 'Способ',
    address: 'Адрес',
    city: 'Город',
    point: 'Пункт выдачи',
    pointId: 'Пункт выдачи',
    price: 'Стоимость',
    cost: 'Стоимость',
    days: 'Срок',
    trackingNumber: 'Трек-номер',
    date: 'Дата',
    comment: 'Комментарий',
    recipient: 'Получатель',
    name: 'Получатель',
    phone: 'Телефон',
    email: 'Эл. почта',
    promoCode: 'Промокод',
    paymentMethod: 'Способ оплаты',
    type: 'Способ',
    service: 'Служба',
    zip: 'Индекс',
  };
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {Object.entries(value as Record<string, unknown>)
        .filter(([, field]) => field !== null && field !== undefined && field !== '')
        .map(([key, field]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {names[key] ?? key}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {key === 'method'
                ? (deliveryMethodNames[String(field)] ?? String(field))
                : key === 'paymentMethod'
                  ? (paymentMethodNames[String(field)] ?? String(field))
                  : typeof field === 'object'
                    ? JSON.stringify(field)
                    : key === 'price' || key === 'cost'
                      ? formatRub(field)
                      : String(field)}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

type Payment = {
  id?: Identifier;
  provider?: string;
  method?: string;
  status?: string;
  amount?: number;
  refundedAmount?: number;
  createdAt?: string;
};
type Refund = {
  id?: Identifier;
  amount?: number;
  createdAt?: string;
  status?: string;
  reason?: string;
  requestedBy?: string;
  message?: string;
  receipt?: unknown;
  /** The refunded pieces: order item id (0: the delivery) and quantity. */
  lines?: { itemId: Identifier; quantity: number }[];
};

/** "Купальник × 1, Доставка" for a refund's lines; a full refund has none listed («всё»). */
function refundLinesText(lines: Refund['lines'], items: OrderItem[]): string {
  if (!lines?.length) return 'всё';
  return lines
    .map((line) =>
      Number(line.itemId) === 0
        ? 'Доставка'
        : `${items.find((item) => String(item.id) === String(line.itemId))?.name ?? `строка ${line.itemId}`} × ${line.quantity}`,
    )
    .join(', ');
}

type Delivery = {
  method?: string;
  address?: string;
  city?: string;
  region?: string;
  postcode?: string;
  pickupPoint?: string;
  daysMin?: number | null;
  daysMax?: number | null;
  cost?: number;
};

/** The delivery record as «field: value» lines in the operator's words. */
function deliveryLines(delivery: Delivery | undefined): Record<string, unknown> {
  if (!delivery) return {};
  const days =
    delivery.daysMin && delivery.daysMax && delivery.daysMax !== delivery.daysMin
      ? `${delivery.daysMin}–${delivery.daysMax} дн.`
      : delivery.daysMin || delivery.daysMax
        ? `${delivery.daysMin || delivery.daysMax} дн.`
        : '';
  return {
    method: delivery.method,
    // "Москва", not "Москва, Москва": a federal city is its own region.
    city: [delivery.city, delivery.region !== delivery.city ? delivery.region : ''].filter(Boolean).join(', '),
    address: delivery.address,
    point: delivery.pickupPoint,
    zip: delivery.postcode,
    days,
    cost: delivery.cost,
  };
}

/** States of a refund (order_refunds.status). */
const refundStatusNames: Record<string, string> = {
  pending: 'Ожидает',
  succeeded: 'Проведён',
  failed: 'Не прошёл',
};
type HistoryEntry = { at?: string; status?: string; comment?: string };

/** The body of the order page. */
function OrderDetails() {
  const record = useRecordContext<RaRecord & Record<string, unknown>>();
  const translate = useTranslate();
  if (!record) return null;
  const items = (record.items as OrderItem[] | undefined) ?? [];
  const payments = (record.payments as Payment[] | undefined) ?? [];
  const refunds = (record.refunds as Refund[] | undefined) ?? [];
  const history = (record.history as HistoryEntry[] | undefined) ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ mr: 2 }}>
          Заказ № {String(record.number ?? record.id)}
        </Typography>
        <Typography>
          {statusName(record.status)} · оплата: {paymentName(record.paymentStatus).toLocaleLowerCase('ru')} ·{' '}
          {formatRub(record.total)} · {formatDateTime(record.createdAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <ChangeStatusButton />
        <ResendButton />
        {(record.paymentStatus === 'paid' || record.paymentStatus === 'refund_required') && <RefundFullButton />}
      </Box>
      <Section title={translate('admin.orders.customerTitle')}>
        <Pairs
          value={{
            name: record.customerName,
            email: record.email,
            phone: record.phone,
            comment: record.comment,
            promoCode: record.promoCode,
            paymentMethod: record.paymentMethod,
          }}
        />
      </Section>
      <Section title={translate('admin.orders.itemsTitle')}>
        <SimpleTable
          label={translate('admin.orders.itemsTitle')}
          head={['Товар', 'Размер', 'Кол-во', 'Цена', 'Возвращено', '']}
          empty={translate('admin.orders.noItems')}
          rows={items.map((item) => [
            <span key="name">
              {item.name ?? item.id}
              {item.brand || item.color ? (
                <Typography component="span" variant="inherit" color="text.secondary">
                  {' · '}
                  {[item.brand, item.color].filter(Boolean).join(', ')}
                </Typography>
              ) : null}
            </span>,
            item.size ?? '—',
            item.quantity,
            formatRub(item.price),
            item.refundedQuantity ?? 0,
            record.paymentStatus === 'paid' || record.paymentStatus === 'refunded' ? (
              <RefundLineButton key="refund" item={item} />
            ) : null,
          ])}
        />
      </Section>
      <Section title={translate('admin.orders.deliveryTitle')}>
        <Pairs value={deliveryLines(record.delivery as Delivery | undefined)} />
      </Section>
      <Section title={translate('admin.orders.paymentsTitle')}>
        <SimpleTable
          label={translate('admin.orders.paymentsTitle')}
          head={['Когда', 'Способ', 'Состояние', 'Сумма', 'Возвращено']}
          empty={translate('admin.orders.noPayments')}
          rows={payments.map((payment) => [
            formatDateTime(payment.createdAt),
            paymentMethodNames[payment.method ?? ''] ?? payment.method ?? payment.provider ?? '—',
            attemptStatusNames[payment.status ?? ''] ?? payment.status ?? '—',
            formatRub(payment.amount),
            formatRub(payment.refundedAmount ?? 0),
          ])}
        />
      </Section>
      <Section title={translate('admin.orders.refundsTitle')}>
        <SimpleTable
          label={translate('admin.orders.refundsTitle')}
          head={['Когда', 'Что', 'Сумма', 'Состояние', 'Кто', 'Чек возврата']}
          empty={translate('admin.orders.noRefunds')}
          rows={refunds.map((refund) => [
            formatDateTime(refund.createdAt),
            refundLinesText(refund.lines, items),
            formatRub(refund.amount),
            refundStatusNames[refund.status ?? ''] ?? refund.status ?? '—',
            refund.requestedBy ?? '—',
            refund.receipt ? 'сформирован' : '—',
          ])}
        />
      </Section>
      <Section title={translate('admin.orders.historyTitle')}>
        <SimpleTable
          label={translate('admin.orders.historyTitle')}
          head={['Когда', 'Статус', 'Комментарий']}
          empty={translate('admin.orders.noHistory')}
          rows={history.map((entry) => [formatDateTime(entry.at), statusName(entry.status), entry.comment ?? ''])}
        />
      </Section>
    </Box>
  );
}

/** The order page. */
export function OrderShow() {
  return (
    <Show
      title={<FunctionField render={(record: RaRecord) => `Заказ № ${record.number ?? record.id}`} />}
      actions={false}
    >
      <OrderDetails />
    </Show>
  );
}
