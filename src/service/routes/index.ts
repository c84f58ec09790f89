import type { FastifyPluginAsync } from 'fastify';
import { agentRoutes } from './agent.js';
import { claimRoutes } from './claims.js';
import { directoryRoutes } from './directories.js';
import { fileRoutes } from './files.js';
import { fileTypeRoutes } from './fileTypes.js';
import { uploadRoutes } from './uploads.js';

/** Every area of the service: a Fastify plugin each, registering its operations in its own scope. */
export const areas: FastifyPluginAsync[] = [directoryRoutes, fileTypeRoutes, uploadRoutes, fileRoutes, agentRoutes, claimRoutes];
