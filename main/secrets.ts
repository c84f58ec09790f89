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
