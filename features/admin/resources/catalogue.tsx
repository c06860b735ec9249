'use client';
/**
 * The catalogue view (issue #32 "Catalogue view"; 1C is the master of goods, prices and stock):
 * find a product, see its sizes, stock and price, hide or show it, fix its SEO text; import runs
 * with their reports, and a button that starts a YML import from a URL.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BooleanField,
  BooleanInput,
  DateField,
  Edit,
  Form,
  FunctionField,
  List,
  NumberInput,
  NumberField,
  SaveButton,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { MOSCOW_TIME, SearchableList, useConsoleAction } from '../components/resource-kit';
import { ResponsiveList } from '../components/responsive-list';
import { importSourceName, importStatusName } from '../names';
import { formatDateTime, formatRub } from './orders';
import type { AdminDataProvider, ProductSeo, ProductSeoText } from '../data-provider';

/** Products, searchable by name or article. */
export function ProductList() {
  return (
    <SearchableList sort={{ field: 'name', order: 'ASC' }}>
      <ResponsiveList
        primary={(record) => record.name}
        secondary={(record) =>
          `${record.article ?? ''} · ${formatRub(record.price)} · остаток ${record.stock ?? 0}${record.hidden ? ' · скрыт' : ''}`
        }
      >
        <TextField source="article" />
        <TextField source="name" />
        <TextField source="brand" emptyText="—" />
        <NumberField source="price" />
        <NumberField source="stock" />
        <BooleanField source="hidden" />
      </ResponsiveList>
    </SearchableList>
  );
}

type Size = { color?: string; name?: string; sku?: string; stock?: number };

/** The product's sizes with stock and price (read-only: they come from 1C). */
function Sizes() {
  const record = useRecordContext();
  const sizes = (record?.sizes as Size[] | undefined) ?? [];
  if (sizes.length === 0) return null;
  return (
    <ul aria-label="Размеры" style={{ margin: '8px 0', paddingLeft: 20 }}>
      {sizes.map((size, index) => (
        <li key={index}>
          {[size.color, size.name].filter(Boolean).join(', ')}: {size.stock ?? 0} шт.{size.sku ? ` · ${size.sku}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The SEO text of the product's page (issue #32 "fix its SEO text"): kept as the SEO record of the
 * page's URL, apart from the product, so a 1C or YML import never overwrites it; empty fields leave
 * the page its generated text. Its own form, saved by `PUT /products/{id}/seo`; an editor or the
 * owner writes, a manager reads.
 */
function ProductSeoSection() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<string | null>();
  const id = record?.id;
  const key = ['products', 'seo', id];
  const { data, error } = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.getProductSeo(id!),
    enabled: id !== undefined,
  });
  const canWrite = permissions === 'owner' || permissions === 'editor';
  const save = async (values: Record<string, unknown>) => {
    const text: ProductSeoText = {
      title: String(values.title ?? ''),
      description: String(values.description ?? ''),
      keywords: String(values.keywords ?? ''),
      h1: String(values.h1 ?? ''),
    };
    try {
      queryClient.setQueryData<ProductSeo>(key, await dataProvider.saveProductSeo(id!, text));
      notify('admin.products.seoSaved', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="product-seo-heading" sx={{ px: 2, pb: 2 }}>
      <Typography variant="h6" component="h2" id="product-seo-heading">
        {translate('admin.products.seoTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.products.seoHint')}{' '}
        {typeof record.url === 'string' && (
          <a href={record.url} target="_blank" rel="noreferrer">
            {record.url}
          </a>
        )}
      </Typography>
      {error ? (
        <Typography role="alert" color="error">
          {(error as Error).message}
        </Typography>
      ) : !data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Form record={data} onSubmit={save} disabled={!canWrite}>
          <TextInput source="title" fullWidth helperText={false} />
          <TextInput source="description" fullWidth multiline minRows={2} helperText={false} />
          <TextInput source="keywords" fullWidth helperText={false} />
          <TextInput source="h1" fullWidth helperText={false} />
          {canWrite && <SaveButton label="admin.products.seoSave" />}
        </Form>
      )}
    </Box>
  );
}

/**
 * A product: only whether the shop shows it (manager, owner) and its page's SEO text (editor,
 * owner) are the console's to change; name, prices, sizes and stock are 1C's (or the feed's) and
 * shown read-only.
 */
export function ProductEdit() {
  const { permissions } = usePermissions<string | null>();
  const mayHide = permissions === 'owner' || permissions === 'manager';
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={mayHide ? undefined : false}>
        <TextInput source="name" disabled fullWidth />
        <TextInput source="article" disabled />
        <TextInput source="brand" disabled />
        <TextInput source="categoryPath" disabled fullWidth />
        <NumberInput source="price" disabled />
        <Sizes />
        <BooleanInput
          source="hidden"
          disabled={!mayHide}
          helperText="Скрытый товар не виден покупателям: его нет в списках, фильтрах и поиске"
        />
      </SimpleForm>
      <ProductSeoSection />
    </Edit>
  );
}

/** "Загрузить YML": asks for a URL and starts an import run. */
function YmlImportButton() {
  const translate = useTranslate();
  const act = useConsoleAction('admin.imports.started');
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('admin.imports.yml')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="yml-title">
        <DialogTitle id="yml-title">{translate('admin.imports.yml')}</DialogTitle>
        <DialogContent>
          <MuiTextField
            id="yml-url"
            type="url"
            label={translate('admin.imports.ymlUrl')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!url}
            onClick={async () => {
              if (await act(() => dataProvider.startYmlImport(url))) setOpen(false);
            }}
          >
            {translate('admin.imports.start')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Import runs, newest first. */
export function ImportList() {
  return (
    <List
      sort={{ field: 'startedAt', order: 'DESC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <YmlImportButton />
        </TopToolbar>
      }
    >
      <ResponsiveList
        link="show"
        primary={(record) => `${importSourceName(record.source) || 'импорт'} · ${importStatusName(record.status)}`}
        secondary={(record) => formatDateTime(record.startedAt)}
      >
        <DateField source="startedAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
        <DateField source="finishedAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
        <FunctionField source="source" render={(record: RaRecord) => importSourceName(record.source)} />
        <FunctionField source="status" render={(record: RaRecord) => importStatusName(record.status)} />
      </ResponsiveList>
    </List>
  );
}

/** The run's report (the API's text or counts). */
function Report(_props: { label?: string }) {
  const record = useRecordContext();
  const report = record?.report;
  if (report === undefined || report === null) return <span>—</span>;
  return (
    <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>
      {typeof report === 'string' ? report : JSON.stringify(report, null, 2)}
    </pre>
  );
}

/** One import run with its report. */
export const ImportShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateField source="startedAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
      <DateField source="finishedAt" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
      <FunctionField source="source" render={(record: RaRecord) => importSourceName(record.source)} />
      <TextField source="input" emptyText="—" />
      <FunctionField source="status" render={(record: RaRecord) => importStatusName(record.status)} />
      <Report label="Отчёт" />
    </SimpleShowLayout>
  </Show>
);
