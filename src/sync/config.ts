import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';

/** Temporary and system files nobody wants uploaded, plus docsync's own outputs. */
export const DEFAULT_EXCLUDES = [
  '~$*',
  '*.tmp',
  '*.part',
  '*.crdownload',
  '.~lock*',
  '.DS_Store',
  'Thumbs.db',
  'desktop.ini',
  '*.values.json',
  '*.values.csv',
  'docsync-ledger.csv',
  'docsync-ledger.xlsx',
  '.docsync-*',
];

const FolderSchema = z
  .object({
    path: z.string().min(1),
    remotePath: z.string().optional(),
    directoryId: z.string().optional(),
    ocrModel: z.string().optional(),
    schemaId: z.string().optional(),
    isEphemeral: z.boolean().default(false),
    isSplit: z.boolean().default(false),
    include: z.array(z.string()).default(['**']),
    /** Added to the defaults, never replacing them. */
    exclude: z.array(z.string()).default([]),
    onSuccess: z.enum(['keep', 'move']).default('keep'),
    onFailure: z.enum(['keep', 'move']).default('keep'),
    duplicates: z.enum(['skip', 'upload']).default('skip'),
    deletions: z.enum(['keep-remote', 'delete-remote']).default('keep-remote'),
    /** What happens to the previous remote file when a modified file is uploaded again. */
    replacedVersions: z.enum(['keep-remote', 'delete-remote']).default('keep-remote'),
    /**
     * Folder levels the service allows in destinationPath (decisions 18: depth 0 and 1 = 2 levels).
     * Deeper local paths fold: 'deepest' puts the file in the deepest allowed folder,
     * 'join' names that folder after the whole remaining path ("B - C - D").
     */
    remoteLevels: z.number().int().min(1).default(2),
    depthFolding: z.enum(['deepest', 'join']).default('deepest'),
    watch: z.enum(['auto', 'native', 'poll']).default('auto'),
    pollIntervalMs: z.number().int().positive().default(2000),
    /**
     * Symbolic links are never followed ('skip'); 'inside' follows a link whose target (real
     * path) stays inside this same watched folder and does not lead back up to the link.
     */
    links: z.enum(['skip', 'inside']).default('skip'),
  })
  .strict();

