import sharp from 'sharp';
import type { PageLayout } from '../layout/model.js';
import { locateValue } from './locate.js';
import { fieldRole } from './roles.js';
import type { ExtractedField, FieldSource } from '../types.js';
import { withWorker } from '../ocr/pool.js';
import { cellBox } from '../pageWords.js';
import { createRequire } from 'node:module';

// PaddleOCR's Chinese/English dictionary has no Latin diacritics, so a scan's
// "Ferretería López S.L." is read "Ferreteria Lopez S.L." (issue 15). After
// extraction, the box of each name-like value (vendor, customer, line-item
// descriptions) is cut from the page image and read again by tesseract.js with
// Latin languages' data. Its reading is taken only for its accents: it must be
// the same letters as PaddleOCR's once accents and case are folded (spaces
// aside), and only the marks are carried over onto PaddleOCR's text, so this
// can add diacritics but never change a letter, the case or the spacing.

/**
 * Latin languages whose letters carry marks (npm data, nothing fetched), each with words
 * (accents folded) that mark a document written in it. tesseract given all of them at once
 * reads the first one's marks into the others' words ("López" as "Löpez"), so the page's
 * language is guessed from its text and only that language's data is used.
 */
const LANGUAGE_WORDS: Record<string, string[]> = {
  deu: ['rechnung', 'rechnungsnummer', 'mwst', 'ust', 'betrag', 'summe', 'gesamtbetrag', 'netto', 'brutto', 'menge', 'bezeichnung', 'zahlbar', 'gmbh', 'strasse', 'bitte', 'lieferdatum', 'steuernummer', 'kg'],
  fra: ['facture', 'tva', 'montant', 'ttc', 'ht', 'sarl', 'sas', 'quantite', 'designation', 'prix', 'rue', 'echeance', 'paiement', 'siret', 'facturation', 'remise'],
  spa: ['factura', 'iva', 'importe', 'fecha', 'cantidad', 'descripcion', 'calle', 'base', 'imponible', 'cif', 'nif', 'vencimiento', 'precio', 'sl', 'sa'],
  ita: ['fattura', 'iva', 'importo', 'data', 'quantita', 'descrizione', 'via', 'srl', 'spa', 'totale', 'imponibile', 'scadenza', 'prezzo', 'partita'],
  por: ['fatura', 'iva', 'valor', 'data', 'quantidade', 'descricao', 'rua', 'lda', 'nif', 'vencimento', 'preco', 'contribuinte'],
  nld: ['factuur', 'btw', 'bedrag', 'datum', 'aantal', 'omschrijving', 'totaal', 'bv', 'straat', 'vervaldatum', 'prijs', 'kvk', 'factuurnummer'],
  swe: ['kvitto', 'faktura', 'moms', 'belopp', 'datum', 'antal', 'summa', 'betala', 'ab', 'kontant', 'kort', 'forfallodatum', 'att'],
  hun: ['szamla', 'adoszam', 'afa', 'fizetesi', 'fizetendo', 'osszesen', 'megnevezes', 'kelte', 'hatarido', 'teljesites', 'elado', 'vevo', 'kft', 'zrt', 'bt', 'egysegar'],
  // Czech and Slovak share most words; their own ones tell them apart (ř, ě, ů only Czech; ô, ä, ľ only Slovak).
  ces: ['dph', 'ico', 'dic', 'celkem', 'uhrade', 'splatnosti', 'dodavatel', 'odberatel', 'cislo', 'mnozstvi', 'cena', 'zaklad', 'sro', 'vystaveni', 'uskutecneni', 'plneni', 'variabilni', 'kc', 'ucet'],
  slk: ['dph', 'ico', 'dic', 'spolu', 'uhrade', 'splatnosti', 'dodavatel', 'odberatel', 'cislo', 'mnozstvo', 'cena', 'zaklad', 'sro', 'vyhotovenia', 'dodania', 'platby', 'variabilny', 'ucet'],
  hrv: ['racun', 'pdv', 'oib', 'ukupno', 'iznos', 'kolicina', 'cijena', 'jir', 'zki', 'placanja', 'dospijeca', 'kupac', 'prodavatelj', 'doo', 'blagajnik', 'osnovica', 'nacin', 'popust', 'kn'],
  pol: ['nip', 'razem', 'zaplaty', 'sprzedawca', 'nabywca', 'ilosc', 'netto', 'brutto', 'termin', 'platnosci', 'zoo', 'wystawienia', 'sprzedazy', 'slownie', 'stawka', 'wartosc', 'zl', 'regon'],
  ron: ['factura', 'tva', 'cui', 'plata', 'cantitate', 'pret', 'valoare', 'furnizor', 'cumparator', 'srl', 'scadenta', 'seria', 'fiscala', 'unitar', 'lei'],
  tur: ['fatura', 'kdv', 'toplam', 'tutar', 'miktar', 'birim', 'fiyat', 'vergi', 'dairesi', 'tarihi', 'odenecek', 'ltd', 'sti', 'vkn', 'matrah'],
  // (not the words that are also Chinese or Malay names: "hang", "nam", "tien", "don")
  vie: ['hoa', 'thue', 'nguoi', 'mua', 'thanh', 'toan', 'ngay', 'thang', 'luong', 'tnhh', 'gtgt'],
};

