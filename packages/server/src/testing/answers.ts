import { ErrCode, type ApiEnvelope, type FieldError } from '@tessera/domain';
import { expect } from 'vitest';
import type { ApiResponse } from './client';

/** The errCode of an answer that must be an application error (HTTP 200). */
export function errCodeOf(response: ApiResponse<unknown>): number {
  expect(response.status).toBe(200);
  return (response.body as ApiEnvelope<unknown>).errCode;
}

/** The fields named by an errCode 4 answer. */
export function badFieldsOf(response: ApiResponse<unknown>): string[] {
  expect(errCodeOf(response)).toBe(ErrCode.BadParams);
  return (response.body.data as FieldError[]).map((issue) => issue.field);
}
