import type { ApiEnvelope } from '@tessera/domain';

export interface ApiErrorDetails {
  /** HTTP status of an answer outside 200–299. */
  status?: number;
  /** axios error code (ERR_NETWORK, ECONNABORTED, ERR_CANCELED, ERR_BAD_RESPONSE …). */
  code?: string;
  /** The envelope of an answer that should have been a file. */
  envelope?: ApiEnvelope<unknown>;
  cause?: unknown;
}

/**
 * Every failure of the HTTP client. `message` is what SPEC §8 says the person sees: the translated
 * description of the HTTP status, or the HTTP library's own message (Network Error, Request
 * aborted, timeout of N ms exceeded, Request failed with status code N).
 */
export class ApiError extends Error {
  readonly status?: number;
  readonly code?: string;
  readonly envelope?: ApiEnvelope<unknown>;

  constructor(message: string, { status, code, envelope, cause }: ApiErrorDetails = {}) {
    super(message, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.envelope = envelope;
  }
}
