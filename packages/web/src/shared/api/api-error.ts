import { ErrCode, type ApiEnvelope } from '@tessera/domain';

export interface ApiErrorDetails {
  /** HTTP status of an answer outside 200–299. */
  status?: number;
  /** axios error code (ERR_NETWORK, ECONNABORTED, ERR_CANCELED, ERR_BAD_RESPONSE …). */
  code?: string;
  /** The envelope of a refused call (errCode not 0), or of an answer that should have been a file. */
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

  /** The server's errCode (DOMAIN §1.3); undefined when no envelope came back. */
  get errCode(): number | undefined {
    return this.envelope?.errCode;
  }

  /** The envelope's data: for errCode 4 the list of refused fields ({field, code, message}). */
  get data(): unknown {
    return this.envelope?.data;
  }
}

/** The refused fields of an errCode 4 answer, by field name; empty for any other error. */
export function fieldErrorsOf(error: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof ApiError) || error.errCode !== ErrCode.BadParams || !Array.isArray(error.data)) return fields;
  for (const item of error.data as unknown[]) {
    if (typeof item === 'object' && item !== null && 'field' in item && 'message' in item) {
      const { field, message } = item as { field: unknown; message: unknown };
      if (typeof field === 'string' && typeof message === 'string' && !fields.has(field)) fields.set(field, message);
    }
  }
  return fields;
}

/** What a failure tells the person: an ApiError's message (the server's msg), or any error's own message. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error ?? ''));
