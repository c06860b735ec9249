/** Auth and user endpoints (spec §7 Auth and user), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import {
  AuthBody,
  ChangeInfoBody,
  MyDataExport,
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
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './auth.handlers';
import type { ApiApp } from '../../types';

const open = routeGroup({ tags: ['Аккаунт'] });
const withToken = routeGroup({ tags: ['Аккаунт'], security: [{ Token: [] }] });
const userAnswer = jsonResponses(UserResponse, 'Пользователь по токену', [401]);

export const signIn = open.post(
  '/api/v1/sign_in/',
  { body: SignInBody },
  jsonResponses(TokenResponse, 'Регистрация; data.token', [400, 413, 429]),
);
export const auth = open.post(
  '/api/v1/auth/',
  { body: AuthBody },
  jsonResponses(TokenResponse, 'Вход; data.token', [400, 429]),
);
export const restAuthLogin = open.post(
  '/api/v1/rest-auth/login/',
  { body: RestAuthLoginBody },
  jsonResponses(RestAuthLoginResponse, 'Вход библиотеки авторизации', [400, 429]),
);
export const getUser = withToken.get('/api/v1/get_user/', {}, userAnswer);
export const getUserPost = withToken.post('/api/v1/get_user/', {}, userAnswer);
export const logout = withToken.post('/api/v1/logout/', {}, jsonResponses(OkResponse, 'Токен отозван', []));
export const changeInfo = withToken.put(
  '/api/v1/changeinfo/',
  { body: ChangeInfoBody },
  jsonResponses(UserResponse, 'Данные сохранены', [400, 401]),
);
export const reset = open.post(
  '/api/v1/reset/',
  { body: ResetBody },
  jsonResponses(OkResponse, 'Один ответ для любого адреса; письмо уходит, если у адреса есть аккаунт', [400, 429]),
);
export const resetComplete = open.post(
  '/api/v1/reset/complite/',
  { body: ResetCompleteBody },
  jsonResponses(OkResponse, 'Пароль сменён', [400, 429]),
);
export const myData = withToken.get(
  '/api/v1/my_data/',
  {},
  jsonResponses(MyDataExport, 'Мои данные: профиль, адреса, заказы, согласия (JSON-файл)', [401]),
);
export const deleteAccount = withToken.post(
  '/api/v1/delete_account/',
  {},
  jsonResponses(OkResponse, 'Аккаунт удалён, заказы сохранены без контактов', [401, 409]),
);
export const providers = open.get(
  '/api/v1/social/providers/',
  {},
  jsonResponses(SocialProvidersResponse, 'Настроенные соцсети', []),
);
export const socialExchange = open.post(
  '/api/v1/login/social/token_user/{provider}/',
  {
    // Any name is routed: the handler answers instagram, facebook and unknown names 404 with their own message.
    params: z.object({ provider: z.string().describe('vk (или vk-oauth2); instagram и facebook — 404') }),
    body: SocialExchangeBody,
  },
  jsonResponses(TokenResponse, 'Вход через соцсеть; data.token', [400, 404]),
);
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
  openapiRoute(app, myData, h.myData);
  openapiRoute(app, deleteAccount, h.deleteAccountHandler);
  openapiRoute(app, providers, h.providers);
  // The spec writes the path relative to {host}/api; the auth library may call it without /v1.
  openapiRoute(app, socialExchange, h.socialExchange, { aliases: ['/api/login/social/token_user/:provider'] });
}
