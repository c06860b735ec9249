/**
 * Russian for the whole console (issue #32: every word an operator sees is Russian):
 * ra-language-russian completed with the keys it lacks (react-admin 5.15's guesser texts), the
 * console's own texts (`admin.*`) and the names of resources and fields (`resources.*`), which
 * react-admin uses for menus, titles and column headers.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import type { TranslationMessages } from 'react-admin';

/** Keys react-admin 5.15 uses that ra-language-russian 5.4 does not have. */
const missing = {
  ra: { guesser: { empty: { title: 'Нет данных', message: 'Проверьте источник данных' } } },
};

/** The console's own texts. */
const admin = {
  login: {
    title: 'Вход в консоль',
    login: 'Логин',
    password: 'Пароль',
    totp: 'Код из приложения',
    totpHint: 'Шесть цифр из приложения-аутентификатора',
    submit: 'Войти',
    next: 'Продолжить',
    failed: 'Неверный логин или пароль',
  },
  totp: {
    title: 'Включите вход по второму фактору',
    explain:
      'Владелец магазина входит в консоль с паролем и кодом из приложения-аутентификатора. Отсканируйте QR-код приложением (Яндекс Ключ, Google Authenticator, 1Password) или введите ключ вручную, затем введите код из приложения.',
    secret: 'Ключ',
    code: 'Код из приложения',
    enable: 'Включить',
    enabled: 'Второй фактор включён',
    qrAlt: 'QR-код для приложения-аутентификатора',
  },
  roles: { owner: 'Владелец', manager: 'Менеджер', editor: 'Редактор' },
  orders: {
    changeStatus: 'Сменить статус',
    newStatus: 'Новый статус',
    notify: 'Написать покупателю',
    statusChanged: 'Статус изменён',
    refundFull: 'Вернуть всё',
    refundLine: 'Вернуть',
    refundQuantity: 'Сколько вернуть',
    refundConfirmFull: 'Вернуть покупателю всю сумму заказа?',
    refundConfirmLine: 'Вернуть покупателю эту позицию?',
    refunded: 'Возврат оформлен',
    resend: 'Отправить подтверждение',
    resent: 'Подтверждение отправлено',
    export: 'Выгрузить в CSV',
    noItems: 'Нет товаров',
    noPayments: 'Платежей нет',
    noRefunds: 'Возвратов нет',
    noHistory: 'История пуста',
    itemsTitle: 'Товары',
    deliveryTitle: 'Доставка',
    paymentsTitle: 'Платежи',
    refundsTitle: 'Возвраты',
    historyTitle: 'История',
    customerTitle: 'Покупатель',
  },
  media: {
    choose: 'Выбрать изображение',
    uploading: 'Загрузка…',
    uploaded: 'Изображение загружено',
    none: 'Нет изображения',
  },
  markdown: { preview: 'Предпросмотр', edit: 'Текст', empty: 'Пусто' },
  giftCards: { block: 'Заблокировать', blocked: 'Сертификат заблокирован', confirm: 'Заблокировать сертификат?' },
  customers: {
    anonymise: 'Обезличить',
    anonymised: 'Данные покупателя обезличены',
    confirm:
      'Удалить персональные данные покупателя? Заказы останутся без имени, телефона и почты. Это нельзя отменить.',
  },
  products: {
    seoTitle: 'SEO-текст страницы товара',
    seoHint:
      'Хранится отдельно от товара: импорт из 1С или фида его не меняет. Пустое поле — текст по умолчанию. Страница:',
    seoSave: 'Сохранить SEO-текст',
    seoSaved: 'SEO-текст сохранён',
  },
  imports: { yml: 'Загрузить YML', ymlUrl: 'Адрес YML-файла', started: 'Загрузка запущена', start: 'Запустить' },
  audit: { before: 'Было', after: 'Стало', field: 'Поле', diff: 'Изменения', none: 'Без изменений' },
  yes: 'Да',
  no: 'Нет',
};

