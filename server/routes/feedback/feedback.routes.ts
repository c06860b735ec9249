/**
 * Help form and newsletter endpoints (spec §7: send_message, subscribe, unsubscribe; issue #12:
 * the newsletter changes state only by POST, with double opt-in), one declaration per route
 * (routes/openapi.ts).
 */
import { ApiError } from '@/lib/api/contract/common';
import { SendMessageBody, SubscriptionQuery, SuccessMessage } from '@/lib/api/contract/feedback';
import { SubscribeBody, SubscriptionTokenBody } from '@/lib/api/contract/newsletter';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './feedback.handlers';
import type { ApiApp } from '../../types';

const feedback = routeGroup({ tags: ['Обратная связь'] });

export const sendMessage = feedback.post(
  '/api/v1/send_message/',
  { body: SendMessageBody },
  jsonResponses(SuccessMessage, 'Сообщение сохранено', [400, 429]),
);
export const subscribe = feedback.post(
  '/api/v1/subscribe/',
  { body: SubscribeBody },
  jsonResponses(SuccessMessage, 'Письмо для подтверждения отправлено', [400, 429, 503]),
  {
    description:
      'Двойное подтверждение: на адрес уходит письмо со ссылкой /subscribe/confirm/{token}; ответ одинаков для новых и уже подписанных адресов.',
  },
);
export const confirm = feedback.post(
  '/api/v1/subscribe/confirm/',
  { body: SubscriptionTokenBody },
  jsonResponses(SuccessMessage, 'Подписка подтверждена', [400, 429]),
);
export const unsubscribe = feedback.post(
  '/api/v1/unsubscribe/',
  { body: SubscriptionTokenBody },
  jsonResponses(SuccessMessage, 'Отписка от рассылки', [400, 429]),
  { description: 'По токену из ссылки /unsubscribe/{token} в письмах рассылки.' },
);
/** Spec §7's old GET form with `?email=`: documented as deprecated, answered 405 whatever the query. */
const postOnlyRoute = (path: '/api/v1/subscribe/' | '/api/v1/unsubscribe/') =>
  feedback.get(
    path,
    { query: SubscriptionQuery.partial() },
    {
      405: {
        description: 'Не меняет подписку: только POST (заголовок Allow: POST)',
        content: { 'application/json': { schema: ApiError } },
      },
    },
    { deprecated: true },
  );
export const subscribeGet = postOnlyRoute('/api/v1/subscribe/');
export const unsubscribeGet = postOnlyRoute('/api/v1/unsubscribe/');

/** Registers the feedback routes. */
export function registerFeedbackRoutes(app: ApiApp) {
  openapiRoute(app, sendMessage, h.sendMessage);
  openapiRoute(app, subscribe, h.subscribe);
  openapiRoute(app, confirm, h.confirm);
  openapiRoute(app, unsubscribe, h.unsubscribe);
  // The query is documented but never checked: a malformed e-mail gets the same 405 as a valid one.
  openapiRoute(app, subscribeGet, h.postOnly, { validate: false });
  openapiRoute(app, unsubscribeGet, h.postOnly, { validate: false });
}
