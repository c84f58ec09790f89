import ExcelJS from 'exceljs';
import type { PageLayout } from '../layout/model.js';
import { ProcessingError } from '../types.js';
import { layout, rowsToLines } from './text.js';

// A workbook: each worksheet becomes one page of cells (dates as ISO, numbers as
// written, a merged range's value in its first cell only); with isSplitExcel each
// worksheet becomes its own document.

export interface Sheet {
  name: string;
  page: PageLayout;
}

export async function xlsxSheets(bytes: Buffer): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new ProcessingError('XLSX_CORRUPT', `The spreadsheet is damaged or encrypted (${(err as Error).message}).`);
  }
  const sheets: Sheet[] = [];
  wb.worksheets.forEach((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      // A merged range's value once, in its first cell (the reader repeats it in every cell of the range: a description
      // merged over A:C read three times).
      row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = cell.isMerged && cell.master.address !== cell.address ? '' : cellText(cell)));
      rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
    });
    const filled = Array.from(rows, (r) => r ?? []);
    const n = sheets.length + 1;
    sheets.push({ name: ws.name, page: layout(rowsToLines(filled, n), n) });
  });
  if (!sheets.length) throw new ProcessingError('XLSX_EMPTY', 'The spreadsheet has no worksheets.');
  return sheets;
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (v && typeof v === 'object' && 'result' in v) {
    const r = (v as { result?: unknown }).result;
    return r instanceof Date ? r.toISOString().slice(0, 10) : String(r ?? '');
  }
  if (typeof v === 'number') return String(v);
  try {
    return cell.text ?? '';
  } catch {
    return String(v ?? '');
  }
}
