// Reasons a person can act on, from the daemon's machine codes. The technical reason
// stays in the file's timeline; this is what the overview shows first. `key` names the
// same words in the UI's catalogue (renderer/src/i18n.ts), where they are translated.
export const FAILURE_CODES: ReadonlyArray<{ pattern: RegExp; key: string; text: string }> = [
  { pattern: /^(NETWORK_ERROR|TIMEOUT)$/, key: 'code.unreachable', text: 'The processing service cannot be reached. docsync keeps trying; check the network or the service.' },
  { pattern: /^HTTP_401_/, key: 'code.key', text: 'The service did not accept the API key. Check the key in Settings.' },
  { pattern: /^HTTP_403_/, key: 'code.readOnly', text: 'The API key is read-only or inactive. Use a key with write access.' },
  { pattern: /^HTTP_413_/, key: 'code.tooLarge', text: 'The file is larger than the service accepts.' },
  { pattern: /^HTTP_429_/, key: 'code.slowDown', text: 'The service asked docsync to slow down; it will continue shortly.' },
  { pattern: /^HTTP_5\d\d_/, key: 'code.serviceError', text: 'The service had a problem. docsync keeps trying.' },
  { pattern: /^FILE_GONE$/, key: 'code.gone', text: 'The file was moved or deleted before it could be uploaded.' },
  { pattern: /^FILE_UNREADABLE$/, key: 'code.unreadable', text: 'docsync cannot read the file (permissions, or another program has it locked).' },
  { pattern: /^PROCESSING_FAILED$/, key: 'code.processing', text: 'The service could not read this document.' },
  { pattern: /^NAME_NOT_UTF8$/, key: 'code.badName', text: 'The file name is not valid text: rename the file and docsync takes it.' },
  { pattern: /^DISK_FULL$/, key: 'code.diskFull', text: 'The disk is full: docsync waits for space.' },
  { pattern: /^FAILED_ON_PEER$/, key: 'code.peer', text: 'Another desktop sharing this folder could not process the file.' },
];

export function plainReason(code: string | null, reason: string | null): string {
  for (const { pattern, text } of FAILURE_CODES) if (code && pattern.test(code)) return reason ? `${text} (${reason})` : text;
  return reason ?? 'Failed.';
}
