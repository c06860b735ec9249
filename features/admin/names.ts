/**
 * Russian names of the codes the console API answers with (issue #32: every word an operator sees
 * is Russian): audit-log actions and entities, and consent kinds. The codes are the API's
 * (server/services/admin/*, server/routes/admin/*, server/routes/reviews/reviews.admin.ts,
 * server/admin/cli.ts); a code without a name here is shown as it is.
 */

/** A function that names a code by `names`: the code itself (as a string) when unknown. */
function namer(names: Record<string, string>): (code: unknown) => string {
  return (code) => names[String(code ?? '')] ?? String(code ?? '');
}

const actionNames: Record<string, string> = {
  create: 'Создание',
  update: 'Изменение',
  'update+password': 'Изменение и новый пароль',
  delete: 'Удаление',
  disable: 'Отключение',
  login: 'Вход',
  logout: 'Выход',
  password: 'Смена пароля',
  totp: 'Включение второго фактора',
  'totp-reset': 'Сброс второго фактора',
  resend: 'Повтор подтверждения',
  hide: 'Скрытие',
  show: 'Показ',
  run: 'Запуск импорта',
  refund: 'Возврат',
  status: 'Смена статуса',
  block: 'Блокировка',
  unblock: 'Разблокировка',
  anonymise: 'Обезличивание',
  approve: 'Публикация отзыва',
  reject: 'Отклонение отзыва',
};

const entityNames: Record<string, string> = {
  staff: 'Сотрудник',
  orders: 'Заказ',
  banners: 'Баннер',
  articles: 'Статья',
  pages: 'Страница',
  seo: 'SEO-запись',
  landings: 'Лендинг',
  settings: 'Настройки',
  'promo-codes': 'Промокод',
  'gift-cards': 'Сертификат',
  customers: 'Покупатель',
  products: 'Товар',
  imports: 'Импорт',
  media: 'Изображение',
  reviews: 'Отзыв',
};

const consentKindNames: Record<string, string> = {
  'personal-data': 'Обработка персональных данных',
  advertising: 'Рекламная рассылка',
};

/** Russian name of an audit action code ("refund" → «Возврат»); the code itself when unknown. */
export const actionName = namer(actionNames);

/** Russian name of an audited entity ("banners" → «Баннер»); the code itself when unknown. */
export const entityName = namer(entityNames);

/** Russian name of a consent kind of the consent log ("advertising" → «Рекламная рассылка»). */
export const consentKindName = namer(consentKindNames);

/** Choices of the consent kind filter (the API's `kind` codes). */
export const consentKindChoices = Object.entries(consentKindNames).map(([id, name]) => ({ id, name }));

const importSourceNames: Record<string, string> = { yml: 'YML-фид', commerceml: '1С (CommerceML)' };
const importStatusNames: Record<string, string> = { running: 'Идёт', success: 'Успешно', failure: 'Ошибка' };

/** Russian name of an import run's source ("commerceml" → «1С (CommerceML)»). */
export const importSourceName = namer(importSourceNames);

/** Russian name of an import run's state ("success" → «Успешно»). */
export const importStatusName = namer(importStatusNames);