/** The Latin language a document's text is most likely in, or undefined (English, or too little to tell). */
export function accentLanguage(pages: PageLayout[]): string | undefined {
  const words = pages.flatMap((p) => p.lines.flatMap((l) => strip(l.text).toLowerCase().replace(/\./g, '').split(/[^\p{L}]+/u)));
  const seen = new Set(words.filter(Boolean));
  let best: string | undefined;
  let bestHits = 1;
  for (const [lang, list] of Object.entries(LANGUAGE_WORDS)) {
    const hits = list.filter((w) => seen.has(w)).length;
    if (hits > bestHits) [best, bestHits] = [lang, hits];
  }
  return best;
}

/** Letters that carry a mark in those languages; a value without one is not re-read. */
const MAY_CARRY = /[aceinouy]/i;

// Vietnamese đ is a d with a stroke, no combining mark: folded to d like any marked letter, and carried over as a mark is.
const strip = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
/** `ch` (no marks) with the marks of `theirs`, the same letter folded; d takes đ's stroke. */
const withMarksOf = (ch: string, theirs: string) =>
  /^[đĐ]$/.test(theirs) && /^[dD]$/.test(ch) ? (ch === 'D' ? 'Đ' : 'đ') : (ch + theirs.normalize('NFD').slice(1)).normalize('NFC');

/** Letters and digits of a text (no spaces), each NFC character with its folded base. */
function glyphs(s: string): { ch: string; base: string }[] {
  return [...s.normalize('NFC')]
    .filter((ch) => !/\s/u.test(ch))
    .map((ch) => ({ ch, base: strip(ch).toLowerCase() }));
}

/** Where `value`'s letters start among `reading`'s (accents, case and spaces folded), or -1. */
function alignAt(value: string, reading: string): number {
  const mine = [...value.normalize('NFC')].filter((ch) => !/\s/u.test(ch)).map((ch) => strip(ch).toLowerCase());
  const theirs = glyphs(reading);
  // Each character must fold to one character on both sides (ß, æ, ø fold to themselves).
  if (!mine.length || mine.some((b) => [...b].length !== 1) || theirs.some((g) => [...g.base].length !== 1)) return -1;
  return theirs.map((g) => g.base).join('').indexOf(mine.join(''));
}

/**
 * PaddleOCR's `value` with the marks of tesseract's `reading` when the two are the same
 * letters once folded (or `value` is a run of `reading`'s letters); otherwise undefined.
 */
