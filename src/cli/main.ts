import { Command } from 'commander';
import { registerAskCommand } from './ask.js';
import { registerControlCommands } from './control.js';
import { registerFolderCommands } from './folders.js';
import { registerLogsCommand } from './logs.js';
import { registerOpenCommand } from './open.js';
import { locations } from './options.js';
import { registerReviewCommands } from './review.js';
import { registerStartCommand } from './start.js';

/**
 * The service commands pull in the whole local service (Fastify, PDF and OCR engines):
 * loaded only when the command line asks for them (or for help), so `docsync status` stays quick.
 */
export async function buildProgram(argv: string[] = process.argv): Promise<Command> {
  const program = new Command('docsync')
    .description('Hot-folder document extraction: watch folders, upload each file once, write the extracted values beside it.')
    .version('0.1.0');
  registerStartCommand(program);
  registerControlCommands(program);
  registerFolderCommands(program);
  registerAskCommand(program);
  registerOpenCommand(program);
  registerLogsCommand(program);
  registerReviewCommands(program);
  const args = argv.slice(2);
  if (args.length === 0 || args.some((a) => a === 'service' || a === 'help' || a === '--help' || a === '-h')) {
    const { registerServiceCommands } = await import('./service.js');
    registerServiceCommands(program, () => locations({}).dataDir);
  }
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await (await buildProgram(argv)).parseAsync(argv);
}
