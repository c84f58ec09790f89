export { ServiceClient } from './serviceClient.js';
export { ClientCore, INSTANCES, resolveBaseUrl, encodeQuery, type Instance, type ServiceClientOptions, type CallOptions, type CallInput, type CallResult } from './core.js';
export { ServiceError, type ClientErrorCode, type ServiceErrorInit } from './errors.js';
export { DEFAULT_RETRY, parseRetryAfter, backoffDelay, retryDelay, type RetryOptions } from './retryPolicy.js';
export type { RetryEvent } from './exchange.js';
export { uploadWithTicket, type UploadSource, type UploadOptions, type PresignedTicket } from './upload.js';
export { paginate, eachItem, nestValues, type Page } from './paging.js';
