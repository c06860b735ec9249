/**
 * Help form and newsletter endpoints (spec §7: send_message, subscribe, unsubscribe; issue #12:
 * the newsletter changes state only by POST, with double opt-in), documented in OpenAPI.
 */
import { ApiError } from '@/lib/api/contract/common';
import { SendMessageBody, SubscriptionQuery, SuccessMessage } from '@/lib/api/contract/feedback';
import { SubscribeBody, SubscriptionTokenBody } from '@/lib/api/contract/newsletter';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './feedback.handlers';
import type { ApiApp } from '../../types';

const methodNotAllowed = {
  405: {
    description: 'Не меняет подписку: только POST (заголовок Allow: POST)',
    content: { 'application/json': { schema: ApiError } },
  },
};

/** Registers the feedback routes. */
export function registerFeedbackRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  const tags = ['Обратная связь'];
  r.registerPath({
    method: 'post',
    path: '/api/v1/send_message/',
    tags,
    request: jsonBody(SendMessageBody),
    responses: jsonResponses(SuccessMessage, 'Сообщение сохранено', [400, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/subscribe/',
    tags,
    description:
      'Двойное подтверждение: на адрес уходит письмо со ссылкой /subscribe/confirm/{token}; ответ одинаков для новых и уже подписанных адресов.',
    request: jsonBody(SubscribeBody),
    responses: jsonResponses(SuccessMessage, 'Письмо для подтверждения отправлено', [400, 429, 503]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/subscribe/confirm/',
    tags,
    request: jsonBody(SubscriptionTokenBody),
    responses: jsonResponses(SuccessMessage, 'Подписка подтверждена', [400, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/unsubscribe/',
    tags,
    description: 'По токену из ссылки /unsubscribe/{token} в письмах рассылки.',
    request: jsonBody(SubscriptionTokenBody),
    responses: jsonResponses(SuccessMessage, 'Отписка от рассылки', [400, 429]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/subscribe/',
    tags,
    deprecated: true,
    request: { query: SubscriptionQuery.partial() },
    responses: methodNotAllowed,
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/unsubscribe/',
    tags,
    deprecated: true,
    request: { query: SubscriptionQuery.partial() },
    responses: methodNotAllowed,
  });
  app.post('/api/v1/send_message', h.sendMessage);
  app.post('/api/v1/subscribe', h.subscribe);
  app.post('/api/v1/subscribe/confirm', h.confirm);
  app.post('/api/v1/unsubscribe', h.unsubscribe);
  app.get('/api/v1/subscribe', h.postOnly);
  app.get('/api/v1/unsubscribe', h.postOnly);
}
