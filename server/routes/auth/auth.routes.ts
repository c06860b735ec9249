/** Auth and user endpoints (spec §7 Auth and user), documented in OpenAPI. */
import { z } from 'zod';
import {
  AuthBody,
  ChangeInfoBody,
  OkResponse,
  ResetBody,
  ResetCompleteBody,
  RestAuthLoginBody,
  RestAuthLoginResponse,
  SignInBody,
  SocialExchangeBody,
  SocialProvidersResponse,
  TokenResponse,
  UserResponse,
} from '@/lib/api/contract/accounts';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './auth.handlers';
import type { ApiApp } from '../../types';

const TAG = ['Аккаунт'];
const auth = [{ Token: [] }];

/** Registers the auth routes under /api/v1. */
export function registerAuthRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerComponent('securitySchemes', 'Token', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Token {token}',
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/sign_in/',
    tags: TAG,
    request: jsonBody(SignInBody),
    responses: jsonResponses(TokenResponse, 'Регистрация; data.token', [400, 413, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/auth/',
    tags: TAG,
    request: jsonBody(AuthBody),
    responses: jsonResponses(TokenResponse, 'Вход; data.token', [400, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/rest-auth/login/',
    tags: TAG,
    request: jsonBody(RestAuthLoginBody),
    responses: jsonResponses(RestAuthLoginResponse, 'Вход библиотеки авторизации', [400, 429]),
  });
  for (const method of ['get', 'post'] as const) {
    r.registerPath({
      method,
      path: '/api/v1/get_user/',
      tags: TAG,
      security: auth,
      responses: jsonResponses(UserResponse, 'Пользователь по токену', [401]),
    });
  }
  r.registerPath({
    method: 'post',
    path: '/api/v1/logout/',
    tags: TAG,
    security: auth,
    responses: jsonResponses(OkResponse, 'Токен отозван', []),
  });
  r.registerPath({
    method: 'put',
    path: '/api/v1/changeinfo/',
    tags: TAG,
    security: auth,
    request: jsonBody(ChangeInfoBody),
    responses: jsonResponses(UserResponse, 'Данные сохранены', [400, 401]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/reset/',
    tags: TAG,
    request: jsonBody(ResetBody),
    responses: jsonResponses(OkResponse, 'Письмо со ссылкой /reset/{token} отправлено', [400, 429]),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/reset/complite/',
    tags: TAG,
    request: jsonBody(ResetCompleteBody),
    responses: jsonResponses(OkResponse, 'Пароль сменён', [400, 429]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/social/providers/',
    tags: TAG,
    responses: jsonResponses(SocialProvidersResponse, 'Настроенные соцсети', []),
  });
  r.registerPath({
    method: 'post',
    path: '/api/v1/login/social/token_user/{provider}/',
    tags: TAG,
    request: {
      params: z.object({ provider: z.enum(['vk', 'instagram', 'facebook']) }),
      ...jsonBody(SocialExchangeBody),
    },
    responses: jsonResponses(TokenResponse, 'Вход через соцсеть; data.token', [400, 404]),
  });

  app.post('/api/v1/sign_in', h.signIn);
  app.post('/api/v1/auth', h.auth);
  app.post('/api/v1/rest-auth/login', h.restAuthLogin);
  app.get('/api/v1/get_user', h.getUser);
  app.post('/api/v1/get_user', h.getUser);
  app.post('/api/v1/logout', h.logout);
  app.put('/api/v1/changeinfo', h.changeInfo);
  app.post('/api/v1/reset', h.reset);
  app.post('/api/v1/reset/complite', h.resetComplete);
  app.get('/api/v1/social/providers', h.providers);
  app.post('/api/v1/login/social/token_user/:provider', h.socialExchange);
  // The spec writes the path relative to {host}/api; the auth library may call it without /v1.
  app.post('/api/login/social/token_user/:provider', h.socialExchange);
}
