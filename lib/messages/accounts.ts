/**
 * Russian texts of accounts, word for word where spec §5 (hints) and §8 (error catalogue) give
 * them; the rest are ours, in the same voice. Shared by the shop API and the storefront.
 */

/** Spec §8 texts, verbatim. */
export const SPEC_MESSAGES = {
  registrationDefault: 'Неизвестная ошибка, обратитесь в тех поддержку',
  duplicateEmail: 'Данная почта уже зарегистрирована в системе',
  duplicatePhone: 'Данный номер уже зарегистрирован в системе',
  loginFailed: 'Не удалось войти. Проверьте правильность вводимых логина и пароля',
  resetUnknownEmail: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина',
  /** Spec §4 password-change popup success. */
  dataSaved: 'Данные успешно сохранены',
} as const;

/**
 * Spec §8 "Social login library errors", verbatim (English in the spec's library; shown as the
 * error under the "Войти через VK" button and on the callback page).
 */
export const SOCIAL_LOGIN_MESSAGES = {
  unknownProvider: 'Unknown provider',
  popupClosed: 'Auth popup window closed',
  popupError: 'OAuth popup error occurred',
  stateMismatch: 'State parameter value does not match original OAuth request state value',
  noUser: 'There is no currently authenticated user',
} as const;

/**
 * Spec §8 reset success, the one answer for every address (issue #29: whether an address has an
 * account is not told, so spec §8's «Не удалось Найти пользователя…» is no longer answered):
 * 'Если почта {email} зарегистрирована, мы выслали на неё ссылку на смену пароля, …'.
 */
export function resetSentMessage(email: string): string {
  return `Если почта ${email} зарегистрирована, мы выслали на неё ссылку на смену пароля, пожалуйста, проверьте вашу почту.`;
}

/** Spec §5 password hints, verbatim. */
export const PASSWORD_HINTS = {
  length: 'Минимум 8 символов',
  upper: 'Минимум 1 заглавная буква',
  digit: 'Минимум 1 цифра',
} as const;

/** Our texts (the spec shows none for these). */
export const ACCOUNT_MESSAGES = {
  /** The reset request did not reach the shop (network, 5xx): the only error left besides 429. */
  resetFailed: 'Не удалось отправить ссылку. Попробуйте ещё раз',
  emailInvalid: 'Введите корректный адрес электронной почты',
  emailRequired: 'Введите адрес электронной почты',
  fullNameWords: 'Введите фамилию и имя через пробел',
  namePartsLength: 'Фамилия, имя и отчество — длиннее 2 символов каждое',
  nameTooLong: 'Слишком длинное имя',
  passwordRequired: 'Введите пароль',
  passwordTooLong: 'Пароль не длиннее 128 символов',
  passwordsDiffer: 'Пароли не совпадают',
  phoneIncomplete: 'Введите номер телефона полностью',
  unauthorized: 'Войдите в личный кабинет',
  tokenExpired: 'Сессия истекла, войдите снова',
  loginThrottled: 'Слишком много попыток входа. Попробуйте снова через 15 минут',
  resetThrottled: 'Слишком много запросов на смену пароля. Попробуйте снова через час',
  resetTokenInvalid: 'Ссылка для смены пароля недействительна или устарела. Запросите новую',
  addressNotFound: 'Адрес не найден',
  orderNotFound: 'Заказ не найден',
  socialNotConfigured: 'Вход через эту соцсеть не настроен',
  socialUnknownProvider: SOCIAL_LOGIN_MESSAGES.unknownProvider,
  socialFailed: 'Не удалось войти через соцсеть. Попробуйте ещё раз',
  /** Issue #34 item 7: the complete-registration popup sent for an account that has a password. */
  registrationComplete: 'Регистрация уже завершена. Изменить данные можно в личном кабинете',
} as const;
