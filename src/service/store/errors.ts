// What a store refuses, as plain errors with a stable code: stores know nothing of HTTP. The route
// layer turns them into problem details (problemOf in errors.ts), with the same status and text
// for every operation.

export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A directory would be deeper than the service allows (decisions 18). */
export class DirectoryTooDeep extends StoreError {
  constructor(readonly maxDepth: number) {
    super('DIRECTORY_TOO_DEEP', 'Directory depth limit exceeded');
  }
}

/** A folder name of a destination path that cannot be a directory (`..`, `.`, control characters, too long). */
export class InvalidFolderName extends StoreError {
  constructor(readonly folderName: string) {
    super('INVALID_PATH', `Invalid folder name "${folderName}".`);
  }
}

/** Bytes streamed into the blob store passed the size limit. */
export class BlobTooLarge extends StoreError {
  constructor(readonly maxBytes: number) {
    super('BLOB_TOO_LARGE', `File exceeds the size limit of ${maxBytes} bytes.`);
  }
}
