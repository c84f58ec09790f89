import fs from 'node:fs';
import { ConfigError } from './config.js';

/**
 * The key comes from DOCSYNC_API_KEY or a key file only its owner can read,
 * never from the config, so the config can be shared and logged safely.
 */
export function readApiKey(opts: { env?: NodeJS.ProcessEnv; keyFile?: string }): string {
  const env = opts.env ?? process.env;
  const fromEnv = env.DOCSYNC_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  if (!opts.keyFile) {
    throw new ConfigError('API_KEY_MISSING', 'a remote service needs an API key: set DOCSYNC_API_KEY or service.apiKeyFile');
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(opts.keyFile);
  } catch (err) {
    throw new ConfigError('API_KEY_MISSING', `service.apiKeyFile: ${(err as Error).message}`, 'service.apiKeyFile');
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new ConfigError(
      'API_KEY_UNSAFE',
      `service.apiKeyFile: ${opts.keyFile} is readable by others (mode ${(stat.mode & 0o777).toString(8)}); run chmod 600`,
      'service.apiKeyFile',
    );
  }
  const key = fs.readFileSync(opts.keyFile, 'utf8').trim();
  if (!key) throw new ConfigError('API_KEY_MISSING', `service.apiKeyFile: ${opts.keyFile} is empty`, 'service.apiKeyFile');
  return key;
}

/** Plain http is accepted for loopback only: the key must not cross a network in clear text. */
export function checkServiceUrl(url: string): void {
  const u = new URL(url);
  if (u.protocol === 'https:') return;
  const loopback = ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(u.hostname);
  if (u.protocol === 'http:' && loopback) return;
  throw new ConfigError('CONFIG_INVALID', `service.url: ${url} must be https (plain http only for loopback)`, 'service.url');
}
