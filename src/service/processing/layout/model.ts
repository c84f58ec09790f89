// One page model for every source (PDF text layer, OCR, spreadsheets, plain text),
// so the extractor reads labels, values and table columns the same way everywhere.
// Coordinates are page units with the origin at the top left.

export interface Word {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A run of words on one line with no wide gap inside: a label, a value, a table cell. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
}

export interface Line {
  text: string;
  cells: Cell[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  page: number;
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  lines: Line[];
  source: 'text' | 'ocr';
  /** OCR mean confidence 0..1; 1 for a text layer. */
  quality: number;
  /**
   * A page image turned before it was read (upright by 90/180/270 degrees, a tilted scan
   * straightened): `degrees` clockwise about its centre from the image as given, `width` and
   * `height` that image's. Lines and cells are in the turned frame, where rows and columns line
   * up; boxes shown over the image as given are turned back (pageWords.ts).
   */
  turned?: { degrees: number; width: number; height: number };
}

export function pageText(page: PageLayout): string {
  return page.lines.map((l) => l.text).join('\n');
}
