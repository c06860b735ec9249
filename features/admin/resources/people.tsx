'use client';
/**
 * People in the console (issue #32 "People"): customers (find, see their orders, anonymise on
 * request — 152-ФЗ art. 21 p. 3), newsletter subscribers (38-ФЗ art. 18: advertising mail only
 * with consent) and the consent log (152-ФЗ art. 9: the operator proves the consent), plus the
 * staff accounts (owner only) and the audit log (owner only: who changed what, before and after).
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateField,
  DateInput,
  Edit,
  EmailField,
  FunctionField,
  List,
  PasswordInput,
  required,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useTranslate,
  minLength,
  type RaRecord,
} from 'react-admin';
import { ConfirmActionButton, MOSCOW_TIME, SearchableList } from '../components/resource-kit';
import { ResponsiveList } from '../components/responsive-list';
import { actionName, consentKindChoices, consentKindName, entityName } from '../names';
import { formatDateTime, formatRub } from './orders';
import type { AdminDataProvider } from '../data-provider';

/** Customers, searchable by name, e-mail or phone. */
export function CustomerList() {
  return (
    <SearchableList sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList
        link="show"
        primary={(record) => record.name || record.email || `#${record.id}`}
        secondary={(record) => [record.email, record.phone].filter(Boolean).join(' · ')}
      >
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="phone" />
        <DateField source="createdAt" locales="ru-RU" options={MOSCOW_TIME} />
      </ResponsiveList>
    </SearchableList>
  );
}

/** "Обезличить": erases the customer's personal data after a confirmation. */
function AnonymiseButton() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return (
    <ConfirmActionButton
      label="admin.customers.anonymise"
      confirm="admin.customers.confirm"
      done="admin.customers.anonymised"
      run={(record) => dataProvider.anonymiseCustomer(record.id)}
      hidden={(record) => Boolean(record.anonymisedAt)}
    />
  );
}

type CustomerOrder = { id: string | number; number?: string; createdAt?: string; total?: number; status?: string };

/** The customer's orders, each a link to its order page. */
function CustomerOrders(_props: { label?: string }) {
  const record = useRecordContext();
  const orders = (record?.orders as CustomerOrder[] | undefined) ?? [];
  if (orders.length === 0) return <span>Заказов нет</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {orders.map((order) => (
        <li key={order.id}>
          <a href={`#/orders/${encodeURIComponent(String(order.id))}/show`}>№ {order.number ?? order.id}</a> ·{' '}
          {formatDateTime(order.createdAt)} · {formatRub(order.total)}
        </li>
      ))}
    </ul>
  );
}

/** A customer and their orders. */
export const CustomerShow = () => (
  <Show
    actions={
      <TopToolbar>
        <AnonymiseButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone" />
      <DateField source="createdAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
      <DateField source="anonymisedAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      <CustomerOrders label="Заказы" />
    </SimpleShowLayout>
  </Show>
);

/** Newsletter subscribers. */
export function SubscriberList() {
  return (
    <SearchableList sort={{ field: 'createdAt', order: 'DESC' }}>
      <ResponsiveList
        link={false}
        primary={(record) => record.email}
        secondary={(record) => `${record.status ?? ''} · ${formatDateTime(record.createdAt)}`}
      >
        <EmailField source="email" />
        <TextField source="status" />
        <DateField source="createdAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
        <DateField source="confirmedAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      </ResponsiveList>
    </SearchableList>
  );
}

/** The consent log (read-only). */
export function ConsentList() {
  return (
    <SearchableList
      sort={{ field: 'at', order: 'DESC' }}
      filters={[
        <SelectInput key="kind" source="kind" choices={consentKindChoices} />,
        <DateInput key="dateFrom" source="dateFrom" label="С даты" />,
      ]}
    >
      <ResponsiveList
        link={false}
        primary={(record) =>
          `${consentKindName(record.kind)} · ${record.email ?? record.phone ?? record.subject ?? ''}`
        }
        secondary={(record) => `${formatDateTime(record.at)}${record.withdrawnAt ? ' · отозвано' : ''}`}
      >
        <DateField source="at" showTime locales="ru-RU" options={MOSCOW_TIME} />
        <FunctionField source="kind" render={(record: RaRecord) => consentKindName(record.kind)} />
        <TextField source="email" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <TextField source="documentVersion" emptyText="—" />
        <TextField source="ip" emptyText="—" />
        <DateField source="withdrawnAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      </ResponsiveList>
    </SearchableList>
  );
}

const roleChoices = [
  { id: 'owner', name: 'Владелец' },
  { id: 'manager', name: 'Менеджер' },
  { id: 'editor', name: 'Редактор' },
];

/** Staff accounts (owner only). */
export function StaffList() {
  return (
    <List sort={{ field: 'login', order: 'ASC' }} exporter={false}>
      <ResponsiveList
        primary={(record) => `${record.name} (${record.login})`}
        secondary={(record) =>
          `${roleChoices.find((role) => role.id === record.role)?.name ?? record.role}${record.disabled ? ' · отключён' : ''}`
        }
      >
        <TextField source="login" />
        <TextField source="name" />
        <SelectField source="role" choices={roleChoices} />
        <BooleanField source="totpEnabled" />
        <BooleanField source="disabled" />
        <DateField source="lastLoginAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      </ResponsiveList>
    </List>
  );
}

/** New staff member: login, name, role and an initial password they change later. */
export const StaffCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <TextInput source="login" validate={required()} autoComplete="off" />
      <TextInput source="name" validate={required()} />
      <SelectInput source="role" choices={roleChoices} validate={required()} defaultValue="editor" />
      <PasswordInput
        source="password"
        validate={[required(), minLength(10)]}
        autoComplete="new-password"
        helperText="Не короче 10 символов"
      />
    </SimpleForm>
  </Create>
);

