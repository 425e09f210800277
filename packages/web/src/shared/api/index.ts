export { ApiError, type ApiErrorDetails } from './api-error';
export { ApiClientProvider, useApiClient } from './ApiClientProvider';
export {
  createApiClient,
  type ApiAttachment,
  type ApiClient,
  type ApiClientOptions,
  type ApiRequestOptions,
  type QueryParams,
} from './client';
