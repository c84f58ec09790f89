import { Command } from 'commander';
import { registerControlCommands } from './control.js';
import { registerFolderCommands } from './folders.js';
import { locations } from './options.js';
import { registerServiceCommands } from './service.js';
import { registerStartCommand } from './start.js';

export function buildProgram(): Command {
  const program = new Command('docsync')
    .description('Hot-folder document extraction: watch folders, upload each file once, write the extracted values beside it.')
    .version('0.1.0');
  registerStartCommand(program);
  registerControlCommands(program);
  registerFolderCommands(program);
  registerServiceCommands(program, () => locations({}).dataDir);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await buildProgram().parseAsync(argv);
}
