/** Lower case without accents: OCR without a language's data often loses them ("Fälligkeit" -> "Falligkeit"). */
export function normLabel(s: string): string {
  return s
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim()
    // "N°" (number) is often OCR'd as "N?".
    .replace(/(^|\s)n\?(?=\s|$)/g, '$1n°')
    // An "Invoice" whose capital I OCR read as a small l ("e-lnvoice", "lnvoice No."): no word starts "lnvo".
    .replace(/(?<!\p{L})lnvo/gu, 'invo');
}
