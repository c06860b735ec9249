'use client';
/**
 * Storefront content in the console (issue #32 "Content"): banners (image through the media
 * pipeline, link, order, dates), news and blog articles (Markdown with preview, publish date,
 * cover), info pages, SEO records per URL, landing pages and the shop settings (header promo text,
 * organisation). Saving one is a change event: the storefront shows it within the freshness bound
 * (docs/caching.md).
 */
import {
  BooleanField,
  BooleanInput,
  DateField,
  DateTimeInput,
  Edit,
  NumberField,
  NumberInput,
  required,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { MarkdownInput, MediaInput } from '../components/inputs';
import { formPages, MOSCOW_TIME, SearchableList } from '../components/resource-kit';
import { ResponsiveList } from '../components/responsive-list';
import { formatDateTime } from './orders';

const dateRange = (record: RaRecord) =>
  `${record.dateFrom ? formatDateTime(record.dateFrom) : 'всегда'} — ${record.dateTo ? formatDateTime(record.dateTo) : 'без конца'}`;

const bannerPlaces = [
  { id: 'home', name: 'Слайдер на главной' },
  { id: 'container', name: 'В списке товаров' },
];

/** Banners: the list in display order. */
export function BannerList() {
  return (
    <SearchableList
      sort={{ field: 'sort', order: 'ASC' }}
      filters={[<SelectInput key="place" source="place" choices={bannerPlaces} />]}
    >
      <ResponsiveList primary={(record) => record.title || record.link || `#${record.id}`} secondary={dateRange}>
        <NumberField source="sort" />
        <TextField source="title" />
        <SelectField source="place" choices={bannerPlaces} />
        <TextField source="link" />
        <DateField source="dateFrom" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
        <DateField source="dateTo" showTime locales="ru-RU" options={MOSCOW_TIME} emptyText="—" />
        <BooleanField source="active" />
      </ResponsiveList>
    </SearchableList>
  );
}

function BannerForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <SelectInput source="place" choices={bannerPlaces} defaultValue="home" validate={required()} />
      <TextInput source="section" helperText="Раздел каталога для баннера в списке товаров, например kupalniki" />
      <MediaInput source="image" required />
      <TextInput source="imageAlt" fullWidth helperText="Что на картинке — для незрячих покупателей" />
      <TextInput source="text" fullWidth multiline />
      <TextInput source="link" fullWidth helperText="Путь на сайте (/sale) или адрес https://" />
      <TextInput source="linkText" />
      <NumberInput source="sort" defaultValue={0} helperText="Меньше — раньше" />
      <DateTimeInput source="dateFrom" />
      <DateTimeInput source="dateTo" />
      <BooleanInput source="active" defaultValue={true} />
    </SimpleForm>
  );
}

/** The banner editor: a new banner and an existing one. */
export const { Create: BannerCreate, Edit: BannerEdit } = formPages(BannerForm);

const articleKinds = [
  { id: 'news', name: 'Новости' },
  { id: 'blog', name: 'Блог' },
];

/** Articles: news and blog posts, newest first. */
export function ArticleList() {
  return (
    <SearchableList
      sort={{ field: 'publishedAt', order: 'DESC' }}
      filters={[<SelectInput key="kind" source="kind" choices={articleKinds} />]}
    >
      <ResponsiveList
        primary={(record) => record.title}
        secondary={(record) => `${record.kind === 'blog' ? 'Блог' : 'Новости'} · ${formatDateTime(record.publishedAt)}`}
      >
        <TextField source="title" />
        <SelectField source="kind" choices={articleKinds} />
        <TextField source="slug" />
        <DateField source="publishedAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
      </ResponsiveList>
    </SearchableList>
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
      <MediaInput source="cover" label="Обложка" required />
      <TextInput source="coverAlt" fullWidth />
      <TextInput source="excerpt" fullWidth multiline />
      <DateTimeInput source="publishedAt" helperText="Статья появится на сайте с этой даты; пусто — сейчас" />
      <MarkdownInput source="body" validate={required()} />
    </SimpleForm>
  );
}

/** New article and the article editor. */
export const { Create: ArticleCreate, Edit: ArticleEdit } = formPages(ArticleForm);

