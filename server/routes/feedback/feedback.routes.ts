/** Help form and newsletter endpoints (spec §7: send_message, subscribe, unsubscribe), documented in OpenAPI. */
import { SendMessageBody, SubscriptionQuery, SuccessMessage } from '@/lib/api/contract/feedback';
import type { ApiApp } from '../../types';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './feedback.handlers';

/** Registers the feedback routes. */
export function registerFeedbackRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  const tags = ['Обратная связь'];
  r.registerPath({ method: 'post', path: '/api/v1/send_message/', tags, request: jsonBody(SendMessageBody), responses: jsonResponses(SuccessMessage, 'Сообщение сохранено', [400]) });
  r.registerPath({ method: 'get', path: '/api/v1/subscribe/', tags, request: { query: SubscriptionQuery }, responses: jsonResponses(SuccessMessage, 'Подписка на рассылку', [400]) });
  r.registerPath({ method: 'get', path: '/api/v1/unsubscribe/', tags, request: { query: SubscriptionQuery }, responses: jsonResponses(SuccessMessage, 'Отписка от рассылки', [400, 404]) });
  app.post('/api/v1/send_message', h.sendMessage);
  app.get('/api/v1/subscribe', h.subscribe);
  app.get('/api/v1/unsubscribe', h.unsubscribe);
}
