/**
 * Help form and newsletter endpoints (spec §7: send_message, subscribe, unsubscribe; issue #12:
 * the newsletter changes state only by POST, with double opt-in), one declaration per route
 * (routes/openapi.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '@/lib/api/contract/common';
import { SendMessageBody, SubscriptionQuery, SuccessMessage } from '@/lib/api/contract/feedback';
import { SubscribeBody, SubscriptionTokenBody } from '@/lib/api/contract/newsletter';
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './feedback.handlers';
import type { ApiApp } from '../../types';

const tags = ['Обратная связь'];

export const sendMessage = createRoute({
  method: 'post',
  path: '/api/v1/send_message/',
  tags,
  request: jsonBody(SendMessageBody),
  responses: jsonResponses(SuccessMessage, 'Сообщение сохранено', [400, 429]),
});
export const subscribe = createRoute({
  method: 'post',
  path: '/api/v1/subscribe/',
  tags,
  description:
    'Двойное подтверждение: на адрес уходит письмо со ссылкой /subscribe/confirm/{token}; ответ одинаков для новых и уже подписанных адресов.',
  request: jsonBody(SubscribeBody),
  responses: jsonResponses(SuccessMessage, 'Письмо для подтверждения отправлено', [400, 429, 503]),
});
export const confirm = createRoute({
  method: 'post',
  path: '/api/v1/subscribe/confirm/',
  tags,
  request: jsonBody(SubscriptionTokenBody),
  responses: jsonResponses(SuccessMessage, 'Подписка подтверждена', [400, 429]),
});
export const unsubscribe = createRoute({
  method: 'post',
  path: '/api/v1/unsubscribe/',
  tags,
  description: 'По токену из ссылки /unsubscribe/{token} в письмах рассылки.',
  request: jsonBody(SubscriptionTokenBody),
  responses: jsonResponses(SuccessMessage, 'Отписка от рассылки', [400, 429]),
});
/** Spec §7's old GET form with `?email=`: documented as deprecated, answered 405 whatever the query. */
const postOnlyRoute = (path: '/api/v1/subscribe/' | '/api/v1/unsubscribe/') =>
  createRoute({
    method: 'get',
    path,
    tags,
    deprecated: true,
    request: { query: SubscriptionQuery.partial() },
    responses: {
      405: {
        description: 'Не меняет подписку: только POST (заголовок Allow: POST)',
        content: { 'application/json': { schema: ApiError } },
      },
    },
  });
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