export function withAccents(value: string, reading: string): string | undefined {
  let k = alignAt(value, reading);
  if (k < 0) return undefined;
  const theirs = glyphs(reading);
  let changed = false;
  const out = [...value.normalize('NFC')].map((ch) => {
    if (/\s/u.test(ch)) return ch;
    const g = theirs[k++]!;
    const out = withMarksOf(ch, g.ch);
    if (out === ch || strip(ch) !== ch) return ch;
    changed = true;
    return out;
  });
  return changed ? out.join('') : undefined;
}

/**
 * PaddleOCR's `value` with marks taken word by word where the two readings differ elsewhere
 * ("Kaffebonor 1 kg" and "Kaffebönor 1 ko"): a word of three letters or more gets the marks of a
 * word of `reading` that is the same letters once accents and case are folded, and only when
 * `reading` marks that word one way. Undefined when no word gets a mark.
 */
export function wordAccents(value: string, reading: string): string | undefined {
  const marked = new Map<string, string | null>();
  for (const w of reading.normalize('NFC').match(/\p{L}[\p{L}\p{M}]*/gu) ?? []) {
    const base = strip(w).toLowerCase();
    if (base === w.toLowerCase() || [...base].length !== [...w].length) continue;
    const seen = marked.get(base);
    marked.set(base, seen === undefined || seen === w.toLowerCase() ? w.toLowerCase() : null);
  }
  let changed = false;
  const out = value.normalize('NFC').replace(/\p{L}+/gu, (w) => {
    const m = marked.get(w.toLowerCase());
    if ([...w].length < 3 || strip(w) !== w || !m) return w;
    const theirs = [...m];
    changed = true;
    return [...w].map((ch, i) => withMarksOf(ch, theirs[i]!)).join('');
  });
  return changed ? out : undefined;
}

/**
 * tesseract's reading of one box of a grey page image (a single line, padded), the crop turned by `degrees` (the box is
 * on the page as given, pageWords.ts's cellBox: a page OCR read turned has its line upright only once its crop is turned).
 */
export async function readBox(image: Buffer, box: FieldSource['box'], lang: string, degrees = 0): Promise<string> {
  const meta = await sharp(image).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const h = (box[3] - box[1]) * H;
  // Wide margins left and right, narrow above and below (the next line must stay out).
  const padX = Math.max(6, h * 0.6);
  const padY = Math.max(3, h * 0.15);
  const left = Math.max(0, Math.floor(box[0] * W - padX));
  const top = Math.max(0, Math.floor(box[1] * H - padY));
  const width = Math.min(W, Math.ceil(box[2] * W + padX)) - left;
  const height = Math.min(H, Math.ceil(box[3] * H + padY)) - top;
  if (width < 4 || height < 4) return '';
  // tesseract reads best at 30-40 px letters: scale the crop so the line is about 48 px high.
  const scale = Math.min(4, Math.max(1, 48 / Math.max(1, h)));
  const crop = await sharp(image)
    .extract({ left, top, width, height })
    .resize({ width: Math.round(width * scale) })
    .greyscale()
    .normalise()
    .png()
    .toBuffer()
    .then((b) => (degrees ? sharp(b).rotate(degrees).png().toBuffer() : b));
  return withWorker([lang], async (w) => {
    await w.setParameters({ tessedit_pageseg_mode: '6' as never });
    return (await w.recognize(crop)).data.text.trim();
  });
}

/** Page image (grey, as OCR read it) of page `n`, or undefined when the page was not OCR'd. */
export type PageImage = (n: number) => Promise<Buffer | undefined>;

interface Target { source: FieldSource; text: string; set: (v: string) => void }

const mayCarry = (v: unknown): v is string => typeof v === 'string' && /\p{L}{2}/u.test(v) && MAY_CARRY.test(v);

/** Sets line item `r`'s `key` of field `i` (a new array, so the extraction's own value is not changed). */
const setItem = (fields: ExtractedField[], i: number, r: number, key: string) => (nv: string) => {
  const now = fields[i].value as Record<string, unknown>[];
  fields[i] = { ...fields[i], value: now.map((x, j) => (j === r ? { ...x, [key]: nv } : x)) };
};

