import type { ServiceContext } from '../context.js';
import { registerDirectories } from './directories.js';
import { registerFileTypes } from './fileTypes.js';
import { registerUploads } from './uploads.js';
import { registerFiles } from './files.js';
import { registerAgent } from './agent.js';

/** Every area of the service; each registers its operations on the context. */
export const areas: Array<(ctx: ServiceContext) => void> = [registerDirectories, registerFileTypes, registerUploads, registerFiles, registerAgent];
