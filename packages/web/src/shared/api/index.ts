export { ApiError, errorMessage, fieldErrorsOf, type ApiErrorDetails } from './api-error';
export { createQueryClient, isTransientFailure } from './query-client';
export { ApiClientProvider, useApiClient } from './ApiClientProvider';
export {
  createApiClient,
  type ApiAttachment,
  type ApiClient,
  type ApiClientOptions,
  type ApiRequestOptions,
  type CallInput,
  type QueryParams,
} from './client';
export { bannerOf, formPathOf, heldFields, markServerFields, type FieldPath, type FieldRenames } from './form-errors';