/** The values re-read: vendor and customer names, line-item descriptions. */
function targets(fields: ExtractedField[], pages: PageLayout[]): Target[] {
  const ocrPages = pages.filter((p) => p.source === 'ocr');
  const ocr = new Set(ocrPages.map((p) => p.number));
  const out: Target[] = [];
  fields.forEach((f, i) => {
    const role = fieldRole(f);
    if ((role === 'vendor' || role === 'customer') && mayCarry(f.value) && f.source && ocr.has(f.source.page)) {
      out.push({ source: f.source, text: f.value, set: (v) => (fields[i] = { ...fields[i], value: v }) });
    }
    if (role === 'lineItems' && Array.isArray(f.value)) {
      const rows = f.value as Record<string, unknown>[];
      rows.forEach((row, r) => {
        for (const [key, v] of Object.entries(row)) {
          if (!mayCarry(v) || /^[\d\s.,%-]*$/.test(v)) continue;
          // Its ones as OCR read them, letters the table gave back as digits ("I kg" read, "1 kg" given), match.
          const want = ones(v);
          const source = locateValue(ocrPages, 'string', (t) => want.length > 0 && ones(t).includes(want));
          // A description over two lines ("Frais de livraison" / "y compris deplacement") is in no one cell: each
          // of its lines is read, the value taking the marks of the words each reading shows.
          for (const part of source ? [source] : linesOf(ocrPages, want)) {
            out.push({
              source: part,
              get text() { return String((fields[i].value as Record<string, unknown>[])[r]?.[key] ?? ''); },
              set: setItem(fields, i, r, key),
            });
          }
        }
      });
    }
  });
  return out;
}

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const ones = (s: string) => squash(s.replace(/[Il!|]/g, '1'));

/** The boxes of the cells (five letters or more, at most three) that each show a part of a value printed over lines. */
function linesOf(pages: PageLayout[], want: string): FieldSource[] {
  const seen = new Set<string>();
  const out: FieldSource[] = [];
  for (const page of pages) {
    for (const line of page.lines) {
      for (const cell of line.cells) {
        const part = ones(cell.text);
        if (part.length < 5 || seen.has(part) || !want.includes(part) || out.length >= 3) continue;
        seen.add(part);
        out.push({ page: page.number, box: cellBox(page, line, cell) });
      }
    }
  }
  return out;
}

/** Counters for measuring the pass (eval, bench). */
export const accentStats = { boxes: 0, restored: 0, ms: 0 };

/**
 * Fields with diacritics restored where tesseract reads the same letters with marks.
 * `reading` may be shared between calls (the eval extracts a document many times).
 */
export async function restoreAccents(
  fields: ExtractedField[], pages: PageLayout[], pageImage: PageImage, reading = new Map<string, Promise<string>>(),
): Promise<ExtractedField[]> {
  const out = [...fields];
  const kana = japanese(pages);
  const lang = kana ? 'jpn' : accentLanguage(pages);
  const list = kana ? kanaTargets(out, pages) : lang ? targets(out, pages) : [];
  if (!lang || !list.length) return fields;
  const images = new Map<number, Promise<Buffer | undefined>>();
  // OCR may have read a page turned (ocr/recognize.ts): the boxes are on the page as given (cellBox), so the page image
  // is read as it is and the box's crop is turned (readBox).
  const imageOf = (page: number): Promise<Buffer | undefined> => {
    let img = images.get(page);
    if (!img) images.set(page, (img = pageImage(page)));
    return img;
  };
  const upright = new Map<number, number>();
  const turns = async (n: number): Promise<number[]> => {
    const known = upright.get(n);
    if (known !== undefined) return [known];
    // The image's size is kept with the readings, so a page read before is not rendered again.
    let size = reading.get(`size:${n}`);
    if (!size) {
      size = imageOf(n).then(async (b) => (b ? sharp(b).metadata().then((m) => `${m.width}x${m.height}`) : ''));
      reading.set(`size:${n}`, size);
    }
    const [w, h] = (await size).split('x').map(Number);
    const layout = pages.find((p) => p.number === n);
    const sideways = !!w && !!layout && w !== h && w === layout.height && h === layout.width;
    return sideways ? [90, 270] : [0, 180];
  };
  const readAt = (t: Target, degrees: number): Promise<string> => {
    const key = `${t.source.page}@${degrees}:${t.source.box.join(',')}`;
    let read = reading.get(key);
    if (!read) {
      read = (async () => {
        const image = await imageOf(t.source.page);
        if (!image) return '';
        const t0 = performance.now();
        const text = await readBox(image, t.source.box, lang, degrees).catch(() => '');
        accentStats.boxes++;
        accentStats.ms += performance.now() - t0;
        return text;
      })();
      reading.set(key, read);
    }
    return read;
  };
  for (const t of list) {
    for (const degrees of await turns(t.source.page)) {
      const text = await readAt(t, degrees);
      // The same letters (or a run of them), else the words the two readings share; Japanese: the kana PaddleOCR dropped.
      const whole = !kana && alignAt(t.text, text) >= 0;
      const fixed = kana ? withKana(t.text, text) : whole ? withAccents(t.text, text) : wordAccents(t.text, text);
      if (!whole && !fixed) continue;
      upright.set(t.source.page, degrees);
      if (fixed) {
        accentStats.restored++;
        t.set(fixed);
      }
      break;
    }
  }
  return out;
}

