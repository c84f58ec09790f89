// Every operation of the service, by area. Each area file defines its zod schemas and
// `*Operations` list; this list is what the OpenAPI document and the service's route
// table are checked against.
import type { Operation } from './operation.js';
import { fileTypeOperations } from './fileTypes.js';
import { schemaOperations } from './fileSchemas.js';
import { directoryOperations } from './directories.js';
import { uploadOperations } from './uploads.js';
import { fileOperations } from './files.js';
import { agentOperations } from './agent.js';
import { claimOperations } from './claims.js';

export * from './common.js';
export * from './operation.js';
export * from './problem.js';
export * from './fileTypes.js';
export * from './fileSchemas.js';
export * from './directories.js';
export * from './uploads.js';
export * from './files.js';
export * from './agent.js';
export * from './claims.js';

export const operations: Operation[] = [...fileTypeOperations, ...schemaOperations, ...directoryOperations, ...uploadOperations, ...fileOperations, ...agentOperations, ...claimOperations];
