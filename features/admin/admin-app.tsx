'use client';
/**
 * The operator console (issue #32): react-admin over `/api/admin` with Russian messages, the
 * staff sign-in with TOTP, and the resources each role may use (owner: everything; manager:
 * orders, refunds, promotions, people, catalogue visibility, imports; editor: content, SEO,
 * settings; a product's SEO text is an SEO record of its URL). The API enforces the roles too
 * (403); hiding only spares clicks.
 * Routing is react-admin's hash router under /admin (`/admin#/orders`), so one Next page serves it.
 */
import { Admin, CustomRoutes, Resource, defaultTheme } from 'react-admin';
import { createAuthProvider, type StaffRole } from './auth-provider';
import { Layout } from './components/layout';
import { LoginPage } from './components/login-page';
import { createDataProvider } from './data-provider';
import { i18nProvider } from './i18n';
import { ImportList, ImportShow, ProductEdit, ProductList } from './resources/catalogue';
import {
  ArticleCreate,
  ArticleEdit,
  ArticleList,
  BannerCreate,
  BannerEdit,
  BannerList,
  LandingCreate,
  LandingEdit,
  LandingList,
  PageCreate,
  PageEdit,
  PageList,
  SeoCreate,
  SeoEdit,
  SeoList,
  SettingsEdit,
} from './resources/content';
import { OrderList, OrderShow } from './resources/orders';
import {
  AuditLogList,
  AuditLogShow,
  ConsentList,
  CustomerList,
  CustomerShow,
  StaffCreate,
  StaffEdit,
  StaffList,
  SubscriberList,
} from './resources/people';
import {
  GiftCardCreate,
  GiftCardList,
  GiftCardShow,
  PromoCodeCreate,
  PromoCodeEdit,
  PromoCodeList,
} from './resources/promotions';

const dataProvider = createDataProvider();
const authProvider = createAuthProvider();

/** Contrast-safe theme (axe: text on the app bar and links ≥ 4.5:1). */
const theme = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f4e8c' },
    secondary: { main: '#2b2b2b' },
    error: { main: '#b3261e' },
    // Notifications: white on these is ≥ 7:1, so a snackbar still fading in stays readable.
    success: { main: '#1b5e20' },
    info: { main: '#0d47a1' },
    warning: { main: '#8a4b00' },
  },
};

const can = (role: StaffRole | null, ...roles: StaffRole[]) =>
  role === 'owner' || (role !== null && roles.includes(role));

/** The whole console; mounted only in the browser by admin-loader.tsx. */
export default function AdminApp() {
  return (
    <Admin
      title="Консоль магазина"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={Layout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(role: StaffRole | null) => [
        can(role, 'manager') && <Resource key="orders" name="orders" list={OrderList} show={OrderShow} />,
        can(role, 'editor') && (
          <Resource key="banners" name="banners" list={BannerList} create={BannerCreate} edit={BannerEdit} />
        ),
        can(role, 'editor') && (
          <Resource key="articles" name="articles" list={ArticleList} create={ArticleCreate} edit={ArticleEdit} />
        ),
        can(role, 'manager') && (
          <Resource
            key="promo-codes"
            name="promo-codes"
            list={PromoCodeList}
            create={PromoCodeCreate}
            edit={PromoCodeEdit}
          />
        ),
        can(role) && <Resource key="staff" name="staff" list={StaffList} create={StaffCreate} edit={StaffEdit} />,
        can(role) && <Resource key="audit-log" name="audit-log" list={AuditLogList} show={AuditLogShow} />,
        can(role, 'manager') && (
          <Resource
            key="gift-cards"
            name="gift-cards"
            list={GiftCardList}
            create={GiftCardCreate}
            show={GiftCardShow}
          />
        ),
        can(role, 'editor') && <Resource key="settings" name="settings" list={SettingsEdit} />,
        can(role, 'editor') && (
          <Resource key="pages" name="pages" list={PageList} create={PageCreate} edit={PageEdit} />
        ),
        can(role, 'editor') && <Resource key="seo" name="seo" list={SeoList} create={SeoCreate} edit={SeoEdit} />,
        can(role, 'editor') && (
          <Resource key="landings" name="landings" list={LandingList} create={LandingCreate} edit={LandingEdit} />
        ),
        can(role, 'manager') && <Resource key="customers" name="customers" list={CustomerList} show={CustomerShow} />,
        can(role, 'manager') && <Resource key="subscribers" name="subscribers" list={SubscriberList} />,
        can(role, 'manager') && <Resource key="consents" name="consents" list={ConsentList} />,
        // Managers hide and show products; editors fix a product page's SEO text.
        can(role, 'manager', 'editor') && (
          <Resource key="products" name="products" list={ProductList} edit={ProductEdit} />
        ),
        can(role, 'manager') && <Resource key="imports" name="imports" list={ImportList} show={ImportShow} />,
        <CustomRoutes key="custom">{[]}</CustomRoutes>,
      ]}
    </Admin>
  );
}
