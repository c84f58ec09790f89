import { createDirectory } from '../../contract/directories.js';
import type { ServiceContext } from '../context.js';
import { validationFailed } from '../errors.js';
import { getDirectory, insertDirectory, toDirectory } from '../store/directories.js';

export function registerDirectories(ctx: ServiceContext): void {
  ctx.route(
    createDirectory,
    ({ body, auth }) => {
      let parent;
      if (body.parentId !== undefined) {
        parent = getDirectory(ctx.db, auth.workspaceId, body.parentId);
        if (!parent) {
          throw validationFailed('Invalid parentId.', [
            { code: 'NOT_FOUND', detail: 'No such directory in this workspace.', pointer: '/parentId' },
          ]);
        }
      }
      const row = insertDirectory(ctx.db, auth, ctx.options.maxDirectoryDepth, {
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
