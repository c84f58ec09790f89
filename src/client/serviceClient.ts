import type { Body } from '../contract/operation.js';
import { createDirectory } from '../contract/directories.js';
import { ClientCore, type CallOptions } from './core.js';

/**
 * The typed client of the document service: one thin method per operation over `call`,
 * plus uploads and page iterators. See `ClientCore` for transport, retries and idempotency.
 */
export class ServiceClient extends ClientCore {
  /** POST /prod/v1/directories (spec 4.2). */
  createDirectory(body: Body<typeof createDirectory>, options?: CallOptions) {
    return this.call(createDirectory, { ...options, body });
  }
}
