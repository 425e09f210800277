import { ErrCode } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { AppError, badParam, failureOf, schemaIssues } from './errors';

describe('mapping thrown values to application errors', () => {
  it('names nested, missing and unknown fields from schema failures', () => {
    const issues = schemaIssues(
      [
        { keyword: 'maxLength', instancePath: '/items/0/name', schemaPath: '', params: { limit: 60 } },
        { keyword: 'required', instancePath: '/owner', schemaPath: '', params: { missingProperty: 'userId' } },
        { keyword: 'additionalProperties', instancePath: '', schemaPath: '', params: { additionalProperty: 'colour' } },
        { keyword: 'type', instancePath: '', schemaPath: '', params: { type: 'object' } },
        { keyword: 'uniqueItems', instancePath: '/tags', schemaPath: '', params: { i: 1, j: 0 } },
      ],
      'body',
    );
    expect(issues).toEqual([
      { field: 'items.0.name', code: 'maxLength', messageKey: 'errors.param.maxLength', params: { limit: 60 } },
      {
        field: 'owner.userId',
        code: 'required',
        messageKey: 'errors.param.required',
        params: { missingProperty: 'userId' },
      },
      {
        field: 'colour',
        code: 'additionalProperties',
        messageKey: 'errors.param.additionalProperties',
        params: { additionalProperty: 'colour' },
      },
      { field: 'body', code: 'type', messageKey: 'errors.param.type', params: { type: 'object' } },
      { field: 'tags', code: 'uniqueItems', messageKey: 'errors.param.invalid', params: { i: 1, j: 0 } },
    ]);
  });

  it('keeps application errors as they are and treats anything else as unhandled', () => {
    expect(failureOf(new AppError(ErrCode.Forbidden, 'errors.xsrfInvalid'))).toMatchObject({
      errCode: 3,
      messageKey: 'errors.xsrfInvalid',
      unexpected: false,
    });
    expect(failureOf(badParam('limit', 'maximum', 'errors.param.maximum', { limit: 100 }))).toMatchObject({
      errCode: 4,
      issues: [{ field: 'limit', code: 'maximum' }],
    });
    expect(failureOf(new TypeError('x is undefined'))).toMatchObject({ errCode: ErrCode.Unhandled, unexpected: true });
    expect(failureOf('a string')).toMatchObject({ errCode: ErrCode.Unhandled, unexpected: true });
  });
});
