import { createDirectory } from '../../contract/directories.js';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../errors.js';
import { getDirectory, insertDirectory, toDirectory } from '../store/directories.js';

export async function directoryRoutes(app: FastifyInstance): Promise<void> {
  app.operation(
    createDirectory,
    ({ body, auth }) => {
      let parent;
      if (body.parentId !== undefined) {
        parent = getDirectory(app.db, auth.workspaceId, body.parentId);
        if (!parent) {
          throw validationFailed('Invalid parentId.', [
            { code: 'NOT_FOUND', detail: 'No such directory in this workspace.', pointer: '/parentId' },
          ]);
        }
      }
      const row = insertDirectory(app.db, auth, app.serviceOptions.maxDirectoryDepth, {
        name: body.name,
        description: body.description,
        parent,
        active: body.isActive,
      });
      return { success: true, directory: toDirectory(row, auth.organizationId) };
    },
    { invalidDetails: { '/name': 'Invalid name.', '/parentId': 'Invalid parentId.' } },
  );
}