/** Info pages (delivery, returns, offer…). */
export function PageList() {
  return (
    <SearchableList sort={{ field: 'path', order: 'ASC' }}>
      <ResponsiveList primary={(record) => record.title} secondary={(record) => `/${record.path}`}>
        <TextField source="title" />
        <TextField source="path" />
        <DateField source="updatedAt" showTime locales="ru-RU" options={MOSCOW_TIME} />
      </ResponsiveList>
    </SearchableList>
  );
}

function PageForm() {
  return (
    <SimpleForm>
      <TextInput
        source="path"
        validate={required()}
        fullWidth
        helperText="Адрес без косой черты в начале: delivery-and-payments"
      />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="h1" validate={required()} fullWidth />
      <TextInput source="description" fullWidth multiline />
      <MarkdownInput source="body" />
    </SimpleForm>
  );
}
/** New info page and the info page editor. */
export const { Create: PageCreate, Edit: PageEdit } = formPages(PageForm);

/** SEO records: title, description and H1 per URL. */
export function SeoList() {
  return (
    <SearchableList sort={{ field: 'url', order: 'ASC' }}>
      <ResponsiveList primary={(record) => record.url} secondary={(record) => record.title}>
        <TextField source="url" />
        <TextField source="title" />
        <TextField source="h1" />
      </ResponsiveList>
    </SearchableList>
  );
}

function SeoForm() {
  return (
    <SimpleForm>
      <TextInput source="url" validate={required()} fullWidth helperText="Путь страницы, например /kupalniki" />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" fullWidth multiline />
      <TextInput source="keywords" fullWidth />
      <TextInput source="h1" fullWidth />
    </SimpleForm>
  );
}
/** New SEO record and the SEO record editor. */
export const { Create: SeoCreate, Edit: SeoEdit } = formPages(SeoForm);

/** Landing pages (/landing/{slug}). */
export function LandingList() {
  return (
    <SearchableList sort={{ field: 'sort', order: 'ASC' }}>
      <ResponsiveList primary={(record) => record.title} secondary={(record) => `/landing/${record.slug}`}>
        <NumberField source="sort" />
        <TextField source="title" />
        <TextField source="slug" />
        <TextField source="categoryPath" emptyText="—" />
      </ResponsiveList>
    </SearchableList>
  );
}

/** The landing's filter object as editable JSON text, and back ("" → {}). */
const formatJson = (value: unknown) => (value && typeof value === 'object' ? JSON.stringify(value) : (value ?? ''));
const parseJson = (value: string) => {
  if (!value.trim()) return {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const jsonObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? undefined
    : 'Фильтр — объект JSON, например {"brand":["maaji"]}';

function LandingForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} fullWidth />
      <TextInput source="h1" validate={required()} fullWidth />
      <TextInput source="description" fullWidth multiline />
      <TextInput source="categoryPath" fullWidth helperText="Раздел каталога, например kupalniki/slitnye" />
      <TextInput
        source="filter"
        fullWidth
        format={formatJson}
        parse={parseJson}
        validate={jsonObject}
        defaultValue={{}}
        helperText='Отбор товаров в JSON, например {"brand":["maaji"]}'
      />
      <NumberInput source="sort" defaultValue={0} />
      <MarkdownInput source="text" />
    </SimpleForm>
  );
}
/** New landing and the landing editor. */
export const { Create: LandingCreate, Edit: LandingEdit } = formPages(LandingForm);

/**
 * The settings record (id `shop`): the header promo text and the organisation (name, phones,
 * e-mail, address, hours, messenger and social links). Opened from the menu at /settings.
 */
export function SettingsEdit() {
  return (
    <Edit
      id="shop"
      resource="settings"
      mutationMode="pessimistic"
      redirect={false}
      title="Настройки магазина"
      actions={false}
    >
      <SimpleForm>
        <TextInput source="promoText" fullWidth multiline />
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="phone" validate={required()} />
        <TextInput source="phoneChats" />
        <TextInput source="email" type="email" validate={required()} fullWidth />
        <TextInput source="address" fullWidth />
        <TextInput source="workHours" fullWidth />
        <TextInput source="linkTelegram" fullWidth helperText="Адрес https://" />
        <TextInput source="linkWhatsapp" fullWidth helperText="Адрес https://" />
        <TextInput source="linkVk" fullWidth helperText="Адрес https://" />
        <TextInput source="linkInst" fullWidth helperText="Адрес https://" />
      </SimpleForm>
    </Edit>
  );
}
