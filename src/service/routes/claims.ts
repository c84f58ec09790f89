import type { FastifyInstance } from 'fastify';
import { finishClaim, releaseClaim, takeClaim } from '../../contract/claims.js';
import { conflict } from '../errors.js';
import * as claims from '../store/claims.js';

/** Claims of desktops sharing a folder (an extension, decisions 24; docs/shared-folder.md). */
export async function claimRoutes(app: FastifyInstance): Promise<void> {
  app.operation(takeClaim, ({ body, auth }) => claims.takeClaim(app.db, auth.workspaceId, body));

  app.operation(finishClaim, ({ body, auth }) => {
    const claim = claims.finishClaim(app.db, auth.workspaceId, body);
    if (!claim) throw conflict('This claim is not held by the caller: its lease ended and another desktop took it over, or it was never taken.');
    return { claim };
  });

  app.operation(releaseClaim, ({ body, auth }) => ({ released: claims.releaseClaim(app.db, auth.workspaceId, body) }));
}
