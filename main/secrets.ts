// The API key at rest: encrypted by the OS (Electron safeStorage: Keychain, DPAPI,
// libsecret), never plain text. The cipher is an interface so this logic is testable.
import fs from 'node:fs';
import path from 'node:path';

export interface Cipher {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

export class SecretFile {
  constructor(
    private readonly file: string,
    private readonly cipher: Cipher,
  ) {}

  save(secret: string): void {
    if (!this.cipher.isAvailable()) {
      throw new Error('The system keychain is not available: the API key cannot be stored safely. Set DOCSYNC_API_KEY instead.');
    }
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, this.cipher.encrypt(secret), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  load(): string | undefined {
    if (!fs.existsSync(this.file)) return undefined;
    return this.cipher.decrypt(fs.readFileSync(this.file));
  }

  clear(): void {
    fs.rmSync(this.file, { force: true });
  }
}

/**
 * A key the daemon wrote in plain text (Settings in the UI, `<data>/api-key`, 0600) is taken
 * into the encrypted store and the plain file deleted; the daemon then gets it through its
 * environment. Returns true when a key was taken (the daemon must restart to use it).
 * Without a keychain the plain file stays (the CLI's documented 0600 fallback).
 */
export function adoptPlainKey(plainFile: string, store: SecretFile, cipher: Pick<Cipher, 'isAvailable'>): boolean {
  if (!cipher.isAvailable() || !fs.existsSync(plainFile)) return false;
  const key = fs.readFileSync(plainFile, 'utf8').trim();
  if (key) store.save(key);
  else store.clear();
  fs.rmSync(plainFile, { force: true });
  return true;
}