/** Staff member editor: name, role, disabled, and a new password when the owner resets one. */
export const StaffEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="login" disabled />
      <TextInput source="name" validate={required()} />
      <SelectInput source="role" choices={roleChoices} validate={required()} />
      <BooleanInput source="disabled" />
      <PasswordInput
        source="password"
        label="Новый пароль"
        autoComplete="new-password"
        helperText="Пусто — не менять"
      />
    </SimpleForm>
  </Edit>
);

/** The audit log (owner only): newest first, filtered by who, what and when. */
export function AuditLogList() {
  return (
    <SearchableList
      sort={{ field: 'at', order: 'DESC' }}
      filters={[<TextInput key="staffLogin" source="staffLogin" />, <TextInput key="entity" source="entity" />]}
    >
      <ResponsiveList
        link="show"
        primary={(record) => `${actionName(record.action)} · ${entityName(record.entity)} ${record.entityId ?? ''}`}
        secondary={(record) => `${record.staffLogin ?? '—'} · ${formatDateTime(record.at)}`}
      >
        <DateField source="at" showTime locales="ru-RU" options={MOSCOW_TIME} />
        <TextField source="staffLogin" emptyText="система" />
        <FunctionField source="action" render={(record: RaRecord) => actionName(record.action)} />
        <FunctionField source="entity" render={(record: RaRecord) => entityName(record.entity)} />
        <TextField source="entityId" emptyText="—" />
      </ResponsiveList>
    </SearchableList>
  );
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'пусто';
  if (value === true) return 'да';
  if (value === false) return 'нет';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The record's before/after as a table of changed fields (unchanged ones are left out); a
 * creation has only "after", a deletion only "before".
 */
export function AuditDiff(_props: { label?: string }) {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]),
  );
  if (fields.length === 0) return <Typography>{translate('admin.audit.none')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('admin.audit.diff')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('admin.audit.field')}</TableCell>
            <TableCell>{translate('admin.audit.before')}</TableCell>
            <TableCell>{translate('admin.audit.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {translate(`resources.${String(record.entity)}.fields.${field}`, { _: field })}
              </TableCell>
              <TableCell sx={{ bgcolor: '#fdecea', color: '#5f2120', wordBreak: 'break-word', maxWidth: 360 }}>
                {show(before?.[field])}
              </TableCell>
              <TableCell sx={{ bgcolor: '#edf7ed', color: '#1e4620', wordBreak: 'break-word', maxWidth: 360 }}>
                {show(after?.[field])}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One audit entry with its diff. */
export const AuditLogShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateField source="at" showTime locales="ru-RU" options={MOSCOW_TIME} />
      <TextField source="staffLogin" emptyText="система" />
      <FunctionField source="action" render={(record: RaRecord) => actionName(record.action)} />
      <FunctionField source="entity" render={(record: RaRecord) => entityName(record.entity)} />
      <TextField source="entityId" emptyText="—" />
      <AuditDiff label="Изменения" />
    </SimpleShowLayout>
  </Show>
);
