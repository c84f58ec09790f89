import path from 'node:path';

// The declared media type may be wrong: magic bytes decide, then the name, then the type.

export type Kind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'webp' | 'bmp' | 'gif' | 'zip' | 'xlsx' | 'docx' | 'csv' | 'txt' | 'unknown';

export const MEDIA_TYPES: Record<Kind, string> = {
  pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff', webp: 'image/webp',
  bmp: 'image/bmp', gif: 'image/gif', zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', csv: 'text/csv', txt: 'text/plain',
  unknown: 'application/octet-stream',
};

export function sniff(bytes: Buffer, fileName: string, mediaType: string): Kind {
  const ext = path.extname(fileName).toLowerCase().slice(1);
  const head = bytes.subarray(0, 8);
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (head[0] === 0x89 && head.toString('latin1', 1, 4) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.toString('latin1', 0, 4) === 'II*\0' || head.toString('latin1', 0, 4) === 'MM\0*') return 'tiff';
  if (head.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.toString('latin1', 0, 2) === 'BM') return 'bmp';
  if (head.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) {
    if (ext === 'xlsx' || ext === 'xlsm' || /spreadsheetml/.test(mediaType)) return 'xlsx';
    if (bytes.includes('xl/workbook.xml')) return 'xlsx';
    // Office and OpenDocument files are ZIPs too, but one document each, not archives to unpack.
    if (ext === 'docx' || /wordprocessingml/.test(mediaType) || bytes.includes('word/document.xml')) return 'docx';
    if (['pptx', 'odt', 'ods', 'odp', 'pages', 'key', 'numbers'].includes(ext) || bytes.includes('ppt/presentation.xml') || bytes.includes('application/vnd.oasis.opendocument')) return 'unknown';
    return 'zip';
  }
  if (ext === 'pdf' || mediaType === 'application/pdf') return 'unknown';
  if (looksLikeText(bytes)) {
    if (ext === 'csv' || ext === 'tsv' || /csv|tab-separated/.test(mediaType)) return 'csv';
    if (['txt', 'text', 'md', ''].includes(ext) || mediaType.startsWith('text/')) return 'txt';
  }
  return 'unknown';
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  const text = sample.toString('utf8');
  const bad = (text.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g) ?? []).length;
  return bad <= sample.length * 0.01;
}
