/** Helpers to describe routes in the OpenAPI document from contract schemas. */
import { ApiError } from '@/lib/api/contract/common';
import type { z } from 'zod';

/** `{200: schema, 4xx: ApiError}` responses for the registry. */
export function jsonResponses(ok: z.ZodType, description: string, errors: number[] = [400, 404]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: z.ZodType } } }> = {
    200: { description, content: { 'application/json': { schema: ok } } },
  };
  for (const status of errors) {
    out[status] = { description: 'Ошибка', content: { 'application/json': { schema: ApiError } } };
  }
  return out;
}

/** A JSON request body for the registry. */
export function jsonBody(schema: z.ZodType) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}
