/** Auth and user endpoints (spec §7 Auth and user), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
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
import { openapiRoute } from '../openapi';
import * as h from './auth.handlers';
import type { ApiApp } from '../../types';

const tags = ['Аккаунт'];
const security = [{ Token: [] }];

export const signIn = createRoute({
  method: 'post',
  path: '/api/v1/sign_in/',
  tags,
  request: jsonBody(SignInBody),
  responses: jsonResponses(TokenResponse, 'Регистрация; data.token', [400, 413, 429]),
});
export const auth = createRoute({
  method: 'post',
  path: '/api/v1/auth/',
  tags,
  request: jsonBody(AuthBody),
  responses: jsonResponses(TokenResponse, 'Вход; data.token', [400, 429]),
});
export const restAuthLogin = createRoute({
  method: 'post',
  path: '/api/v1/rest-auth/login/',
  tags,
  request: jsonBody(RestAuthLoginBody),
  responses: jsonResponses(RestAuthLoginResponse, 'Вход библиотеки авторизации', [400, 429]),
});
const getUserRoute = { path: '/api/v1/get_user/', tags, security } as const;
const getUserResponses = jsonResponses(UserResponse, 'Пользователь по токену', [401]);
export const getUser = createRoute({ method: 'get', ...getUserRoute, responses: getUserResponses });
export const getUserPost = createRoute({ method: 'post', ...getUserRoute, responses: getUserResponses });
export const logout = createRoute({
  method: 'post',
  path: '/api/v1/logout/',
  tags,
  security,
  responses: jsonResponses(OkResponse, 'Токен отозван', []),
});
export const changeInfo = createRoute({
  method: 'put',
  path: '/api/v1/changeinfo/',
  tags,
  security,
  request: jsonBody(ChangeInfoBody),
  responses: jsonResponses(UserResponse, 'Данные сохранены', [400, 401]),
});
export const reset = createRoute({
  method: 'post',
  path: '/api/v1/reset/',
  tags,
  request: jsonBody(ResetBody),
  responses: jsonResponses(OkResponse, 'Письмо со ссылкой /reset/{token} отправлено', [400, 429]),
});
export const resetComplete = createRoute({
  method: 'post',
  path: '/api/v1/reset/complite/',
  tags,
  request: jsonBody(ResetCompleteBody),
  responses: jsonResponses(OkResponse, 'Пароль сменён', [400, 429]),
});
export const providers = createRoute({
  method: 'get',
  path: '/api/v1/social/providers/',
  tags,
  responses: jsonResponses(SocialProvidersResponse, 'Настроенные соцсети', []),
});
export const socialExchange = createRoute({
  method: 'post',
  path: '/api/v1/login/social/token_user/{provider}/',
  tags,
  request: {
    // Any name is routed: the handler answers instagram, facebook and unknown names 404 with their own message.
    params: z.object({ provider: z.string().describe('vk (или vk-oauth2); instagram и facebook — 404') }),
    ...jsonBody(SocialExchangeBody),
  },
  responses: jsonResponses(TokenResponse, 'Вход через соцсеть; data.token', [400, 404]),
});

/** Registers the auth routes under /api/v1 and the `Token` security scheme they document. */
export function registerAuthRoutes(app: ApiApp) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Token', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'Token {token}',
  });
  openapiRoute(app, signIn, h.signIn);
  openapiRoute(app, auth, h.auth);
  openapiRoute(app, restAuthLogin, h.restAuthLogin);
  openapiRoute(app, getUser, h.getUser);
  openapiRoute(app, getUserPost, h.getUser);
  openapiRoute(app, logout, h.logout);
  openapiRoute(app, changeInfo, h.changeInfo);
  openapiRoute(app, reset, h.reset);
  openapiRoute(app, resetComplete, h.resetComplete);
  openapiRoute(app, providers, h.providers);
  // The spec writes the path relative to {host}/api; the auth library may call it without /v1.
  openapiRoute(app, socialExchange, h.socialExchange, { aliases: ['/api/login/social/token_user/:provider'] });
}
