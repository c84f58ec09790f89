// Reasons a person can act on, from the daemon's machine codes. The technical reason
// stays in the file's timeline; this is what the overview shows first.
const PLAIN: Array<[RegExp, string]> = [
  [/^(NETWORK_ERROR|TIMEOUT)$/, 'The processing service cannot be reached. docsync keeps trying; check the network or the service.'],
  [/^HTTP_401_/, 'The service did not accept the API key. Check the key in Settings.'],
  [/^HTTP_403_/, 'The API key is read-only or inactive. Use a key with write access.'],
  [/^HTTP_413_/, 'The file is larger than the service accepts.'],
  [/^HTTP_429_/, 'The service asked docsync to slow down; it will continue shortly.'],
  [/^HTTP_5\d\d_/, 'The service had a problem. docsync keeps trying.'],
  [/^FILE_GONE$/, 'The file was moved or deleted before it could be uploaded.'],
  [/^FILE_UNREADABLE$/, 'docsync cannot read the file (permissions, or another program has it locked).'],
  [/^PROCESSING_FAILED$/, 'The service could not read this document.'],
];

export function plainReason(code: string | null, reason: string | null): string {
  for (const [pattern, text] of PLAIN) if (code && pattern.test(code)) return reason ? `${text} (${reason})` : text;
  return reason ?? 'Failed.';
}