/** Names of resources and their fields (menus, page titles, column headers, form labels). */
const resources = {
  orders: {
    name: 'Заказ |||| Заказы',
    fields: {
      id: 'ID',
      number: 'Номер',
      createdAt: 'Создан',
      status: 'Статус',
      paymentStatus: 'Оплата',
      total: 'Сумма, ₽',
      customerName: 'Покупатель',
      name: 'Покупатель',
      email: 'Эл. почта',
      phone: 'Телефон',
      q: 'Номер, почта или телефон',
      dateFrom: 'С даты',
      dateTo: 'По дату',
      items: 'Товары',
      delivery: 'Доставка',
      payments: 'Платежи',
      refunds: 'Возвраты',
      history: 'История',
      comment: 'Комментарий',
    },
  },
  banners: {
    name: 'Баннер |||| Баннеры',
    fields: {
      title: 'Заголовок',
      place: 'Место',
      section: 'Раздел каталога',
      image: 'Изображение',
      imageAlt: 'Описание изображения',
      text: 'Текст',
      link: 'Ссылка',
      linkText: 'Текст ссылки',
      sort: 'Порядок',
      dateFrom: 'Показывать с',
      dateTo: 'Показывать до',
      active: 'Показывать',
      q: 'Поиск',
    },
  },
  articles: {
    name: 'Статья |||| Статьи',
    fields: {
      kind: 'Раздел',
      title: 'Заголовок',
      slug: 'Адрес (slug)',
      body: 'Текст (Markdown)',
      cover: 'Обложка',
      coverAlt: 'Описание обложки',
      publishedAt: 'Дата публикации',
      excerpt: 'Анонс',
      q: 'Поиск',
    },
  },
  'promo-codes': {
    name: 'Промокод |||| Промокоды',
    fields: {
      code: 'Код',
      description: 'Описание',
      kind: 'Тип скидки',
      percent: 'Скидка, %',
      amount: 'Скидка, ₽',
      minTotal: 'Минимальная сумма заказа, ₽',
      validFrom: 'Действует с',
      validUntil: 'Действует до',
      perCustomerLimit: 'Раз на покупателя',
      usageLimit: 'Всего использований',
      firstOrderOnly: 'Только на первый заказ',
      uses: 'Использован, раз',
      active: 'Включён',
      q: 'Поиск',
    },
  },
  staff: {
    name: 'Сотрудник |||| Сотрудники',
    fields: {
      login: 'Логин',
      name: 'Имя',
      role: 'Роль',
      password: 'Начальный пароль',
      totpEnabled: 'Второй фактор',
      disabled: 'Отключён',
      createdAt: 'Создан',
      lastLoginAt: 'Последний вход',
    },
  },
  'audit-log': {
    name: 'Запись журнала |||| Журнал действий',
    fields: {
      at: 'Когда',
      staffLogin: 'Кто',
      action: 'Действие',
      entity: 'Объект',
      entityId: 'ID объекта',
      before: 'Было',
      after: 'Стало',
      q: 'Поиск',
    },
  },
  'gift-cards': {
    name: 'Сертификат |||| Подарочные сертификаты',
    fields: {
      code: 'Код',
      amount: 'Номинал, ₽',
      balance: 'Остаток, ₽',
      status: 'Состояние',
      blocked: 'Заблокирован',
      expiresAt: 'Действует до',
      createdAt: 'Выпущен',
      blockedAt: 'Заблокирован',
      history: 'История',
      q: 'Поиск',
    },
  },
  settings: {
    name: 'Настройки |||| Настройки',
    fields: {
      promoText: 'Промо-строка в шапке',
      name: 'Название организации',
      phone: 'Телефон',
      phoneChats: 'Телефон мессенджеров',
      email: 'Эл. почта',
      address: 'Адрес',
      workHours: 'Часы работы',
      linkTelegram: 'Telegram',
      linkWhatsapp: 'WhatsApp',
      linkVk: 'ВКонтакте',
      linkInst: 'Instagram',
    },
  },
  pages: {
    name: 'Страница |||| Страницы',
    fields: {
      path: 'Адрес',
      title: 'Заголовок страницы (title)',
      h1: 'Заголовок H1',
      description: 'Описание (description)',
      body: 'Текст (Markdown)',
      updatedAt: 'Изменена',
      q: 'Поиск',
    },
  },
  seo: {
    name: 'SEO-запись |||| SEO',
    fields: {
      url: 'Адрес страницы',
      title: 'Title',
      description: 'Description',
      keywords: 'Keywords',
      h1: 'H1',
      q: 'Поиск',
    },
  },
  landings: {
    name: 'Лендинг |||| Лендинги',
    fields: {
      slug: 'Адрес',
      title: 'Заголовок страницы (title)',
      h1: 'Заголовок H1',
      description: 'Описание',
      text: 'Текст',
      categoryPath: 'Раздел каталога',
      filter: 'Отбор товаров',
      sort: 'Порядок',
      q: 'Поиск',
    },
  },
  customers: {
    name: 'Покупатель |||| Покупатели',
    fields: {
      name: 'Имя',
      email: 'Эл. почта',
      phone: 'Телефон',
      createdAt: 'Зарегистрирован',
      ordersCount: 'Заказов',
      orders: 'Заказы',
      anonymisedAt: 'Обезличен',
      q: 'Имя, почта или телефон',
    },
  },
  subscribers: {
    name: 'Подписчик |||| Подписчики',
    fields: { email: 'Эл. почта', status: 'Состояние', createdAt: 'Подписан', confirmedAt: 'Подтверждён', q: 'Поиск' },
  },
  consents: {
    name: 'Согласие |||| Согласия',
    fields: {
      at: 'Когда',
      kind: 'Вид согласия',
      subject: 'Кто',
      email: 'Эл. почта',
      phone: 'Телефон',
      documentVersion: 'Версия документа',
      ip: 'IP-адрес',
      withdrawnAt: 'Отозвано',
      q: 'Поиск',
    },
  },
  products: {
    name: 'Товар |||| Товары',
    fields: {
      name: 'Название',
      article: 'Артикул',
      brand: 'Бренд',
      price: 'Цена, ₽',
      stock: 'Остаток',
      sizes: 'Размеры',
      hidden: 'Скрыт',
      categoryPath: 'Раздел',
      category: 'Раздел',
      oldPrice: 'Старая цена, ₽',
      url: 'Страница',
      title: 'Title (заголовок в поиске и во вкладке)',
      description: 'Description (описание в поиске)',
      keywords: 'Keywords',
      h1: 'H1 (заголовок на странице)',
      q: 'Название или артикул',
    },
  },
  imports: {
    name: 'Импорт |||| Импорты',
    fields: {
      startedAt: 'Начат',
      finishedAt: 'Закончен',
      source: 'Источник',
      status: 'Состояние',
      report: 'Отчёт',
      input: 'Файл или адрес',
      errors: 'Ошибки',
    },
  },
};

/** All messages of the console. */
export const russian: TranslationMessages = {
  ...russianMessages,
  ra: {
    ...russianMessages.ra,
    // Russian quotation marks around the record's name in page titles.
    page: {
      ...russianMessages.ra.page,
      // «Баннер: создание», not «Создать Баннер» (the resource's name is a capitalised nominative).
      create: '%{name}: создание',
      edit: '%{name} «%{recordRepresentation}»',
      show: '%{name} «%{recordRepresentation}»',
    },
    guesser: { ...(russianMessages.ra as { guesser?: object }).guesser, ...missing.ra.guesser },
  },
  admin,
  resources,
} as TranslationMessages;

/** react-admin's i18n provider: Russian only (no language switcher). */
export const i18nProvider = polyglotI18nProvider(() => russian, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: false,
});
