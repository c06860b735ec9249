'use client';
/**
 * Storefront content in the console (issue #32 "Content"): banners (image through the media
 * pipeline, link, order, dates), news and blog articles (Markdown with preview, publish date,
 * cover), info pages, SEO records per URL, landing pages and the shop settings (header promo text,
 * organisation). Saving one is a change event: the storefront shows it within the freshness bound
 * (docs/caching.md).
 */
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DateField,
  DateTimeInput,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { MarkdownInput, MediaInput } from '../components/inputs';
import { ResponsiveList } from '../components/responsive-list';
import { formatDateTime } from './orders';

const dateRange = (record: RaRecord) =>
  `${record.dateFrom ? formatDateTime(record.dateFrom) : 'всегда'} — ${record.dateTo ? formatDateTime(record.dateTo) : 'без конца'}`;

/** Banners: the list in display order. */
export function BannerList() {
  return (
    <List sort={{ field: 'sort', order: 'ASC' }} exporter={false}>
      <ResponsiveList primary={(record) => record.title || record.link || `#${record.id}`} secondary={dateRange}>
        <NumberField source="sort" />
        <TextField source="title" />
        <TextField source="link" />
        <DateField source="dateFrom" showTime locales="ru-RU" />
        <DateField source="dateTo" showTime locales="ru-RU" />
        <BooleanField source="active" />
      </ResponsiveList>
    </List>
  );
}

function BannerForm() {
  return (
    <SimpleForm>
      <TextInput source="title" fullWidth />
      <MediaInput source="image" />
      <MediaInput source="imageMobile" />
      <TextInput source="alt" fullWidth />
      <TextInput source="link" validate={required()} fullWidth helperText="Например, /sale или /kupalniki" />
      <NumberInput source="sort" defaultValue={0} />
      <DateTimeInput source="dateFrom" />
      <DateTimeInput source="dateTo" />
      <BooleanInput source="active" defaultValue={true} />
    </SimpleForm>
  );
}

/** The banner editor (new banner). */
export const BannerCreate = () => (
  <Create redirect="list">
    <BannerForm />
  </Create>
);
/** The banner editor (existing banner). */
export const BannerEdit = () => (
  <Edit mutationMode="pessimistic">
    <BannerForm />
  </Edit>
);

const articleKinds = [
  { id: 'news', name: 'Новости' },
  { id: 'blog', name: 'Блог' },
];

/** Articles: news and blog posts, newest first. */
export function ArticleList() {
  return (
    <List
      sort={{ field: 'publishedAt', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="kind" source="kind" choices={articleKinds} />,
      ]}
      exporter={false}
    >
      <ResponsiveList
        primary={(record) => record.title}
        secondary={(record) => `${record.kind === 'blog' ? 'Блог' : 'Новости'} · ${formatDateTime(record.publishedAt)}`}
      >
        <TextField source="title" />
        <SelectField source="kind" choices={articleKinds} />
        <TextField source="slug" />
        <DateField source="publishedAt" showTime locales="ru-RU" />
      </ResponsiveList>
    </List>
  );
}

function ArticleForm() {
  return (
    <SimpleForm>
      <SelectInput source="kind" choices={articleKinds} validate={required()} defaultValue="news" />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput
        source="slug"
        validate={required()}
        fullWidth
        helperText="Латиница, цифры и дефисы: novaya-kollekciya"
      />
      <MediaInput source="cover" label="Обложка" />
      <DateTimeInput source="publishedAt" helperText="Статья появится на сайте с этой даты" />
      <MarkdownInput source="markdown" validate={required()} />
    </SimpleForm>
  );
}

/** New article. */
export const ArticleCreate = () => (
  <Create redirect="list">
    <ArticleForm />
  </Create>
);
/** Article editor. */
export const ArticleEdit = () => (
  <Edit mutationMode="pessimistic">
    <ArticleForm />
  </Edit>
);

/** Info pages (delivery, returns, offer…). */
export function PageList() {
  return (
    <List sort={{ field: 'slug', order: 'ASC' }} exporter={false}>
      <ResponsiveList primary={(record) => record.title} secondary={(record) => `/${record.slug}`}>
        <TextField source="title" />
        <TextField source="slug" />
      </ResponsiveList>
    </List>
  );
}

function PageForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} fullWidth />
      <MarkdownInput source="markdown" validate={required()} />
    </SimpleForm>
  );
}
/** New info page. */
export const PageCreate = () => (
  <Create redirect="list">
    <PageForm />
  </Create>
);
/** Info page editor. */
export const PageEdit = () => (
  <Edit mutationMode="pessimistic">
    <PageForm />
  </Edit>
);

/** SEO records: title, description and H1 per URL. */
export function SeoList() {
  return (
    <List
      sort={{ field: 'url', order: 'ASC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      exporter={false}
    >
      <ResponsiveList primary={(record) => record.url} secondary={(record) => record.title}>
        <TextField source="url" />
        <TextField source="title" />
        <TextField source="h1" />
      </ResponsiveList>
    </List>
  );
}

function SeoForm() {
  return (
    <SimpleForm>
      <TextInput source="url" validate={required()} fullWidth helperText="Путь страницы, например /kupalniki" />
      <TextInput source="title" fullWidth />
      <TextInput source="description" fullWidth multiline />
      <TextInput source="h1" fullWidth />
    </SimpleForm>
  );
}
/** New SEO record. */
export const SeoCreate = () => (
  <Create redirect="list">
    <SeoForm />
  </Create>
);
/** SEO record editor. */
export const SeoEdit = () => (
  <Edit mutationMode="pessimistic">
    <SeoForm />
  </Edit>
);

/** Landing pages (/landing/{slug}). */
export function LandingList() {
  return (
    <List sort={{ field: 'slug', order: 'ASC' }} exporter={false}>
      <ResponsiveList primary={(record) => record.title} secondary={(record) => `/landing/${record.slug}`}>
        <TextField source="title" />
        <TextField source="slug" />
        <BooleanField source="published" />
      </ResponsiveList>
    </List>
  );
}

function LandingForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} fullWidth />
      <TextInput source="h1" fullWidth />
      <TextInput source="description" fullWidth multiline />
      <TextInput source="filter" fullWidth helperText="Отбор товаров, например section=kupalniki&brand=seafolly" />
      <MarkdownInput source="markdown" />
      <BooleanInput source="published" defaultValue={true} />
    </SimpleForm>
  );
}
/** New landing. */
export const LandingCreate = () => (
  <Create redirect="list">
    <LandingForm />
  </Create>
);
/** Landing editor. */
export const LandingEdit = () => (
  <Edit mutationMode="pessimistic">
    <LandingForm />
  </Edit>
);

/**
 * The settings record (id `shop`): the header promo text and the organisation (phones,
 * messengers, social links). Opened directly as /settings/shop.
 */
export function SettingsEdit() {
  return (
    <Edit id="shop" resource="settings" mutationMode="pessimistic" redirect={false} title="Настройки магазина">
      <SimpleForm>
        <TextInput source="promoText" fullWidth multiline />
        <TextInput source="organisation.name" label="Название организации" fullWidth />
        <TextInput source="organisation.inn" label="ИНН" />
        <TextInput source="organisation.ogrn" label="ОГРН" />
        <TextInput source="organisation.address" label="Адрес" fullWidth />
        <TextInput source="organisation.email" label="Эл. почта" fullWidth />
        <ArrayInput source="organisation.phones" label="Телефоны">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="" label="Телефон" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="organisation.messengers.telegram" label="Telegram" fullWidth />
        <TextInput source="organisation.messengers.whatsapp" label="WhatsApp" fullWidth />
        <TextInput source="organisation.messengers.max" label="MAX" fullWidth />
        <TextInput source="organisation.socialLinks.vk" label="ВКонтакте" fullWidth />
        <TextInput source="organisation.socialLinks.ok" label="Одноклассники" fullWidth />
        <TextInput source="organisation.socialLinks.youtube" label="YouTube" fullWidth />
        <TextInput source="organisation.socialLinks.instagram" label="Instagram" fullWidth />
      </SimpleForm>
    </Edit>
  );
}
