// Application errors (DOMAIN §1.3) and how any thrown value maps to one. Services throw AppError
// with a translation key; the envelope turns it into `{ret, errCode, msg, data}` in the caller's
// language.
import { ErrCode, type FieldIssue } from '@tessera/domain';
import type { FastifyError } from 'fastify';
import type { MessageParams } from './messages';

export type { FieldIssue };

export class AppError extends Error {
  readonly errCode: ErrCode;
  readonly messageKey: string;
  readonly data: unknown;
  readonly params: MessageParams | undefined;

  constructor(errCode: ErrCode, messageKey: string, data: unknown = null, params?: MessageParams) {
    // A refusal is an answer, not a fault: capturing its stack cost more than the rest of a refused
    // request (issue 15). Unhandled errors keep theirs for the log.
    const stackTraceLimit = Error.stackTraceLimit;
    if (errCode !== ErrCode.Unhandled) Error.stackTraceLimit = 0;
    super(messageKey);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.errCode = errCode;
    this.messageKey = messageKey;
    this.data = data;
    this.params = params;
  }
}

/** errCode 4; `data` is the list of failing fields. */
export class BadParamsError extends AppError {
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[]) {
    super(ErrCode.BadParams, 'errors.badParams');
    this.name = 'BadParamsError';
    this.issues = issues;
  }
}

export function badParam(field: string, code: string, messageKey: string, params?: MessageParams): BadParamsError {
  return new BadParamsError([{ field, code, messageKey, params }]);
}

export type Failure = {
  errCode: ErrCode;
  messageKey: string;
  params?: MessageParams;
  data: unknown;
  issues?: readonly FieldIssue[];
  /** A fault of ours rather than of the caller: logged with a trace id. */
  unexpected: boolean;
};

// Ajv keywords with a message of their own (errors.param.<keyword>); others use errors.param.invalid.
const DESCRIBED_KEYWORDS = new Set([
  'required',
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'additionalProperties',
]);

type SchemaIssue = NonNullable<FastifyError['validation']>[number];

function issueParams(params: Record<string, unknown>): MessageParams {
  const result: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') result[name] = value;
    else if (Array.isArray(value)) result[name] = value.map(String).join(', ');
    else if (typeof value === 'boolean') result[name] = String(value);
  }
  return result;
}

function fieldOf(issue: SchemaIssue, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter((part) => part !== '');
  const named = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof named === 'string') path.push(named);
  return path.length > 0 ? path.join('.') : (context ?? 'body');
}

/** Fastify's schema validation failures as field issues, naming the field. */
export function schemaIssues(issues: readonly SchemaIssue[], context: string | undefined): FieldIssue[] {
  return issues.map((issue) => ({
    field: fieldOf(issue, context),
    code: issue.keyword,
    messageKey: `errors.param.${DESCRIBED_KEYWORDS.has(issue.keyword) ? issue.keyword : 'invalid'}`,
    params: issueParams(issue.params),
  }));
}

// Failures of Fastify's request reading: the caller sent something we cannot read.
const REQUEST_FAULTS: Record<string, FieldIssue> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { field: 'body', code: 'tooLarge', messageKey: 'errors.param.bodyTooLarge' },
  FST_ERR_CTP_INVALID_JSON_BODY: { field: 'body', code: 'json', messageKey: 'errors.param.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { field: 'body', code: 'json', messageKey: 'errors.param.invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { field: 'content-type', code: 'mediaType', messageKey: 'errors.param.mediaType' },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

export function failureOf(error: unknown): Failure {
  if (error instanceof BadParamsError) {
    return {
      errCode: error.errCode,
      messageKey: error.messageKey,
      data: null,
      issues: error.issues,
      unexpected: false,
    };
  }
  if (error instanceof AppError) {
    return {
      errCode: error.errCode,
      messageKey: error.messageKey,
      params: error.params,
      data: error.data,
      unexpected: false,
    };
  }
  if (error instanceof Error && 'validation' in error && Array.isArray(error.validation)) {
    const { validation, validationContext } = error as FastifyError;
    return {
      errCode: ErrCode.BadParams,
      messageKey: 'errors.badParams',
      data: null,
      issues: schemaIssues(validation ?? [], validationContext),
      unexpected: false,
    };
  }
  if (isFastifyError(error)) {
    const fault = REQUEST_FAULTS[error.code];
    if (fault)
      return {
        errCode: ErrCode.BadParams,
        messageKey: 'errors.badParams',
        data: null,
        issues: [fault],
        unexpected: false,
      };
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return { errCode: ErrCode.BadParams, messageKey: 'errors.badRequest', data: null, unexpected: false };
    }
  }
  return { errCode: ErrCode.Unhandled, messageKey: 'errors.unhandled', data: null, unexpected: true };
}