// PaddleOCR's Chinese/English dictionary has 5 of the ~180 kana (docs/ocr.md), so where a page was read by it (no
// Japanese model asked for) a Japanese description loses them: "清掃サービス" read "清", "コピー用紙 A4" read "用纸A4".
// The row's span between its neighbouring cells is read again by tesseract's Japanese data, and that reading taken
// when it keeps what PaddleOCR read (its Latin letters and digits, at least half its kanji) and adds kana.

/** Words only Japanese prints (kana PaddleOCR still reads, company forms, honorifics, 円): two of them make a page Japanese. */
const JAPANESE_MARKS = /[\u3041-\u3096\u30a1-\u30fa]|株式会社|有限会社|合同会社|御中|請求書|請求日|領収書|消費税|税込|税抜|円|様/g;
export function japanese(pages: PageLayout[]): boolean {
  const text = pages.filter((p) => p.source === 'ocr').flatMap((p) => p.lines.map((l) => l.text)).join('\n');
  return new Set(text.match(JAPANESE_MARKS) ?? []).size >= 2;
}

const KANA = /[\u3041-\u3096\u30a1-\u30fa\u30fc]/u;
const HAN = /\p{Script=Han}/u;

/** The vendor's and customer's names and the line-item descriptions with a kanji, each boxed with the span of its row. */
function kanaTargets(fields: ExtractedField[], pages: PageLayout[]): Target[] {
  const out: Target[] = [];
  const ocr = pages.filter((p) => p.source === 'ocr');
  // A name is read between its own first and last cells (a line of the letterhead may hold other text, unread, beside
  // it); a description to its neighbouring cells or the page's edges.
  const add = (v: unknown, set: (nv: string) => void, edges = true) => {
    if (typeof v !== 'string' || !HAN.test(v)) return;
    const source = rowSpan(ocr, squash(v), edges);
    if (source) out.push({ source, text: v, set });
  };
  fields.forEach((f, i) => {
    const role = fieldRole(f);
    if (role === 'vendor' || role === 'customer') add(f.value, (nv) => (fields[i] = { ...fields[i], value: nv }), false);
    if (role !== 'lineItems' || !Array.isArray(f.value)) return;
    (f.value as Record<string, unknown>[]).forEach((row, r) => {
      for (const [key, v] of Object.entries(row)) {
        add(v, setItem(fields, i, r, key));
      }
    });
  });
  return out;
}

/**
 * The box of the cells that read `want` (squashed; a name may be split where kana were dropped: "合同会社 | 技研"),
 * with `edges` widened to the cells beside them (or the page's edge), where the rest of the text PaddleOCR dropped lies.
 */