export const ConfigSchema = z
  .object({
    service: z
      .object({
        url: z.string().url().optional(),
        /** Regional instance (spec: au, sg, jp); its base address comes from instanceUrls. */
        instance: z.enum(['au', 'sg', 'jp']).optional(),
        instanceUrls: z.partialRecord(z.enum(['au', 'sg', 'jp']), z.string().url()).optional(),
        apiKeyFile: z.string().optional(),
      })
      .strict()
      .refine((s) => !s.instance || Boolean(s.instanceUrls?.[s.instance]), {
        message: 'a regional instance needs its base address in service.instanceUrls',
        path: ['instanceUrls'],
      })
      .default({}),
    folders: z.array(FolderSchema).default([]),
    concurrency: z.number().int().min(1).max(64).default(4),
    /** Port of the control API and UI on 127.0.0.1 (0: any free port). */
    uiPort: z.number().int().min(0).max(65535).default(7766),
    /** Used by folders that name no model or schema of their own (set in the UI's settings). */
    defaultOcrModel: z.string().optional(),
    defaultSchemaId: z.string().optional(),
    /** First month (1-12) of the fiscal year the embedded service's agent reads "this fiscal year", "FY2024" and 年度 with. */
    fiscalYearStart: z.number().int().min(1).max(12).optional(),
    settleMs: z.number().int().min(0).default(1000),
    rescanIntervalMs: z.number().int().min(1000).default(3_600_000),
    /**
     * Review (issue 16): values below `threshold` (the ranker's calibrated 99%-right cut) or a
     * required field left empty put a document in the review queue.
     */
    review: z
      .object({
        threshold: z.number().min(0).max(1).default(0.9),
        requiredFields: z.array(z.string().min(1)).default(['Invoice Date', 'Vendor Name', 'Total']),
      })
      .strict()
      .default({ threshold: 0.9, requiredFields: ['Invoice Date', 'Vendor Name', 'Total'] }),
    /**
     * Several desktops on one shared folder (docs/shared-folder.md): with a remote service that
     * offers claims, each file is uploaded and its outputs written by the one desktop holding its
     * claim. `off`: work alone. A holder renews its claims every third of `leaseMs`; a desktop
     * that stops (killed, unplugged) is taken over once its lease has run out.
     */
    sharedFolders: z
      .object({
        claims: z.enum(['auto', 'off']).default('auto'),
        leaseMs: z.number().int().min(1000).max(3_600_000).default(60_000),
      })
      .strict()
      .default({ claims: 'auto', leaseMs: 60_000 }),
    /** Cap of the retry and result-poll backoff. */
    maxBackoffMs: z.number().int().min(10).default(60_000),
    /** What the spreadsheets and sidecars look like, and what happens to them when a file goes. */
    outputs: z
      .object({
        /** Locale of dates, decimals and the ledger's headers (BCP 47, `de-DE`); the machine's by default. */
        locale: z.string().min(2).max(35).optional(),
        /** `auto`: `;` where the locale writes decimals with a comma (Excel there expects it), else `,`. */
        csvSeparator: z.enum(['auto', ',', ';']).default('auto'),
        /** `each-folder`: every sub-folder has its own ledger besides the watched folder's roll-up. */
        ledgers: z.enum(['root', 'each-folder']).default('each-folder'),
        /** A file deleted locally: its ledger rows and sidecars go (`remove`), or stay marked "deleted" (`keep`). */
        deletedFiles: z.enum(['remove', 'keep']).default('remove'),
      })
      .strict()
      .default({ csvSeparator: 'auto', ledgers: 'each-folder', deletedFiles: 'remove' }),
    log: z
      .object({
        level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
        maxBytes: z.number().int().min(1024).default(10 * 1024 * 1024),
        files: z.number().int().min(1).default(5),
      })
      .strict()
      .default({ level: 'info', maxBytes: 10 * 1024 * 1024, files: 5 }),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
export type FolderConfig = z.infer<typeof FolderSchema>;
export type FolderInput = z.input<typeof FolderSchema>;

export class ConfigError extends Error {
  constructor(
    readonly code: 'CONFIG_INVALID' | 'CONFIG_UNREADABLE' | 'CONFIG_JSON' | 'API_KEY_MISSING' | 'API_KEY_UNSAFE',
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface Locations {
  configFile: string;
  dataDir: string;
}

export function defaultLocations(opts: { config?: string; data?: string } = {}): Locations {
  const paths = envPaths('docsync', { suffix: '' });
  return {
    configFile: path.resolve(opts.config ?? path.join(paths.config, 'config.json')),
    dataDir: path.resolve(opts.data ?? paths.data),
  };
}

export function defaultInbox(): string {
  return path.join(os.homedir(), 'docsync', 'Inbox');
}

/** Parse and validate; the error names the first offending field. */
export function parseConfig(raw: unknown): Config {
  if (raw && typeof raw === 'object' && 'apiKey' in raw) {
    throw new ConfigError('CONFIG_INVALID', 'apiKey: the API key never goes in the config; use DOCSYNC_API_KEY or service.apiKeyFile', 'apiKey');
  }
  const result = ConfigSchema.safeParse(raw);
  if (result.success) return normalizeFolders(result.data);
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || '(root)';
  throw new ConfigError('CONFIG_INVALID', `${field}: ${issue.message}`, field);
}

function normalizeFolders(config: Config): Config {
  const seen = new Set<string>();
  config.folders.forEach((folder, i) => {
    folder.path = path.resolve(expandHome(folder.path));
    if (seen.has(folder.path)) {
      throw new ConfigError('CONFIG_INVALID', `folders.${i}.path: folder listed twice`, `folders.${i}.path`);
    }
    seen.add(folder.path);
  });
  return config;
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

/** A missing file is an empty config (first run); an unreadable or invalid one is an error. */
export function loadConfig(file: string): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return parseConfig({});
    throw new ConfigError('CONFIG_UNREADABLE', `${file}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError('CONFIG_JSON', `${file}: not valid JSON (${(err as Error).message})`);
  }
  return parseConfig(raw);
}

/** Written atomically so a running daemon never reads half a file. */
export function saveConfig(file: string, config: Config): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(config, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

export function addFolder(config: Config, input: FolderInput): Config {
  const next = parseConfig({ ...config, folders: [...config.folders, input] });
  return next;
}

export function removeFolder(config: Config, folderPath: string): { config: Config; removed: boolean } {
  const target = path.resolve(expandHome(folderPath));
  const folders = config.folders.filter((f) => f.path !== target);
  return { config: { ...config, folders }, removed: folders.length !== config.folders.length };
}