function rowSpan(pages: PageLayout[], want: string, edges: boolean): FieldSource | undefined {
  for (const page of pages) {
    for (const line of page.lines) {
      // The fewest cells that read it: the first to end with it, from the last cell that starts it.
      for (let b = 0; b < line.cells.length; b++) {
        let joined = '';
        for (let a = b; a >= 0; a--) {
          joined = squash(line.cells[a]!.text) + joined;
          if (!joined.includes(want)) continue;
          // readBox pads a crop by 0.6 of the line's height each side: kept clear of the neighbouring cells.
          const pad = 0.6 * (line.y1 - line.y0) + 2;
          const [first, last] = [line.cells[a]!, line.cells[b]!];
          const x0 = !edges ? first.x0 : a > 0 ? Math.min(first.x0, line.cells[a - 1]!.x1 + pad) : 0;
          const x1 = !edges ? last.x1 : b + 1 < line.cells.length ? Math.max(last.x1, line.cells[b + 1]!.x0 - pad) : Math.max(last.x1, page.width);
          return { page: page.number, box: cellBox(page, line, { x0, x1 }) };
        }
      }
    }
  }
  return undefined;
}

/** PaddleOCR's Chinese model reads a Japanese kanji in its simplified Chinese form (纸 for 紙, 费 for 費): given back. */
// Made on the first Japanese value only: its dictionaries cost about 80 ms and 50 MB, which no other page needs.
let converter: ((s: string) => string) | undefined;
const toJapanese = (s: string): string => {
  const convert = (converter ??= (createRequire(import.meta.url)('opencc-js') as typeof import('opencc-js')).Converter({ from: 'cn', to: 'jp' }) as (t: string) => string);
  return convert(s);
};

/**
 * tesseract's Japanese `reading` of a row's span in place of PaddleOCR's `value`, when it holds every Latin letter and
 * digit of `value` and every one of its kanji in order (in their Japanese forms), and adds kana or only gives those
 * forms back; the numbers of the next column it may have caught at its end are left out. Otherwise undefined.
 */
export function withKana(value: string, reading: string): string | undefined {
  const mine: string = toJapanese(value.replace(/^[-ー一\s]+/, ''));
  const latin = mine.match(/[A-Za-z0-9]+/g) ?? [];
  const kanji = [...mine].filter((ch) => HAN.test(ch));
  const kanaCount = (t: string) => [...t].filter((ch) => KANA.test(ch)).length;
  const inOrder = (t: string) => { let at = 0; return kanji.every((ch) => (at = t.indexOf(ch, at) + 1) > 0); };
  let best: string | undefined;
  for (const raw of reading.split('\n')) {
    const tokens = raw.trim().split(/\s+/).filter(Boolean);
    // Numbers read from the neighbouring columns (a row number before, a quantity after).
    while (tokens.length && /^[\d.,|]+$/.test(tokens.at(-1)!) && (!mine.endsWith(tokens.at(-1)!) || latin.every((w) => tokens.slice(0, -1).join('').includes(w)))) tokens.pop();
    while (tokens.length && /^[\d.,|]+$/.test(tokens[0]!) && !mine.startsWith(tokens[0]!)) tokens.shift();
    const line = tokens.reduce((acc, t) => (acc && (/[A-Za-z0-9]$/.test(acc) || /^[A-Za-z0-9]/.test(t)) ? `${acc} ${t}` : acc + t), '').replace(/[(（\-/,.]+$/, '');
    if (!line || /[^\p{Script=Han}\u3041-\u3096\u30a1-\u30fa\u30fcA-Za-z0-9 .,()（）\-/]/u.test(line)) continue;
    const squashed = line.replace(/\s/g, '');
    if (!latin.every((w) => squashed.includes(w)) || !kanji.length || !inOrder(squashed)) continue;
    const same = squashed === mine.replace(/\s/g, '');
    if (same ? mine === value : kanaCount(squashed) <= kanaCount(mine)) continue;
    best = same ? mine : line;
  }
  return best;
}
