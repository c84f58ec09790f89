import type { Cell, Line } from '../layout/model.js';
import type { FieldDefinition } from '../types.js';
import { amountsIn, halfWidthMarks, parseAmount } from '../parse/amounts.js';
import type { DocContext } from './context.js';
import { normLabel } from './context.js';
import { distance as levenshtein } from 'fastest-levenshtein';
import { parseByType } from './values.js';
import { ROLES } from './roles.js';
import { signedCounts, withoutTaxMark, type RowNumbers } from './rows.js';
import { fromOcr, repairNumberTokens } from './repairs.js';
import { summedItems } from './loose.js';
import { rejoinedRows } from './rejoinedRows.js';
import { joinSplitRows, realignSkewedTable, realignSunkTable } from './skew.js';

// Line items read from the table region: a header row names the columns, rows
// below are assigned to columns by horizontal position until the totals block.

export type Column = 'description' | 'quantity' | 'unitPrice' | 'amount' | 'discount' | 'other';

const COLUMN_WORDS: [Column, RegExp][] = [
  // An article's code ("Item #", "Art.nr", "Varenr.", "SKU") is not its description, nor is a row's number printed over
  // the same cell ("Sl. Item Code", OCR's "SI.").
  ['other', /^((sl|sr|si|s)\.? ?(no\.? )?)?(item ?(#|no\.?|nr\.?|code|number)|art(ikel)?\.? ?-?(nr|no)\.?|vare ?(nr|nummer)\.?|sku|(product|part|article) ?(code|no\.?|#)|code|ref\.?|pos\.?|lp\.?)$/i],
  // ... in Italian, Portuguese, Spanish and Turkish ("Cod. articolo", "Código produto", "Sıra No" the row's number).
  ['other', /^(cod\.?( ?art(icolo|\.)?)?|codice( articolo)?|c[oó]d(igo|\.)?( (do |del )?(produto|producto|art[ií]culo|item))?|s[ıi]ra( no\.?)?)$/i],
  // A Brazilian product grid's fiscal columns: the goods' NCM and CST codes, the CFOP, the unit, ICMS and IPI bases, values and rates.
  ['other', /^(ncm( ?\/ ?sh)?|(o ?\/ ?)?cst|cfop|csosn|un|und|b\.? ?c[aá]lc\.?( (do )?(icms|ipi))?|(valor|v\.?|vl\.?) (do )?(icms|ipi)|al[ií]q\.?( ?(icms|ipi))*|icms|ipi)$/i],
  // A Turkish e-Fatura's VAT rate and amount and its discount's amount ("KDV Oranı", "KDV Tutarı", "İskonto Tutarı").
  ['other', /^(kdv( ?%| ora[nı][ıi]| tutar[ıi])?|[iı]skonto tutar[ıi])$/i],
  // A Polish or Czech invoice's unit ("J.m.", "MJ"), VAT rate ("Stawka", "Sazba DPH") and VAT amount
  // ("Kwota VAT", "DPH"); a Chinese fapiao's specification, unit, tax rate and tax amount.
  // A date the row's service was given on ("Date of Service", "Service date", "Leistungsdatum", "Date de prestation").
  ['other', /^((date|datum|fecha|data|dato) (of|de|del|di|da|van|der) \S+( \S+)?|\S+ (date|datum)|[a-z]+datum)$/i],
  ['other', /^(j\.? ?m\.?|m\.? ?j\.?|mj|stawka( vat)?|sazba( dph)?|dph( ?%)?|kwota vat|vat( ?%)?|規格型号|规格型号|单位|單位|税率|税额|税額)$/i],
  // Columns no item field takes, named so a header of many columns is known as one: a row's date, its
  // voucher, a weight, a unit of measure alone ("Unit", "Einh."; "Units" counts them), a credits column
  // beside the charges of a folio or statement.
  ['other', /^(date|datum|fecha|data|dato|beleg|voucher|(weight|poids|gewicht|peso|gewicht)( ?\(?kg\)?)?|unit|unite|einh\.?|einheit|unidad|unita|eenheid|uom|credits?|gutschrift|haben|avoir)$/i],
  // A Hungarian számla's unit and VAT columns ("Me.e.", "ÁFA %", "ÁFA érték"), a Romanian factura's row number, unit and
  // VAT ("Nr. crt.", "U.M.", "Valoarea TVA"), a Vietnamese hóa đơn's row number and unit ("STT", "Đơn vị tính").
  ['other', /^(me\.? ?e\.?|mertekegyseg|afa( ?%| kulcs| ertek| ertek[eé]| osszeg)?|u\.? ?m\.?|valoarea tva|nr\.? ?crt\.?|crt\.?( ?nr\.?)?|stt|[dđ]on vi tinh|[dđ]vt)$/],
  // An Icelandic reikningur's article number, unit and VAT rate ("Vörunr.", "Ein.", "VSK %").
  ['other', /^(voru ?(nr|numer)\.?|ein\.?|vsk( ?%)?)$/],
  // A South Slavic račun's row number and VAT rate ("R.br.", "Zap. št.", "PDV %", "DDV %"), a Baltic arve's, sąskaita's
  // or rēķins's VAT rate ("KM %", "PVM %", "PVN %").
  ['other', /^(r\.? ?br\.?|rb\.?|zap\.?( ?(st|br)\.?)?|(pdv|ddv|km|pvm|pvn)( ?(%|stopa|stopnja|maar))?)$/],
  // Their columns' names: description ("Opis", Estonian "Kirjeldus"/"Nimetus", Lithuanian "Pavadinimas",
  // Latvian "Nosaukums"/"Apraksts"), quantity ("Kol.", "Količina", "Kogus", "Kiekis", "Daudzums"), unit price
  // ("Cijena", "Hind", "Ühiku hind", "Kaina", "Vienības cena") and amount ("Iznos", "Vrednost", "Vrijednost", "Suma").
  ['description', /^(opis|kirjeldus|nimetus|pavadinimas|nosaukums|apraksts)$/],
  ['quantity', /^(kol\.?|kolicina|kogus|kiekis|daudzums)$/],
  ['unitPrice', /^((jedinicna )?cijena|(uhiku )?hind|kaina|vienibas cena)$/],
  ['amount', /^(iznos|vrednost|vrijednost|suma|summa kokku)$/],
  // A Salvadoran DTE's sales columns: those taxed are the amount, those not subject to tax or exempt other columns.
  ['other', /^ventas (no sujetas|exentas)$/],
  ['amount', /^ventas gravadas$/],
  // A Greek timologio's columns, in Greek or transliterated ("Περιγραφή"/"PERIGRAFI", "Ποσότητα"/"POSOTITA", "Τιμή μον."/
  // "TIMI MON.", "Αξία"/"AXIA"; "Α/Α" the row's number, "ΦΠΑ %"/"FPA %" the VAT rate, "Μ.Μ." the unit).
  ['other', /^(α\/α|a\/a|(φπα|fpa)( ?%)?|μ\.? ?μ\.?)$/],
  ['description', /^(περιγραφη|perigrafi|ειδος)$/],
  ['quantity', /^(ποσοτητα|posotita|ποσ\.)$/],
  ['unitPrice', /^(τιμη|timi)( (μοναδας|μον\.?|monadas|monados|mon\.?))?$/],
  ['amount', /^(αξια|axia)$/],
  // A Bulgarian, Ukrainian, Serbian or Russian invoice's columns (normLabel'd: й as и): the row's number and unit ("№",
  // "Р.бр.", "Мярка", "Од.", "Ј.м.", "Ед. изм."), description ("Наименование на стоката/услугата", "Товари (роботи, послуги)",
  // "Опис"), quantity ("Кол.", "Кіл-сть", "Количина", "Кол-во"), unit price ("Ед. цена", "Ціна без ПДВ") and amount
  // ("Стойност", "Сума без ПДВ", "Износ", "Сумма без НДС").
  ['other', /^(№|n°|р\.? ?бр\.?|мярка|од\.?|ед\.? ?изм\.?|ј\.? ?м\.?|(ставка )?(ддс|пдв|ндс)( ?%)?)$/],
  ['description', /^(наименование|наименування|назва|опис|товари|товар)(?=$|[\s/(,])/],
  ['quantity', /^(кол\.?|кол-во|количество|кіл-сть|кількість|количина)$/],
  ['unitPrice', /^((ед\.?|единична) цена|цена|ціна|цiна)( (без|з|с) (ддс|пдв|ндс))?$/],
  ['amount', /^(стоиност|сума|сумма|износ|вартість)( (без|з|с) (ддс|пдв|ндс))?$/],
  // A Finnish lasku's columns ("Nimike", "Määrä Yks.", "á-hinta", "Ale %", "ALV %", "Yhteensä"), OCR's "Maari", "Yhteensi".
  ['description', /^nimike$/],
  ['quantity', /^maar\S( yks\.?)?$/],
  ['unitPrice', /^[aá]-?hinta$/],
  ['other', /^alv( ?%)?$/],
  ['amount', /^yhteens\S$/],
  // A unit's price under its currency ("Unit (HK$)", "Unit (EUR)"; "Unit £", "Unit USD" without brackets), not a count of
  // units; a dollar OCR read as an S ("HKS"), a pound as an ampersand ("Unit&").
  ['unitPrice', /^unit ?(\((\S{0,3}\$|(hk|us|nt|nz|sg|a|c|s|r)s|[€£¥₹]|usd|eur|gbp|chf|aud|cad|nzd|sgd|hkd|jpy|cny|inr|zar|aed|sar|myr|thb|php|idr|sek|nok|dkk|pln|czk|huf|ron|try|brl|mxn|kes|ngn|ghs|egp|ils)\)|\S{0,2}[$€£¥₹]|&|usd|eur|gbp|chf|aud|cad|nzd|sgd|hkd|jpy|cny|inr|zar|aed|sar|myr|sek|nok|dkk|pln|czk|huf|kes|ngn|ghs|egp)$/],
  // A discount in per cent between the price and the amount ("Desc. %", "Rabatt", "Remise"; OCR's "Dese." for "Desc.").
  // In the plural, or with the currency it is in ("Descuentos (Q)", "Discounts (USD)").
  ['discount', /^(des[ce]\.?|descontos?|descuentos?|dto\.?|discounts?|disc\.?|rabatt|rab\.?|remise|sconto|korting|alennus|ale|[iı]skonto( ora[nı][ıi])?)( ?%| \(%\)| ?\([^()\d]{1,4}\))?$/i],
  // A line's net after its discount ("Price | Qty | Disc.% | Net EUR"), with its currency or not, is its amount.
  ['amount', /^net( [a-z]{3}| ?\([a-z]{3}\)| ?[€$£])?$/i],
  // A total price ("Gesamtpreis", "Prix total", "Totaalprijs") is the amount, not the unit price.
  ['amount', /^((gesamt|total|end|summen)-?(preis|price|pris)|totaalprijs|(prix|precio|prezzo|preço|preco|prijs|price) (total|totale|totaal|tot\.?)|cena celkem|celkem|bez dph)$/i],
  // "P.U." ("P.U.HT") and "Rate" as words of their own, not inside an item's name OCR put under the header ("WILKINS PURE", "Corporate").
  ['unitPrice', /egys[eé]g ?[aá]r|^ein(ingar)?\.? ?ver[dðo]$|^pre[tț] unitar|^[dđ][oơ]n gi[aá]$|^(valor|vl\.?|vr\.?|v\.|p\.?) ?unit(\.|[aá]rio)?(?![a-zà-ÿ])|birim fiyat[ıi]?|^fiyat[ıi]?$|unit ?price|unit ?cost|price|(?<![a-z])rate|preis|e-?preis|prix|(?<![a-z])p\.?u\.?(?=$|[^a-z]|h\.?t)|precio|prijs|prezzo|harga|preço|preco|\bpris\b|à-pris|a-pris|yksikköhinta|^cena\b|\bcena (netto|jedn|za)|jedn\.? ?cena|単価|单价|ราคา/i],
  // ... Hungarian ("Menny."), Icelandic ("Magn"), Vietnamese ("Số lượng", OCR's "S6 lugng"), a German garage's work units ("AW", "ZE"), "QTÉ" without its accent.
  ['quantity', /^menny(\.|iseg)?$|^magn$|^s[o6] lu\S{1,3}g$|^(aw|ze|qte)$|^quant\.?$|^qtde\.?$|^miktar[ıi]?$|qty|quantity|menge|anzahl|qté|quantité|cantidad|cant\.?|aantal|quantità|q\.?tà|^q\.?ta\.?$|\bunits?|hours|hrs|stk|kuantiti|kuan\.?|\bqtd|quantidade|antall|\bantal\b|määrä|^[il1|]lo[sś][cć]$|^mno[zž]stv[ií]$|^po[cč]et\b|数量|จำนวน/i],
  // A folio's or statement's charges column ("Charges", "Belastung", "Débit", "Addebito") holds each line's amount.
  ['amount', /^(charges?|belastung|debit|débit|addebito|cargos?)$/i],
  // A Hungarian "Nettó érték" (OCR's "Nett6"), a Romanian "Valoarea", a Vietnamese "Thành tiền".
  ['amount', /^((nett|brutt)[oó6] )?[eé]rt[eé]k$|^valoarea$|^thanh tien$/],
  // An Icelandic "Upphæð", its æ and ð as OCR reads them ("Upphed", "Upphao").
  ['amount', /^upph\S{1,3}$/],
  ['amount', /hizmet tutar[ıi]$|^tutar[ıi]$|amount|total|totaal|betrag|summe|montant|importe|bedrag|importo|gesamt|ext\.? ?price|amt|amaun|jumlah|beløp|belopp|beløb|^valor$|^summa$|^warto[sś][cć]\b|金額|金额|จำนวนเงิน/i],
  // South Asia's "Particulars" (an Indian, Nepali or Bangladeshi bill's goods or services), as printed or in the singular.
  ['description', /^particulars?$/],
  // ... Hungarian ("Megnevezés"), Icelandic ("Lýsing"), Romanian ("Denumirea produselor"), Vietnamese ("Tên hàng hóa, dịch vụ"), an accounting app's "Activity".
  ['description', /^megnevez[eé]s$|^l[yý]sing$|^denumire(a)?\b|^t[eê]n h[aà]ng\b|^activity$|^mal( (ve )?hizmet)?$|^hizmet$|^a[cç][ıi]klama$|description|item|product|service|article|bezeichnung|beschreibung|artikel|leistung|désignation|libellé|libelle|prestation|descripción|concepto|omschrijving|descrizione|details|perkara|butiran|keterangan|beskrivelse|benämning|benevnelse|^tekst$|descrição|descricao|designação|tuote|\bnazwa\b|n[aá]zev|ozna[cč]en[ií]|polo[zž]ka|^popis|品名|内容|项目|名称|名稱|รายการ/i],
];

// Long header words OCR may misread by one letter ("Omachrijving", "Descripcién"), without accents.
const FUZZY_WORDS: [Column, string[]][] = [
  ['description', ['description', 'beschreibung', 'bezeichnung', 'designation', 'descripcion', 'omschrijving', 'descrizione', 'beskrivelse', 'benamning', 'descricao']],
  ['quantity', ['quantity', 'quantite', 'cantidad', 'quantita']],
  ['unitPrice', ['unit price', 'einzelpreis', 'prix unitaire', 'precio unitario', 'stukprijs', 'valor unit', 'valor unitario', 'birim fiyat']],
  ['amount', ['montant', 'betrag', 'importe', 'bedrag', 'importo']],
  // A discount's column named in the plural, OCR's "Descuentes" for "Descuentos".
  ['discount', ['descuentos', 'descontos', 'discounts']],
];

const UNIT_PRICES = FUZZY_WORDS.find(([c]) => c === 'unitPrice')![1];

// OCR's l, 1 and | for an i ("Unit prlce", "Unlt price"): the same letter in comparing a unit price's name.
const asI = (s: string) => s.replace(/[l1|]/g, 'i');

// columnOf is asked of the same texts many times a line (each cell, each word and phrase of a cell, the lines of a
// stacked header): a pure function of its text, remembered (a long text file's 20,000 rows spent most of their time
// here). Cleared when full, so a long-running service keeps it small.
const columnOfSeen = new Map<string, Column | undefined>();
export function columnOf(printed: string): Column | undefined {
  if (columnOfSeen.has(printed)) return columnOfSeen.get(printed);
  if (columnOfSeen.size >= 20_000) columnOfSeen.clear();
  const col = columnOfText(printed);
  columnOfSeen.set(printed, col);
  return col;
}

function columnOfText(printed: string): Column | undefined {
  // Specks OCR read beside a name on a scan (": Descrlption", "Code'") are no part of it.
  const text = printed.replace(/^[:;,'`’·\s]+(?=\p{L})|(?<=\p{L})[:;,'`’·\s]+$/gu, '');
  const t = normLabel(text);
  const accented = text.normalize('NFC').toLowerCase();
  // Long text is no column's name, but the Bulgarian description's statutory one ("Наименование на стоката/услугата").
  if (t.length > 30 && !/^наименование на стоката/.test(t)) return undefined;
  // A unit's price whose i OCR misread ("Unit prlce", "Preclo unitario") is no count of units, which "unit" alone would make it.
  if (/^un\S?t pr/.test(t) && levenshtein(asI(t), asI('unit price')) <= 1) return 'unitPrice';
  if (t.length >= 10 && /[l1|]/.test(t) && UNIT_PRICES.some((w) => levenshtein(asI(t), asI(w)) <= 1)) return 'unitPrice';
  for (const [col, re] of COLUMN_WORDS) if (re.test(t) || re.test(accented)) return col;
  if (t.length >= 7) for (const [col, words] of FUZZY_WORDS) if (words.some((w) => levenshtein(t, w) <= 1)) return col;
  // A fax's or a poor scan's header: an m OCR read as "rn" ("Arnount"), a long name misread in two letters or split by a
  // space ("Descrip1ption", "Deseripthon", "Cascri ption").
  if (/rn/.test(t) && t.length <= 12) {
    const m = columnOf(text.replace(/rn/gi, (r) => (r === 'RN' ? 'M' : 'm')));
    if (m) return m;
  }
  const joined = t.replace(/\s+/g, '');
  if (joined.length >= 10) for (const [col, words] of FUZZY_WORDS) if (words.some((w) => w.length >= 10 && levenshtein(joined, w.replace(/\s+/g, '')) <= 2)) return col;
  return undefined;
}

interface Header {
  /** The header's last line: rows start below it. */
  lineIndex: number;
  /** Its first line (the line before when OCR split the header in two). */
  firstIndex: number;
  cols: { col: Column; cell: Cell }[];
}

/**
 * Any label of these roles opening a line. The text tested is normLabel's, without its accents, so a label
 * is taken without them too ("summa käibemaksuta", "kopā bez pvn", "iš viso" read as OCR and normLabel leave them).
 */
function labelAtStart(roles: string[]): RegExp {
  const bare = (l: string) => l.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return new RegExp(
    `^(${[...new Set(ROLES.filter((r) => roles.includes(r.role)).flatMap((r) => r.labels.flatMap((l) => [l, bare(l)])))]
      .sort((a, b) => b.length - a.length)
      .map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})(?![\\p{L}])`,
    'iu',
  );
}

// The totals block ends a table: any subtotal, tax or total label opening a line.
// A tax the total includes, named on a line of its own ("inkl. MwSt. 7%", "Includes VAT 20%", "enth. MwSt.", "dont TVA")
// is part of that block too.
const STOP_LABEL = labelAtStart(['subtotal', 'tax', 'total']);
const TAX_INCLUDED = /^(inkl\.?|incl\.?|inc\.?|includes?|including|included|inklusive|inclusief|inklusiv|inkluderet|enth\.?|enthalten|enthalt|dont|davon|darin|of which|hiervon|w tym|v tom)\s*(\d+([.,]\d+)?\s*%\s*)?(mwst|ust|vat|tax|gst|tva|iva|btw|moms|mva|alv|dph)\b/;
// A bilingual label's other half before a slash ("ยอดรวม / Sub Total"), which OCR without that script reads as specks
// ("u3u/ Sub Total", "/ Sub Total"), does not hide it.
const secondHalf = (text: string) => text.match(/^[^/]{0,8}\/\s*(\p{L}.*)$/u)?.[1] ?? '';
const STOP = { test: (text: string) => STOP_LABEL.test(text) || TAX_INCLUDED.test(text) || STOP_LABEL.test(secondHalf(text)) };

/** A cell that is a subtotal, tax or total label and nothing more ("Subtotal", "IVA Trasladado 16%"). */
const wholeLabel = (text: string) => {
  const m = STOP_LABEL.exec(text);
  return !!m && !/\p{L}/u.test(text.slice(m[0].length).replace(/\b(trasladad[oa]|retenid[oa])\b/g, ''));
};

// A grand total's label opening a line ("Total", "TOTALE", "Amount due"): after it, no more items.
const GRAND = labelAtStart(['total']);

// A tax summary table below the items ("VAT summary", "Resumo de IVA", "MwSt-Übersicht", "Rekapitulace DPH") ends them too,
// as do the sales by tax class of a Kenyan eTIMS or a Philippine invoice ("Taxable Amount (B-16%)", "VATable Sales").
const TAX_SUMMARY = /^(taxable (amount|value|sales)|vatable sales|vat[- ]exempt sales|zero[- ]rated sales|(vat|tax|gst|iva|tva|mwst|ust|btw|moms|mva|alv)[- ]?(summary|analysis|breakdown|overview|ubersicht|aufstellung|recapitulatif|resumen|resumo|riepilogo|specifikation|spesifikasjon|erittely)|(resumo|resumen|riepilogo|recapitulatif|quadro|detalle|dettaglio|rekapitulace|rekapitulacia|rekapitulacja|podsumowanie) (de |des |di |do |del )?(iva|tva|vat|impostos|impuestos|dph))(?![\p{L}])/u;

// A Turkish invoice's totals box under its table ("Mal Hizmet Toplam Tutarı", "Toplam İskonto", "Hesaplanan KDV",
// "Vergiler Dahil Toplam Tutar", "Ödenecek Tutar"), whatever the roles' labels know of it.
const TR_SUMS = /^((\p{L}+ )*toplam\b|hesaplanan (kdv|otv)|[oö]denecek tutar|vergiler dahil)/u;

// A Vietnamese hóa đơn's sums under its goods ("Cộng tiền hàng", "Tổng cộng tiền thanh toán", "Thuế suất GTGT"),
// accents read or lost; a Hungarian számla's VAT summary ("ÁFA összesítő").
const VN_HU_SUMS = /^(c[oộ]ng ti[eề]n h[aà]ng|t[oổ]ng c[oộ]ng\b|thu[eế] su[aấ]t gtgt|ti[eề]n thu[eế] gtgt|afa [oö]sszes[ií]t)/u;

// A document's section, lettered or numbered, by its heading ("Section E:", "Part 3 -", "Abschnitt C.").
const NEXT_SECTION = /^(section|part|abschnitt|teil|partie|secci[oó]n|parte|sezione|sehemu)\s+([a-z]|\d{1,2}|[ivx]{1,4})\s*[:.)–-]/u;

// A Chinese or Japanese sum ("合计", "小計", "价税合计（大写）"), its characters OCR may have read as cells apart ("合  计").
const CJK_SUM = /^(价税|價稅)?\s*(合|小|总|總)\s*(计|計)/u;

// A sum carried from one page to the next ("Carried forward", "Übertrag", "Saldo anterior", Icelandic "Flutt á næstu síðu") is no item.
// "Transport" only as a label ("Transport  66 665,50", "Transport fra side 1"), not an item's name ("Transport conteneur 40 pieds").
const CARRIED = /^(carried forward|brought forward|carry forward|balance (brought|carried) forward|c\/f|b\/f|ubertrag|uebertrag|vortrag|a reporter|report|reporte|saldo anterior|suma y sigue|suma anterior|riporto|a riportare|transport(?![\s:]+(?!fra |til )\p{L})|overdracht|van vorige pagina|overf[øoe]res|overf[øoe]rt|sum overf[øoe]res|transporteres|siirto|flutt|(di)?bawa (ke hadapan|dari)|繰越|前頁より)(?![\p{L}])/u;

// Names of one column whose words alone would name two ("Unit Price", "Item Total", "Prix unitaire").
const ONE_COLUMN = /unit ?(price|cost|rate)|(mal |hizmet )+tutar|(price|cost|rate) per unit|(prix|precio|prezzo|preço|preco|prijs|price) tot|(item|line|ext\.?) ?(total|price|amount)|total ?(price|amount)|(prix|precio|prezzo|preço|preis) unit/i;

/**
 * A header cell that names several columns printed one space apart ("PRICE QTY" on a receipt,
 * "Qté Prix unitaire HT"), as one cell per name, each where its characters stand. A word naming a
 * column starts a name; the words after it that name none belong to it ("unitaire HT").
 */
function splitHeaderCell(printed: Cell): Cell[] {
  // Names OCR ran together after an abbreviation's period ("Me.e.Netto egységár"): a space after it before a capital.
  const cell = { ...printed, text: printed.text.replace(/(?<=\p{L}\.)(?=\p{Lu}\p{Ll})/gu, ' ') };
  const groups = headerNames(cell.text);
  if (!groups) return [printed];
  const perChar = (cell.x1 - cell.x0) / cell.text.length;
  return groups.map((g) => ({ ...cell, text: cell.text.slice(g.start, g.end), x0: cell.x0 + g.start * perChar, x1: cell.x0 + g.end * perChar }));
}

// Where each column's name starts and ends in a header cell's text, or undefined where the text is one name or none: a
// pure function of the text, remembered as columnOf is (the same cells are asked again for each header a line may start).
const headerNamesSeen = new Map<string, Array<{ start: number; end: number }> | undefined>();
function headerNames(text: string): Array<{ start: number; end: number }> | undefined {
  if (headerNamesSeen.has(text)) return headerNamesSeen.get(text);
  if (headerNamesSeen.size >= 20_000) headerNamesSeen.clear();
  const names = headerNamesOf(text);
  headerNamesSeen.set(text, names);
  return names;
}

function headerNamesOf(text: string): Array<{ start: number; end: number }> | undefined {
  if (!/\S\s+\S/.test(text)) return undefined;
  const groups: Array<{ start: number; end: number; col: Column | undefined }> = [];
  const words = [...text.matchAll(/\S+/g)];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    // One column's name is two or three words ("Unit Price", "Price per unit"): a name further back ("a Unit Price
    // uuu / Amount") does not make the words after it one.
    const near = words[Math.max(0, k - 2)]!.index!;
    let col = columnOf(w[0]);
    let end = w.index! + w[0].length;
    // A name of two or three words whose first names no column alone ("Nettó egységár", "Đơn vị tính",
    // "Excl. Price", "Exclusive Total"): the words together start a name, unless the word goes on the
    // name before it ("Código produto", "Sıra No").
    const before = groups[groups.length - 1];
    const goesOn = before && columnOf(text.slice(before.start, end)) === before.col;
    if (!col && !goesOn && /^\p{L}/u.test(w[0])) {
      for (const n of [2, 3]) {
        const lastWord = words[k + n - 1];
        const phrase = lastWord && columnOf(text.slice(w.index!, lastWord.index! + lastWord[0].length));
        // Three words only where none after the first names a column alone ("Đơn vị tính", not "for I.T Product").
        if (phrase && (n === 2 || words.slice(k + 1, k + n).every((x) => !columnOf(x[0])))) {
          [col, end] = [phrase, lastWord.index! + lastWord[0].length];
          k += n - 1;
          break;
        }
      }
    }
    const last = groups[groups.length - 1];
    if (col && col !== last?.col && !(last && ONE_COLUMN.test(text.slice(Math.max(last.start, near), end)))) groups.push({ start: w.index!, end, col });
    else if (last) last.end = end;
    // Specks before the first name: a bilingual header's other script OCR without its language reads as a letter
    // or two ("w a Unit Price uuu / Amount (THB)" for Thai over English).
    else if (/^[\p{Ll}\p{P}]{1,2}$/u.test(w[0])) continue;
    else return undefined;
  }
  for (const g of groups) g.col = columnOf(text.slice(g.start, g.end));
  if (groups.length < 2 || groups.some((g) => !g.col) || new Set(groups.map((g) => g.col)).size !== groups.length) return undefined;
  return groups.map(({ start, end }) => ({ start, end }));
}

/**
 * A header names each column once: a cell is not split into names another cell of the header already
 * gives ("Harga Seunit" beside "Kuan." is the unit price, not a price and a second quantity).
 */
function splitOnce(cell: Cell, others: Cell[]): Cell[] {
  const parts = splitHeaderCell(cell);
  if (parts.length < 2) return parts;
  // Amounts before and after tax are two columns ("Cena netto Wartość netto" beside "Wartość brutto").
  const [net, gross] = [(c: Cell) => NET.test(normLabel(c.text)) && !GROSS.test(normLabel(c.text)), (c: Cell) => GROSS.test(normLabel(c.text)) && !NET.test(normLabel(c.text))];
  const again = (p: Cell, o: Cell) => columnOf(p.text) === columnOf(o.text) && !(columnOf(p.text) === 'amount' && ((net(p) && gross(o)) || (gross(p) && net(o))));
  // A cell no column's name as a whole ("Sıra No Mal Hizmet") may give a column no item field takes again.
  // Nor may one of another name ("VAT %" beside "Code", "Me.e." beside "ÁFA érték").
  const unnamed = columnOf(cell.text) === undefined;
  const otherName = (p: Cell, o: Cell) => columnOf(p.text) === 'other' && (unnamed || normLabel(p.text) !== normLabel(o.text));
  return parts.some((p) => others.some((o) => again(p, o) && !otherName(p, o))) ? [cell] : parts;
}

/**
 * A line's cells as header columns ("Pos", "VAT %" and other unknown names kept as `other`). A totals
 * label left of the description ("SUBTOTAL" of a side column OCR put on the header's line) is none.
 */
function headerCols(line: Line, sections = false): { col: Column; cell: Cell }[] {
  const cols = line.cells.flatMap((cell, i) => splitOnce(cell, line.cells.filter((_, j) => j !== i)))
    .map((cell) => ({ col: columnOf(cell.text) ?? ('other' as const), cell }));
  if (sections) sectionName(cols);
  const desc = cols.find((c) => c.col === 'description');
  return byRate(netAmount(desc ? cols.filter((c) => !(c.col === 'amount' && c.cell.x1 < desc.cell.x0 && STOP.test(normLabel(c.cell.text)))) : cols));
}

// A column of the sales at one VAT rate, or of those exempt ("Exentas  5%  10%", "Gravadas 10%", "Exempt  VAT 16%").
const RATE_COLUMN = /^((exent[ao]s?|exempt[ao]?s?|isentos?|gravad[ao]s?|taxable|zero[- ]rated)( \d{1,2}([.,]\d{1,2})? ?%)?|(iva |vat |tax )?\d{1,2}([.,]\d{1,2})? ?%)$/;

/**
 * A table without an amount's column that prints each row's amount under its VAT rate, one column a rate and one
 * for the exempt (a Paraguayan factura's "Exentas  5%  10%"): those columns together are the amount.
 */
function byRate(cols: { col: Column; cell: Cell }[]): { col: Column; cell: Cell }[] {
  const rates = cols.filter((c) => c.col === 'other' && RATE_COLUMN.test(normLabel(c.cell.text)));
  if (rates.length < 2 || cols.some((c) => c.col === 'amount') || !cols.some((c) => c.col === 'description')) return cols;
  return cols.map((c) => (rates.includes(c) ? { ...c, col: 'amount' as const } : c));
}

/**
 * A table in sections, each under its own header whose first name is the section's ("LABOR  Hours  Rate  Amount",
 * "PARTS  Qty  Unit  Amount", "Ersatzteile  Menge  Einzelpreis  Betrag"): that name, a word or two naming no
 * column, left of a quantity's and an amount's names, stands over the rows' descriptions. Only where the
 * document prints two such headers or more (one alone is more likely a description's name OCR garbled).
 */
function sectionName(cols: { col: Column; cell: Cell }[]): boolean {
  if (cols.some((c) => c.col === 'description') || !cols.some((c) => c.col === 'quantity') || !cols.some((c) => c.col === 'amount')) return false;
  const first = cols.reduce((a, b) => (b.cell.x0 < a.cell.x0 ? b : a));
  if (columnOf(first.cell.text) !== undefined || !/^\p{L}{3,}( \p{L}{3,}){0,2}$/u.test(first.cell.text.trim())) return false;
  first.col = 'description';
  return true;
}

const sectionHeaders = (ctx: DocContext) => ctx.lines.filter((l) => sectionName(headerCols(l))).length >= 2;

// A column's name saying its amounts are before tax ("Wartość netto", "Bez DPH", "Montant HT", "Net amount").
const NET = /\b(netto|net|nett|nett6|ht|excl|exclusive|exkl|ekskl|bez dph|sans tva|sin iva|senza iva|ohne|before tax)\b/i;
// ...or after it ("Wartość brutto", "Celkem", "Montant TTC", "Gross", "incl. VAT").
const GROSS = /\b(brutto|brutt6|bruto|gross|ttc|incl|inclusive|inkl|celkem|s dph|con iva|iva incl)\b/i;

/**
 * A table that prints each row's amount before and after tax ("Wartość netto  Wartość brutto", "Bez DPH
 * DPH Celkem"): the amount is the one before tax, the figure quantity times price gives; the other
 * column is kept as a column of its own so its figures do not join the amount.
 */
function netAmount(cols: { col: Column; cell: Cell }[]): { col: Column; cell: Cell }[] {
  const amounts = cols.filter((c) => c.col === 'amount');
  const net = amounts.filter((c) => NET.test(normLabel(c.cell.text)) && !GROSS.test(normLabel(c.cell.text)));
  if (amounts.length < 2 || net.length !== 1) return cols;
  return cols.map((c) => (c.col === 'amount' && c !== net[0] && GROSS.test(normLabel(c.cell.text)) ? { ...c, col: 'other' as const } : c));
}

function isHeader(cols: { col: Column; cell: Cell }[]): boolean {
  const known = cols.filter((c) => c.col !== 'other');
  const kinds = new Set(known.map((c) => c.col));
  // Columns no item field takes count when named ("Date", "Weight kg"): a wide table's header.
  const named = cols.filter((c) => c.col !== 'other' || columnOf(c.cell.text) === 'other').length;
  // OCR noise may add a cell or two to a header that names three kinds of column.
  const enough = named >= cols.length - 1 || (kinds.size >= 3 && named * 2 >= cols.length);
  // A line printing an amount is a row or a total ("2 ITEMS  TOTAL  116.11"), no header.
  const figure = cols.some((c) => /\d[.,]\d{2}(?!\d)/.test(c.cell.text) && !/%/.test(c.cell.text));
  return kinds.has('description') && kinds.size >= 2 && enough && !figure;
}

function findHeaders(ctx: DocContext): Header[] {
  const out: Header[] = [];
  const sections = sectionHeaders(ctx);
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    // Unknown header cells ("Pos", "VAT %") are kept as columns of their own so
    // their values do not spill into the neighbouring known column.
    const cols = headerCols(line, sections);
    // A header OCR read as two lines, one a little lower than the other ("Price  Units  Line Total" over
    // "Item", "Bezeichnung  Anzahl  Preis" over "Betrag"): the second line only names columns the first
    // does not, it alone is no header, each column is named once, one of the two lines holds only names,
    // and the second starts within a line's height.
    const next = ctx.lines[i + 1];
    const more = next && next.page === line.page && next.y0 - line.y1 <= (line.y1 - line.y0) * 0.8 ? headerCols(next) : [];
    const both = [...cols, ...more];
    const known = both.filter((c) => c.col !== 'other');
    const kinds = new Set(known.map((c) => c.col));
    // An article code's column ("Art.nr") is named too, as `other`.
    const isNamed = (c: { col: Column; cell: Cell }) => c.col !== 'other' || columnOf(c.cell.text) === 'other';
    const onlyNames = (l: typeof cols) => l.length > 0 && l.every(isNamed);
    const joined = more.length > 0 && !isHeader(more) && (isHeader(cols)
      ? onlyNames(more) && more.every((c) => c.col === 'other' || !cols.some((d) => d.col === c.col))
      : (onlyNames(cols) || onlyNames(more)) && kinds.size >= 3 && kinds.size === known.length && isHeader(both));
    const found = joined ? { lineIndex: i + 1, firstIndex: i, cols: both } : isHeader(cols) ? { lineIndex: i, firstIndex: i, cols } : undefined;
    // A stack that starts a line lower and names more kinds is the header (the line above it was no part of it).
    const stacked = stackedHeader(ctx, i);
    const lower = stacked && !found ? stackedHeader(ctx, i + 1) : undefined;
    if (stacked && lower && kindsOf(lower.cols) > kindsOf(stacked.cols)) continue;
    const header = stacked && kindsOf(stacked.cols) > (found ? kindsOf(found.cols) : 0) ? stacked : found;
    if (header) {
      // The header's translation on the line under it (a bilingual invoice's "(No.)  (Description)  (Unit)" under
      // "STT  Tên hàng hóa, dịch vụ  Đơn vị tính"): part of the header, its names those of the line above.
      const under = ctx.lines[header.lineIndex + 1];
      const last = ctx.lines[header.lineIndex]!;
      if (under && under.page === last.page && under.y0 - last.y1 <= (last.y1 - last.y0) * 0.8 && isHeader(headerCols(under))) header.lineIndex++;
      out.push(header);
      i = header.lineIndex;
    }
  }
  return out;
}

const kindsOf = (cols: { col: Column }[]) => new Set(cols.filter((c) => c.col !== 'other').map((c) => c.col)).size;

/**
 * A header whose column names stand over two or three lines packed tight, each name's words one under
 * the other and the names of one line between the lines of another ("Birim" over "Fiyat", "Mal" over
 * "Hizmet Tutarı" beside "Miktar" on one line): the lines' cells one under the other joined into one
 * name each, top to bottom. Taken where it names more kinds of column than any of its lines alone.
 */
function stackedHeader(ctx: DocContext, i: number): Header | undefined {
  for (const n of [3, 2]) {
    const lines = ctx.lines.slice(i, i + n);
    if (lines.length < n || lines.some((l) => l.page !== lines[0]!.page)) continue;
    const h = Math.min(...lines.map((l) => l.y1 - l.y0));
    if (lines.some((l, k) => k > 0 && l.y0 - lines[k - 1]!.y1 > 0.3 * h)) continue;
    // Cells one under the other: overlapping by a quarter of the narrower, on different lines.
    const groups: Array<{ cells: Cell[]; lines: Set<number> }> = [];
    lines.forEach((line, k) => {
      for (const cell of line.cells) {
        const under = groups.filter((g) => !g.lines.has(k) && g.cells.some((c) =>
          Math.min(c.x1, cell.x1) - Math.max(c.x0, cell.x0) > 0.25 * Math.min(c.x1 - c.x0, cell.x1 - cell.x0)));
        if (under.length === 1) {
          under[0]!.cells.push(cell);
          under[0]!.lines.add(k);
        } else groups.push({ cells: [cell], lines: new Set([k]) });
      }
    });
    if (!groups.some((g) => g.cells.length > 1) || new Set(groups.flatMap((g) => [...g.lines])).size < n) continue;
    // Each group's cells were added line by line, top to bottom.
    const cells = groups.map((g) => ({ ...g.cells[0]!, text: g.cells.map((c) => c.text.trim()).join(' '),
      x0: Math.min(...g.cells.map((c) => c.x0)), x1: Math.max(...g.cells.map((c) => c.x1)) })).sort((a, b) => a.x0 - b.x0);
    const merged: Line = { ...lines[0]!, cells, text: cells.map((c) => c.text).join(' '), x0: cells[0]!.x0, x1: Math.max(...cells.map((c) => c.x1)), y1: Math.max(...lines.map((l) => l.y1)) };
    const cols = headerCols(merged);
    const alone = Math.max(...lines.map((l) => kindsOf(headerCols(l))));
    if (isHeader(cols) && kindsOf(cols) > alone) return { lineIndex: i + n - 1, firstIndex: i, cols };
  }
  return undefined;
}

/**
 * A cell OCR made of figures printed in two columns ("32.34 1" under "PRICE QTY"), as one cell per
 * figure, each where its characters stand, when its figures stand under different columns. A number
 * with spaces between its thousands ("1 234,56") is kept whole.
 */
function splitFigures(cell: Cell, header: Header): Cell[] {
  const words = [...cell.text.matchAll(/\S+/g)];
  if (words.length < 2 || !words.every((w) => /^-?\d[\d.,]*$/.test(w[0])) || words.slice(1).some((w) => /^\d{3}([.,]\d{1,2})?$/.test(w[0]))) return [cell];
  const perChar = (cell.x1 - cell.x0) / cell.text.length;
  const parts = words.map((w) => ({ ...cell, text: w[0], x0: cell.x0 + w.index! * perChar, x1: cell.x0 + (w.index! + w[0].length) * perChar }));
  const cols = parts.map((p) => columnUnder(p, header));
  return cols.every((c) => c && c !== 'description' && c !== 'other') && new Set(cols).size === parts.length ? parts : [cell];
}

/** The header column a cell stands under: the one it overlaps most, else the nearest by either edge. */
function columnUnder(cell: Cell, header: Header): Column | undefined {
  return nameNearest(cell, header)?.col;
}

function nameNearest(cell: Cell, header: Header): Header['cols'][number] | undefined {
  let best: { h: Header['cols'][number]; d: number } | undefined;
  for (const h of header.cols) {
    const overlap = Math.min(cell.x1, h.cell.x1) - Math.max(cell.x0, h.cell.x0);
    const d = overlap > 0 ? -overlap : Math.min(Math.abs(cell.x0 - h.cell.x0), Math.abs(cell.x1 - h.cell.x1));
    if (!best || d < best.d) best = { h, d };
  }
  return best?.h;
}

/**
 * Where columnUnder is not sure of a cell: a quantity printed with its unit ("19 fő", "5 éj") over the quantity's
 * name and the unit's beside it is the quantity; a name under no column's name, the description's name the next on
 * its right, is the description (a short name printed from the left under a centred "Tên hàng hóa, dịch vụ").
 */
function columnOfCell(cell: Cell, header: Header): Column | undefined {
  const col = columnUnder(cell, header);
  const over = (h: { cell: Cell }) => Math.min(cell.x1, h.cell.x1) - Math.max(cell.x0, h.cell.x0) > 0;
  if (col !== 'quantity' && /^\d{1,6}([.,]\d)?\s?\p{L}{1,8}\.?$/u.test(cell.text.trim()) && header.cols.some((h) => h.col === 'quantity' && over(h))) return 'quantity';
  if (col !== 'description' && /\p{L}{2}/u.test(cell.text) && !header.cols.some(over)) {
    const right = header.cols.filter((h) => h.cell.x0 >= cell.x1).sort((a, b) => a.cell.x0 - b.cell.x0)[0];
    const left = header.cols.filter((h) => h.cell.x1 <= cell.x0).sort((a, b) => b.cell.x1 - a.cell.x1)[0];
    if (right?.col === 'description' && left?.col === 'other') return 'description';
  }
  return col;
}

// A part's or article's number in a cell of its own ("FK83754", "794 453 703"): capitals and digits mixed, or
// groups of digits.
const PART_NUMBER = /^(?=.*\d{3})(?=.*[A-Z]|\d+[ -]\d+)[A-Z0-9][A-Z0-9./-]*( [0-9]{2,})*$/;

/**
 * A till's count and price of one on the line under the item's name, under the name's column ("3 x 15,600" over
 * nothing, its amount "46,800" on the right; "x 5,400" where OCR lost the count of one): the row's quantity and
 * price, not its name, where the count times the price is the row's amount. The price may be negative (returned empties
 * at "4 x -48.00", a discount's "1 x -419.66").
 */
const COUNT_TIMES = /^\s*(\d{1,4}(?:[.,]\d{1,3})?)?\s*[xX×*@]\s*(-?\s?\d[\d.,]*\d|\d)\s*$/;

function countTimes(out: Map<Column, string>, decimal: DocContext['decimal']): void {
  const m = COUNT_TIMES.exec(out.get('description') ?? '');
  if (!m || out.has('quantity') || out.has('unitPrice')) return;
  const q = m[1] ? parseAmount(m[1], decimal) : 1;
  // The price's thousands separator OCR may have read as the other mark ("4 x 3.600" for 3,600 making 14,400).
  const [asPrinted, otherMark] = [decimal, decimal === 'comma' ? 'dot' as const : 'comma' as const].map((d) => parseAmount(m[2]!, d));
  const priced = (a: number | null) => [asPrinted, otherMark].find((v) => v != null && q !== null && a !== null && Math.abs(q * v - a) <= 0.011);
  // The amount with its tax-class letter after it, as OCR read them ("500B" as 5008, "5COB", "1,40CA-EX" not 1.4):
  // its figures without the letter first.
  const unmarked = withoutTaxMark(out.get('amount') ?? '');
  let p = unmarked === null ? undefined : priced(parseAmount(unmarked, decimal));
  if (p != null) out.set('amount', unmarked!);
  else p = priced(parseAmount(out.get('amount') ?? '', decimal));
  if (p == null) return;
  out.delete('description');
  out.set('quantity', m[1] ?? '1');
  out.set('unitPrice', p === asPrinted ? m[2]! : String(p));
}

const FIGURE = /^[-(]?\d[\d.,' ]*\)?$/;

/**
 * A form's columns printed in fixed widths, the names set from the left and the figures from the right (a dot-matrix
 * invoice's "POSOTITA" at 323-351, its count at 363-368 nearer the price's name): each figure under the name that
 * starts last before its right edge. Only where reading by the nearest name puts two figures of a line in one column
 * and this reading puts each in a column of its own; undefined otherwise.
 */
function fieldsFromNames(cells: Cell[], cols: (Column | undefined)[], header: Header): (Column | undefined)[] | undefined {
  const figures = cells.map((c) => FIGURE.test(c.text.trim()));
  if (figures.filter(Boolean).length < 2) return undefined;
  // The header's column each figure stands under, by the nearest name and by the name starting last before its end.
  const nearest = cells.map((c, k) => (figures[k] ? nameNearest(c, header) : undefined));
  const started = cells.map((c, k) => (figures[k] ? header.cols.filter((h) => h.cell.x0 <= c.x1).sort((a, b) => a.cell.x0 - b.cell.x0).pop() : undefined));
  const apart = (hs: (typeof header.cols[number] | undefined)[]) => {
    const got = hs.filter((h, k) => figures[k]);
    return got.every(Boolean) && new Set(got).size === got.length;
  };
  if (apart(nearest) || !apart(started) || started.some((h) => h?.col === 'description')) return undefined;
  return cells.map((_, k) => (figures[k] ? started[k]!.col : cols[k]));
}

function assign(cells: Cell[], header: Header, ctx?: DocContext): Map<Column, string> {
  const out = new Map<Column, string>();
  const names: string[] = [];
  const split = cells.flatMap((c) => splitFigures(c, header));
  const nearest = split.map((c) => columnOfCell(c, header));
  const cols = fieldsFromNames(split, nearest, header) ?? nearest;
  for (const [k, cell] of split.entries()) {
    const col = cols[k];
    if (!col) continue;
    if (col === 'description') names.push(cell.text);
    out.set(col, out.has(col) ? `${out.get(col)} ${cell.text}` : cell.text);
  }
  // A part number printed before the name under the description's column (a repair order's parts) is no part of it.
  if (names.length >= 2 && PART_NUMBER.test(names[0]!.trim()) && /\p{L}{3}/u.test(names[1]!)) out.set('description', names.slice(1).join(' '));
  if (ctx) countTimes(out, ctx.decimal);
  return out;
}

/**
 * OCR specks and rules read as text: one character repeated or no letters or digits at all
 * ("EEE", "~~~"), or a lone cell far wider than its few characters (a ruled line read as "Be").
 */
function noise(text: string, line: Line): boolean {
  const t = text.replace(/[^\p{L}\p{N}]/gu, '');
  if (!t || new Set(t.toLowerCase()).size === 1) return true;
  const cell = line.cells.length === 1 ? line.cells[0] : undefined;
  return !!cell && (cell.x1 - cell.x0) / text.length > 3 * Math.max(1, line.y1 - line.y0);
}

export interface TableRow {
  cells: Map<Column, string>;
  lines: Line[];
}

/** The columns a header cell names, several where it names them one space apart ("Unit (HK$) Amount (HK$)"). */
const namesOf = (text: string): (Column | undefined)[] => splitHeaderCell({ text, x0: 0, x1: text.length }).map((p) => columnOf(p.text));

/** A header cell's column, the description's where the cell names it beside another ("Cant. Descripción"). */
const nameOf = (text: string): Column | undefined => {
  const names = namesOf(text);
  return names.length > 1 && names.includes('description') ? 'description' : columnOf(text);
};

/** Rows of every line-item table in the document (tables continued across pages joined). */
export function readTableRows(doc: DocContext): { rows: TableRow[]; headerLines: Set<Line> } {
  // A row's figures OCR set a little apart from the rest of it: read with its row, reported by the printed lines.
  const split = joinSplitRows(doc, (text) => STOP.test(text));
  const ctx = split ? { ...doc, lines: split.lines } : doc;
  const unsplit = (l: Line) => split?.sources.get(l) ?? [l];
  const read = (got: { rows: TableRow[]; headerLines: Set<Line> }, printed: (l: Line) => Line[]) =>
    ({ rows: got.rows.map((r) => ({ ...r, lines: r.lines.flatMap(printed) })), headerLines: new Set([...got.headerLines].flatMap(printed)) });
  // A table a skewed scan's OCR sheared by a row (skew.ts): read from its rebuilt lines, reported by the printed ones.
  const skew = realignSkewedTable(ctx, nameOf, (text) => STOP.test(text)) ?? realignSunkTable(ctx, nameOf, (text) => STOP.test(text), namesOf);
  const got = skew ? readRows({ ...ctx, lines: skew.lines }) : undefined;
  if (!skew || !got?.rows.length || shearedDown(ctx, skew.sources)) return read(readRows(ctx), unsplit);
  return read(got, (l) => (skew.sources.get(l) ?? [l]).flatMap(unsplit));
}

/**
 * Whether a table skew.ts rebuilt (each row's figures joined to the name under them) has its description's
 * column name just above its figures' names instead, overlapping them ("Description" at 564-598 over "Qty / Hrs
 * Rate Amount" at 581-625): a scan whose right-hand side sank, each name over its own figures, the first
 * row's name taken for the header's ("Copywriting - product pages"). Such a table reads from the printed lines.
 */
function shearedDown(ctx: DocContext, sources: Map<Line, Line[]>): boolean {
  const head = [...sources.values()][0]?.[0];
  const before = head ? ctx.lines[ctx.lines.indexOf(head) - 1] : undefined;
  if (!head || !before || before.page !== head.page || overlap(before, head) <= 0) return false;
  const left = Math.min(...head.cells.map((c) => c.x0));
  return before.cells.every((c) => c.x1 < left) && before.cells.some((c) => columnOf(c.text) === 'description');
}

/**
 * The lines under a header without what stands left of its first column when that column is not the
 * description (a shaded side column of totals beside a table that opens with "Date" or "Pos"): rows
 * of the table never start there. Lines left empty are dropped. The rows keep only the table's part of
 * such a line, so the side column's figures on it (a subtotal beside the first row) stay candidates.
 */
function besideTable(doc: DocContext, header: Header, end: number): { ctx: DocContext; end: number } {
  const first = header.cols.reduce((a, b) => (b.cell.x0 < a.cell.x0 ? b : a));
  const h = doc.lines[header.lineIndex]!.y1 - doc.lines[header.lineIndex]!.y0;
  if (first.col === 'description') return { ctx: doc, end };
  const limit = first.cell.x0 - 2 * h;
  const kept: Line[] = [];
  for (const line of doc.lines.slice(header.lineIndex + 1, end)) {
    const cells = line.cells.filter((c) => c.x1 >= limit);
    if (cells.length === line.cells.length) kept.push(line);
    else if (cells.length) kept.push({ ...line, cells, text: cells.map((c) => c.text).join(' '), x0: cells[0]!.x0 });
  }
  const lines = [...doc.lines.slice(0, header.lineIndex + 1), ...kept, ...doc.lines.slice(end)];
  return { ctx: { ...doc, lines }, end: header.lineIndex + 1 + kept.length };
}

function readRows(doc: DocContext): { rows: TableRow[]; headerLines: Set<Line> } {
  const headers = findHeaders(doc);
  if (headers.length === 0) return { rows: receiptRows(doc), headerLines: new Set() };
  const rows: TableRow[] = [];
  const headerLines = new Set<Line>();
  // Where each header's rows start.
  const tables: number[] = [];
  headers.forEach((header, hi) => {
    tables.push(rows.length);
    for (let k = header.firstIndex; k <= header.lineIndex; k++) headerLines.add(doc.lines[k]!);
    const { ctx, end } = besideTable(doc, header, headers[hi + 1]?.firstIndex ?? doc.lines.length);
    let page = ctx.lines[header.lineIndex].page;
    const rowsBefore = rows.length;
    const numbersOnly = (i: number) => {
      const line = ctx.lines[i];
      // A sum carried to the next page is no row's figures: a name's second line above it stays with its row.
      if (!line || i >= end || line.page !== page || line.cells.some((c) => CARRIED.test(normLabel(c.text)))) return false;
      const cells = assign(line.cells, header, ctx);
      return !cells.has('description') && [...cells.entries()].some(([c, v]) => c !== 'other' && parseAmount(v, ctx.decimal) !== null);
    };
    // A description OCR read as a line of its own just above its row's figures.
    let pending: { desc: string; line: Line } | undefined;
    // The last row read from a name over its figures.
    let namedAbove: TableRow | undefined;
    // A name alone with a whole row (name and figures) under it: a section's heading ("Menuiseries",
    // "Salle de bain") or a name's second line, which only a row above it can have.
    const fullRow = (l: Line | undefined) => {
      if (!l || l.page !== page) return false;
      const c = assign(l.cells, header);
      return c.has('description') && [...c.entries()].some(([k, v]) => k !== 'description' && k !== 'other' && parseAmount(v, ctx.decimal) !== null);
    };
    const nameAlone = (l: Line | undefined) => {
      if (!l || l.page !== page) return false;
      const c = assign(l.cells, header);
      return c.size === 1 && c.has('description') && !noise(c.get('description')!, l);
    };
    // A table whose first line is such a name has its rows in sections: the names alone over a row
    // further down are headings too, not a second line of the row above them.
    const sectioned = nameAlone(ctx.lines[header.lineIndex + 1]) && fullRow(ctx.lines[header.lineIndex + 2]);
    for (let i = header.lineIndex + 1; i < end; i++) {
      const line = ctx.lines[i];
      if (line.page !== page) break;
      // A sum carried to the next page ("Overføres 66 665,50"): the table goes on there after the
      // sum brought forward ("Overført fra forrige side"), under this header when none is repeated.
      const carried = line.cells.some((c) => CARRIED.test(normLabel(c.text)));
      if (carried) {
        const next = ctx.lines.findIndex((l, j) => j > i && j < end && l.page > page);
        const resumed = next < 0 ? -1 : ctx.lines.findIndex((l, j) => j >= next && j < Math.min(end, next + 8) && l.page === ctx.lines[next]!.page
          && l.cells.some((c) => CARRIED.test(normLabel(c.text))));
        if (resumed >= 0) {
          page = ctx.lines[resumed]!.page;
          i = resumed;
        } else if (rows.length > rowsBefore && rows[rows.length - 1]!.lines[0]!.page === page && (ctx.lines[end]?.page ?? page) > page) break;
        // Not resumed under this header: after this page's items the sum ends them (the next page repeats
        // the header, the page's foot follows); before them it is the sum brought forward.
        continue;
      }
      // The header's qualifiers on a line of their own under it, each in brackets ("(excl. VAT)  (incl. VAT)",
      // "(HT)  (TTC)"): part of the header, no totals label ending the table.
      if (rows.length === rowsBefore && i <= header.lineIndex + 1 && line.cells.every((c) => /^\s*\([^()]*\)\s*$/.test(c.text))) {
        headerLines.add(line);
        continue;
      }
      // The columns' numbers under the header ("1  2  3  4  5  6 = 4 x 5", "0  1  2  3  4  5 (3x4)  6"), before any row.
      if (rows.length === rowsBefore && columnNumbers(line)) {
        headerLines.add(line);
        continue;
      }
      const cells = assign(line.cells, header, ctx);
      const hasAmount = [...cells.entries()].some(([c, v]) => c !== 'description' && c !== 'other' && parseAmount(v, ctx.decimal) !== null);
      const desc = cells.get('description');
      // A speck OCR put before the label ("2Zwischensumme") does not hide it.
      const first = normLabel(line.cells[0]?.text ?? '').replace(/^[^\p{L}]{1,2}(?=\p{L}{4})/u, '');
      // The figures of a name printed over them, not a totals line after a name left without its figures
      // ("Photography" over a row OCR lost, then "Total before VAT  NIS 74,268.72").
      if (pending && hasAmount && !desc && !STOP.test(first)) {
        cells.set('description', pending.desc);
        rows.push({ cells, lines: [pending.line, line] });
        namedAbove = rows[rows.length - 1];
        pending = undefined;
        continue;
      }
      pending = undefined;
      const next = ctx.lines[i + 1];
      // Unless the figures have their own name on the line after them (a skewed scan's row): they overlap it
      // more, or as much when the row above did not have its name over its figures too.
      // A name with no figure (a row's date or reference beside it, columns no item field takes).
      const nameOnly = !!desc && [...cells.keys()].every((c) => c === 'description' || c === 'other');
      const below = nameOnly && next ? overlap(next, ctx.lines[i + 2] ?? next) - overlap(line, next) : 0;
      if (nameOnly && !noise(desc, line) && next && numbersOnly(i + 1) && next.y0 - line.y1 < (line.y1 - line.y0) * 0.8
        && !(nameBeside(next, ctx.lines[i + 2], header, ctx) && (below > 0 || (below === 0 && (!namedAbove || namedAbove !== rows[rows.length - 1]))))) {
        pending = { desc, line };
        continue;
      }
      // An item whose name opens with such a label ("Tax return preparation  1  200.00  200.00") is a row; the label
      // alone under the name's column, its sums under the figures' columns ("SUBTOTAL  0  0  1.164.400"), is none.
      if (STOP.test(first) && !(desc && hasAmount && line.cells.length >= 3 && !wholeLabel(normLabel(desc)))) {
        // A section's total with another section under it, headed in capitals ("OUTLAYS", "DISBURSEMENTS"): its rows are items too.
        const section = sectionAfter(ctx, i, end, rows.slice(rowsBefore));
        if (!section) break;
        rows.push(...section.rows);
        i = section.total - 1;
        continue;
      }
      // The heading of the document's next lettered or numbered section ("Section E: Tax Details" after "Section D:
      // Goods & Services Details"), with no figure: the items' section is over.
      if (rows.length > rowsBefore && !hasAmount && NEXT_SECTION.test(first)) break;
      if (TAX_SUMMARY.test(first) || TR_SUMS.test(first) || VN_HU_SUMS.test(first) || CJK_SUM.test(normLabel(line.text))) break;
      // A CFDI's tax lines under a concept, their rate under a price's column (CFDI_NOTE).
      if (rows.length && !cells.has('quantity') && !cells.has('amount') && CFDI_NOTE.test(normLabel(line.text))) continue;
      // A totals label alone in a later cell with its figure after it, the payment's terms before it ("Moneda: MXN
      // Forma de pago: 03 - Transferencia  Subtotal  $147,737.40"): the totals block, beside the terms, ends the items.
      // The label may sit under the quantity's column (a narrow one, at the label's left): it is then that cell.
      const qty = cells.get('quantity');
      if ((qty === undefined || wholeLabel(normLabel(qty))) && line.cells.some((c, k) => k > 0 && wholeLabel(normLabel(c.text)) && parseAmount(line.cells[k + 1]?.text ?? '', ctx.decimal) !== null)) break;
      // Words without a figure under a figure's column and no description: a label of the totals
      // block the table reader does not know ("Merchandise Credit  (1,031.76)"), which ends the items.
      if (!desc && hasAmount && [...cells].some(([c, v]) => (c === 'quantity' || c === 'unitPrice') && /\p{L}{3}/u.test(v) && !/\d/.test(v))) break;
      // A row's figures OCR put on a line of their own just under it ("Printer paper A4  18  155,75" over
      // "2.803,50", "USB-C docking station  7" over "295.58  2'069.06"): the line has no description, and
      // only figures of columns the row above left empty.
      const prev = rows[rows.length - 1];
      const lastLine = prev?.lines[prev.lines.length - 1];
      if (!desc && hasAmount && prev && [...cells.keys()].every((c) => c !== 'other' && !prev.cells.has(c))
        && lastLine!.page === line.page && line.y0 - lastLine!.y1 < (line.y1 - line.y0) * 0.8) {
        for (const [c, v] of cells) prev.cells.set(c, v);
        prev.lines.push(line);
        continue;
      }
      // An amount alone (no quantity, no price) equal to the sum of the rows above it is their subtotal,
      // whatever its label says or however OCR read it ("小 ￥883,000" for 小計): it ends the items.
      const alone = cells.has('quantity') || cells.has('unitPrice') ? null : parseAmount(cells.get('amount') ?? '', ctx.decimal);
      // With a credit among them ("Promotional credit applied  -25.00"), the sum of their charges alone ("Charges
      // 189.00" over "Credits  -25.00") is one too.
      const sums = (rs: TableRow[]) => {
        const amounts = rs.map((r) => parseAmount(r.cells.get('amount') ?? '', ctx.decimal));
        const near = (vs: (number | null)[]) => Math.abs(vs.reduce((t: number, v) => t + v!, 0) - alone!) <= 0.011;
        return amounts.every((v) => v !== null) && (near(amounts) || (amounts.some((v) => v! < 0) && near(amounts.filter((v) => v! > 0))));
      };
      if (alone !== null && rows.length >= 2 && sums(rows)) break;
      // ... or of this section's rows (of a table in sections), under a total's word when it has one row ("Labor total  189.00").
      const section = rows.slice(rowsBefore);
      if (alone !== null && (section.length >= 2 || (section.length === 1 && headers.length > 1 && SECTION_TOTAL.test(normLabel(line.text)))) && sums(section)) break;
      // A row's figures alone, its name on the overlapping line under them (a skewed scan's row).
      const named = desc || !hasAmount ? undefined : nameBeside(line, ctx.lines[i + 1], header, ctx);
      if (hasAmount && (desc || cells.size >= 2 || named)) {
        if (named) {
          cells.set('description', named);
          rows.push({ cells, lines: [line, ctx.lines[++i]!] });
        } else rows.push({ cells, lines: [line] });
      }
      else if (desc && noise(desc, line)) continue;
      // An article's identifier under its name ("ASIN: B0XX12", "SKU 4471-B", "EAN 4006381333931") is no part of it.
      else if (desc && cells.size === 1 && rows.length && IDENTIFIER_LINE.test(desc.trim())) continue;
      else if (desc && cells.size === 1 && rows.length && eachAt(rows[rows.length - 1]!, desc, ctx)) rows[rows.length - 1]!.lines.push(line);
      else if (desc && cells.size === 1 && sectioned && fullRow(ctx.lines[i + 1])) continue;
      else if (desc && cells.size === 1 && rows.length && rows[rows.length - 1].lines[0].page === page) {
        const prev = rows[rows.length - 1];
        const lastY = prev.lines[prev.lines.length - 1].y1;
        if (line.y0 - lastY < (line.y1 - line.y0) * 1.2) {
          prev.cells.set('description', `${prev.cells.get('description') ?? ''} ${desc}`.trim());
          prev.lines.push(line);
        } else if (rows.length) break;
      } else if (rows.length && !desc) break;
    }
    // A serial-number column ("#", "Sl No.", "S.No") OCR or the layout joined to the description: the
    // row's own number before its name is no part of it.
    const serial = ctx.lines.slice(header.firstIndex, header.lineIndex + 1).some((l) => SERIAL_HEAD.test(normLabel(l.cells[0]?.text ?? '')));
    if (serial) rows.slice(rowsBefore).forEach((row, k) => {
      const d = row.cells.get('description');
      const m = d?.match(/^(\d{1,3})[.)]?\s+(?=\p{L})/u);
      if (d && m && Number(m[1]) === k + 1) row.cells.set('description', d.slice(m[0].length));
    });
    // A table with neither a quantity nor a price column (a folio's charges): each line is one at its amount.
    const counted = header.cols.some((c) => c.col === 'quantity' || c.col === 'unitPrice');
    for (const row of rows.slice(rowsBefore)) {
      const amount = row.cells.get('amount');
      if (!counted && amount !== undefined && !row.cells.has('quantity')) {
        row.cells.set('quantity', '1');
        row.cells.set('unitPrice', amount);
      }
    }
  });
  // A line taken for a header with no row under it (a receipt's "ITEMS: 3" over "Amounts in TZS" below its totals)
  // is no table: the items are then read as a receipt's without one.
  if (!rows.length) return { rows: receiptRows(doc), headerLines: new Set() };
  return { rows: withoutUnpriced(rows, tables, doc), headerLines };
}

/**
 * A document packet's delivery note or packing list before or after its invoice ("Description  Qty ordered  Qty
 * delivered"): a table whose rows print no money at all, beside another whose rows do, lists the same goods again
 * without their prices. Only the priced tables' rows are the items. `starts`: where each table's rows start.
 */
function withoutUnpriced(rows: TableRow[], starts: number[], ctx: DocContext): TableRow[] {
  const tables = starts.map((from, k) => rows.slice(from, starts[k + 1] ?? rows.length)).filter((t) => t.length);
  const priced = (r: TableRow) => (['unitPrice', 'amount'] as const).some((c) => parseAmount(r.cells.get(c) ?? '', ctx.decimal) !== null);
  const unpriced = tables.filter((t) => !t.some(priced));
  return unpriced.length && unpriced.length < tables.length ? tables.filter((t) => !unpriced.includes(t)).flat() : rows;
}

/**
 * The rows of a section under a section's total on line `i` (a lawyer's fee note: "Total professional fees", then
 * "OUTLAYS" over "Stamp duty  no VAT  2,002.00"): a heading in capitals alone, then lines of a name first and an
 * amount last, each one of its amount, up to the section's own total. None when the total is the table's, or when
 * the section sums the rows above it (a timekeeper's summary of the hours billed).
 */
function sectionAfter(ctx: DocContext, i: number, end: number, above: TableRow[]): { rows: TableRow[]; total: number } | undefined {
  const at = (j: number) => (j < end && ctx.lines[j]?.page === ctx.lines[i]!.page ? ctx.lines[j] : undefined);
  const heading = at(i + 1);
  if (!heading || heading.cells.length !== 1 || !/^\p{Lu}[\p{Lu}\s&'-]{3,}$/u.test(heading.text.trim())) return undefined;
  const rows: TableRow[] = [];
  let j = i + 2;
  for (let line = at(j); line && !STOP.test(normLabel(line.cells[0]?.text ?? '')); line = at(++j)) {
    const name = line.cells[0]!.text.trim();
    const amount = line.cells.length >= 2 ? line.cells[line.cells.length - 1]!.text : '';
    if (!/\p{L}{3}/u.test(name) || /\d/.test(name) || parseAmount(amount, ctx.decimal) === null) return undefined;
    rows.push({ cells: new Map<Column, string>([['description', name], ['quantity', '1'], ['unitPrice', amount], ['amount', amount]]), lines: [line] });
  }
  const sum = (rs: TableRow[]) => rs.reduce((t, r) => t + (parseAmount(r.cells.get('amount') ?? '', ctx.decimal) ?? 0), 0);
  const total = at(j);
  if (!rows.length || !total || !SECTION_TOTAL.test(normLabel(total.text)) || Math.abs(sum(rows) - sum(above)) <= 0.011) return undefined;
  return sums(total.cells[total.cells.length - 1]!.text, sum(rows), ctx) ? { rows, total: j } : undefined;
}

/**
 * Whether a section's printed total is its rows' sum: to the cent, or, where OCR lost its first digits and left the
 * separator after them (",800.00" for "3,800.00"), in the digits it kept.
 */
function sums(printed: string, sum: number, ctx: DocContext): boolean {
  const value = parseAmount(printed, ctx.decimal);
  if (value !== null && Math.abs(value - sum) <= 0.011) return true;
  const kept = /(?<![\d])[.,'\s](\d{3}[.,]\d{2})\s*$/.exec(printed.replace(/[^\d.,'\s]/g, ''));
  return !!kept && sum.toFixed(2).endsWith(kept[1]!.replace(',', '.'));
}

/**
 * A till's price of one under its row ("4  Beef Shawarma Plate  120.00" over "@ 30.00"): the row's one figure, under
 * the price's column, is then its amount, when the count times the price of one makes it. True when the row took it.
 */
function eachAt(row: TableRow, text: string, ctx: DocContext): boolean {
  const each = /^@\s*(\S+)$/.exec(text.trim());
  const price = each ? parseAmount(each[1]!, ctx.decimal) : null;
  const qty = parseAmount(row.cells.get('quantity') ?? '', ctx.decimal);
  const figure = row.cells.get('amount') ?? row.cells.get('unitPrice');
  const total = parseAmount(figure ?? '', ctx.decimal);
  if (price === null || qty === null || total === null || Math.abs(qty * price - total) > 0.011) return false;
  row.cells.set('amount', figure!);
  row.cells.set('unitPrice', each![1]!);
  return true;
}

/**
 * A line numbering a table's columns, as Romanian and Vietnamese invoices print under the header: small
 * numbers one after the other, some with the arithmetic of its column ("6 = 4 x 5", "5 (3x4)").
 */
function columnNumbers(line: Line): boolean {
  const firsts = line.cells.map((c) => /^(\d{1,2})(\s*\(?\s*=?\s*\d{1,2}\s*[x×*]\s*\d{1,2}\s*\)?)?$/.exec(c.text.trim().replace(/[（）]/g, (b) => (b === '（' ? '(' : ')'))));
  return firsts.length >= 2 && firsts.every((m, k) => m && (k === 0 || Number(m[1]) === Number(firsts[k - 1]![1]) + 1));
}

// A section's total's word ("Labor total", "Parts total", "Summe Lohn", "Total partiel").
const SECTION_TOTAL = /\b(total|totals|summe|gesamt|sum|subtotal|totaal|totale)\b/;

const IDENTIFIER_LINE = /^(asin|sku|ean|upc|isbn|gtin|mpn|fnsku|item code|article code|art\.? ?-?nr\.?|artikelnummer|part (?:no|number)\.?|serial (?:no|number)\.?|s\/n)\s*[:#.]?\s*[A-Z0-9][A-Z0-9-]{3,}$/i;
const SERIAL_HEAD = /^(#|stt\b|(nr\.? ?)?crt\b|s\.? ?no\b|sl\.? ?no\b|si\.? ?no\b|sr\.? ?no\b|no\.|n°|nr\.|pos\b|lp\b)/;

/**
 * The tax lines a Mexican CFDI prints under each concept ("Objeto de impuesto: 02 - Sí objeto de impuesto",
 * "Traslado IVA 0.160000", "Impuestos: Traslado IVA Tasa 0.160000", "Retención ISR 0.100000"): notes on the
 * row, no part of its name.
 */
const CFDI_NOTE = /^(objeto de impuesto|obj\.? ?imp(uesto)?\.?|impuestos?\s*:|traslados?\s*:|retenci[oó]n(es)?\s*:)|\b(traslado|retenci[oó]n)\s+(iva|isr|ieps)\b(\s+tasa)?\s+0[.,]\d{4,6}\b/;

/** How far two lines overlap vertically (negative: the gap between them). */
const overlap = (a: Line, b: Line) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/**
 * The description of a row of figures that a skewed scan's OCR put on the next line: that line
 * names an item and shows no figure, and the two lines overlap by a third of their height.
 */
function nameBeside(line: Line, next: Line | undefined, header: Header, ctx: DocContext): string | undefined {
  if (!next || next.page !== line.page) return undefined;
  if (overlap(line, next) < Math.min(line.y1 - line.y0, next.y1 - next.y0) / 3) return undefined;
  const cells = assign(next.cells, header);
  const desc = cells.get('description');
  const figures = [...cells.entries()].some(([c, v]) => c !== 'description' && c !== 'other' && parseAmount(v, ctx.decimal) !== null);
  return desc && !figures && !noise(desc, next) ? desc : undefined;
}

// "5 x 84.74" (or "5 @ 84.74"), and on some receipts the amount after it; a price taken off negative ("3 x -48.00").
const TIMES = /^\s*(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:x|X|×|\*|@)\s*(?:RM|\$|€|£)?\s*(-?\d[\d.,]*\d|\d)(?![\d.,])\s*(.*)$/;

/**
 * Items of a receipt with no header row, where a quantity times a price stands on a line of its own
 * next to the item's name: "MEE GORENG  423.70" over "5 x 84.74", or "MEE GORENG" over
 * "5 x 84.74  423.70". Taken only where quantity times price gives the amount to the cent.
 */
function receiptRows(ctx: DocContext): TableRow[] {
  const rows: TableRow[] = [];
  const amount = (text: string | undefined) => (text === undefined ? null : parseAmount(text, ctx.decimal));
  for (let i = 1; i < ctx.lines.length; i++) {
    const line = ctx.lines[i];
    const m = TIMES.exec(halfWidthMarks(line.text));
    if (!m) continue;
    // The price may come first ("4.50 x 2"): the figure with cents is the price.
    const [qText, pText] = /[.,]\d{2}$/.test(m[1]!) && /^\d+$/.test(m[2]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    const [q, p] = [amount(qText), amount(pText)];
    const prev = ctx.lines[i - 1];
    if (q === null || p === null || prev.page !== line.page || !/\p{L}{2}/u.test(prev.text)) continue;
    const own = amount(m[3]?.trim() || undefined);
    const last = prev.cells.length >= 2 ? prev.cells[prev.cells.length - 1] : undefined;
    const [desc, total] = own !== null ? [prev.text, m[3]!.trim()] : last ? [prev.cells.slice(0, -1).map((c) => c.text).join(' '), last.text] : [undefined, undefined];
    const a = amount(total);
    if (!desc || !/\p{L}/u.test(desc) || a === null || Math.abs(q * p - a) > 0.011) continue;
    rows.push({ cells: new Map<Column, string>([['description', desc], ['quantity', qText], ['unitPrice', pText], ['amount', total!]]), lines: [prev, line] });
  }
  const summed = listRows(ctx);
  // A list that adds up to the totals block and holds every "q x p" row too holds the rows of one
  // beside them (a till's pump line and shop items around "2 @ 6.49"): the whole list.
  const taken = new Set(summed.flatMap((r) => r.lines));
  if (rows.length > 0) return summed.length > rows.length && rows.every((r) => r.lines.some((l) => taken.has(l))) ? summed : rows;
  if (summed.length > 0) return summed;
  const counted = quantityFirstRows(ctx);
  return counted.length > 0 ? counted : describedServices(ctx);
}

// A Brazilian service invoice (NFS-e) lists its services in the prose of its "Discriminação dos serviços" /
// "Descrição do Serviço" box, one a line: a name, a dash, then "55 horas x R$ 180,00 = R$ 9.900,00" or only the amount.
const SERVICES_HEAD = /^(?:discriminacao|descricao) d[oa]s? servicos?\b/;
const SERVICE_LINE = /^(.*?\p{L}.*?)\s*[-–—·:]\s*(?:(\d+(?:[.,]\d+)?)\s*(?:\p{L}{1,10}\.?\s*)?[x×]\s*(?:R\$|\$)?\s*(\d[\d.,]*)\s*=\s*)?(?:R\$|\$)\s*(\d[\d.,]*[.,]\d{2})\.?$/u;

/**
 * The services of such a box, taken where each line's quantity times price gives its amount and their sum is printed
 * after the box (the service's total): the evidence a table's header and totals would give.
 */
function describedServices(ctx: DocContext): TableRow[] {
  const start = ctx.lines.findIndex((l) => SERVICES_HEAD.test(normLabel(l.text)));
  if (start < 0) return [];
  const rows: TableRow[] = [];
  let end = start + 1;
  for (; end < Math.min(ctx.lines.length, start + 30); end++) {
    const line = ctx.lines[end]!;
    const text = line.cells.map((c) => c.text.trim()).join(' ');
    // The box ends at the next heading (a line in capitals) or a totals label.
    if ((/\p{Lu}{4}/u.test(text) && !/\p{Ll}/u.test(text)) || STOP.test(normLabel(text))) break;
    const m = SERVICE_LINE.exec(text);
    if (!m) continue;
    const a = parseAmount(m[4]!, ctx.decimal);
    const q = m[2] ? parseAmount(m[2], ctx.decimal) : 1;
    const price = m[3] ? parseAmount(m[3], ctx.decimal) : a;
    if (a === null || a <= 0 || q === null || price === null || Math.abs(q * price - a) > 0.011) continue;
    rows.push({ cells: new Map<Column, string>([['description', m[1]!.trim()], ['quantity', m[2] ?? '1'], ['unitPrice', m[3] ?? m[4]!], ['amount', m[4]!]]), lines: [line] });
  }
  if (!rows.length) return [];
  const sum = Math.round(rows.reduce((t, r) => t + (parseAmount(r.cells.get('amount')!, ctx.decimal) ?? 0), 0) * 100) / 100;
  const printed = ctx.lines.slice(end).some((l) => amountsIn(l.text, ctx.decimal).some((v) => Math.abs(v - sum) <= 0.011));
  return printed ? rows : [];
}

/**
 * Items of a list with no header that add up to a sum of the totals block below it (loose.ts). On a tilted scan whose
 * OCR set each item's amount on a line of its own, a little below or above its name (rejoinedRows.ts, the way the
 * page leans), the list of names joined to their amounts where it adds up so.
 */
function listRows(ctx: DocContext): TableRow[] {
  const read = (c: DocContext) => summedItems(c, (text) => STOP.test(text), (text) => GRAND.test(text));
  let found = read(ctx);
  const ocr = new Set(ctx.pages.filter((p) => p.source === 'ocr').map((p) => p.number));
  const sources = new Map<Line, Line[]>();
  if (!found.length && ocr.size) {
    const lines = rejoinedRows(ctx.lines, ocr, ctx.decimal, true);
    // Each joined line is reported by the printed lines its cells came from.
    for (const l of lines) if (!ctx.lines.includes(l)) sources.set(l, ctx.lines.filter((o) => o.page === l.page && o.cells.some((c) => l.cells.includes(c))));
    if (sources.size) found = read({ ...ctx, lines });
  }
  return found.map(({ item, lines }) => ({
    cells: new Map<Column, string>([['description', item.description], ['quantity', item.quantity], ['unitPrice', item.unitPrice], ['amount', item.amount]]),
    lines: lines.flatMap((l) => sources.get(l) ?? [l]),
  }));
}

/**
 * Items of a receipt with no header row printed quantity first ("3  Tonerkartusche  7,38  22,14 A",
 * "1  Softwarelizenz  5,12 A"; a restaurant's "3  Cheeseburger  43.95" over "@14.65"): taken where quantity
 * times price gives the amount to the cent, and rows of one without a price only beside such rows.
 */
const EACH_UNDER = /^@\s*(?:[$€£]\s*)?(\d{1,6}[.,]\d{2})$/;

function quantityFirstRows(ctx: DocContext): TableRow[] {
  const found: Array<{ row: TableRow; checked: boolean; index: number }> = [];
  ctx.lines.forEach((line, index) => {
    const cells = line.cells.map((c) => c.text.trim());
    if (cells.length < 3 || cells.length > 4 || !/^\d{1,3}$/.test(cells[0]!) || !/\p{L}{2}/u.test(cells[1]!)) return;
    const q = Number(cells[0]);
    const last = cells[cells.length - 1]!;
    const a = /\d[.,]\d{2}\b/.test(last) ? parseAmount(last, ctx.decimal) : null;
    // The price of one on the line under the row, alone after an at sign ("3  Cheeseburger  43.95" over "@14.65").
    const next = ctx.lines[index + 1];
    const under = cells.length === 3 && next?.page === line.page ? EACH_UNDER.exec(next.text.trim())?.[1] : undefined;
    const priceText = cells.length === 4 ? cells[2]! : under ?? last;
    const p = cells.length === 4 || under ? parseAmount(priceText, ctx.decimal) : q === 1 ? a : null;
    if (q < 1 || a === null || p === null || Math.abs(q * p - a) > 0.011) return;
    const map = new Map<Column, string>([['description', cells[1]!], ['quantity', cells[0]!], ['unitPrice', priceText], ['amount', last]]);
    found.push({ row: { cells: map, lines: under ? [line, next!] : [line] }, checked: cells.length === 4 || !!under, index });
  });
  // A run of such rows: one whose arithmetic was checked, and the rows next to it (within as many
  // lines as there are rows) before or after it.
  const nearest = (order: typeof found) => {
    let last = -Infinity;
    return new Map(order.map((f) => [f, Math.abs(f.index - (last = f.checked ? f.index : last))]));
  };
  const [before, after] = [nearest(found), nearest([...found].reverse())];
  return found.filter((f) => Math.min(before.get(f)!, after.get(f)!) <= found.length).map((f) => f.row);
}

/**
 * A zero OCR read as the letter O inside a number of a description: between digits ("1O5"), after digits
 * before a unit of measure or a pack's count in capitals ("9OMCG", "100OMG", "3OCT"), or ending a number
 * ("4O UNIDOSES", "SPF5O"). "16OZ" (ounces) and "H2O" keep their letter.
 */
function zerosOfNumbers(text: string): string {
  const zeros = (o: string) => '0'.repeat(o.length);
  return text
    .replace(/(?<=\d)[Oo]+(?=\d)/g, zeros)
    .replace(/(?<=\d)O+(?=(MG|MCG|ML|CL|CT|CM|MM|KG|G|L|UI|IU|CPR|CPS|GR)\b)/g, zeros)
    .replace(/(?<![\p{L}\d])(\d+)(O+)(?![\p{L}\d])/gu, (_, d: string, o: string) => d + zeros(o))
    .replace(/(?<=(?<![\p{L}\d])\p{Lu}{2,}\d+)O+(?![\p{L}\d])/gu, zeros);
}

/**
 * The letter O OCR read as a zero in a word of letters ("Pr0B00k" for "ProBook", "GRAD0" for "GRADO"): zeros inside,
 * ending or opening a word of three letters or more whose only digits they are; lower case beside a lower-case letter.
 */
function lettersOfWords(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])[\p{L}0]*\p{L}[\p{L}0]*(?![\p{L}\p{N}])/gu, (word) => {
    if (!word.includes('0') || (word.match(/\p{L}/gu) ?? []).length < 3) return word;
    // Between letters, or ending or opening the word ("GRAD0" for "GRADO", "0RANGE").
    return word.replace(/0+/g, (zeros: string, at: number) => {
      const near = (word[at - 1] ?? '') + (word[at + zeros.length] ?? '');
      return (/\p{Ll}/u.test(near) ? 'o' : 'O').repeat(zeros.length);
    });
  });
}

/**
 * The rows whose description opens with a number OCR joined to it from the column before it: the row's own
 * quantity ("6 Servicio de mantenimiento" for 6 of them), or the rows' numbers 1, 2, 3... in order ("1 IT support service").
 */
function countedFirst(rows: TableRow[], numbers: RowNumbers[]): boolean[] {
  const leading = rows.map((r) => Number(r.cells.get('description')?.match(LEADING_NUMBER)?.[1] ?? NaN));
  // Rows numbered 1, 2, 3 before their names, a number or two OCR lost ("Server maintenance", "2 Consulting hours").
  const present = leading.filter((n) => !Number.isNaN(n)).length;
  const numbered = leading.every((n, i) => n === i + 1) || (present >= 2 && present * 2 > rows.length && leading.every((n, i) => Number.isNaN(n) || n === i + 1));
  return leading.map((n, i) => numbered || n === numbers[i]?.quantity);
}
const LEADING_NUMBER = /^(\d{1,3})\s+(?=\p{L})/u;

/**
 * A till's article code before the name ("7877140   Dalda Cooking Oil 1L", an EAN or PLU of six digits or more printed
 * on the name's line): no part of the description.
 */
const withoutCode = (text: string) => text.replace(/^\d{6,14}\s+(?=\p{L}{2})/u, '');

/** Maps the schema's item fields onto table columns and parses each cell. */
export function rowsToItems(rows: TableRow[], read: RowNumbers[], items: FieldDefinition[], ctx: DocContext): Record<string, unknown>[] {
  const numbers = signedCounts(read);
  const mapping = items.map((f) => ({ field: f, col: columnOf(f.title ?? '') ?? columnOf(f.description ?? '') }));
  const counted = countedFirst(rows, numbers);
  return rows.map((row, i) => {
    const obj: Record<string, unknown> = {};
    for (const { field, col } of mapping) {
      const raw = col ? row.cells.get(col) : undefined;
      const type = field.type ?? (col && col !== 'description' ? 'NUMBER' : 'STRING');
      const checked = (col === 'quantity' || col === 'unitPrice' || col === 'amount') && type === 'NUMBER' ? numbers[i][col] : undefined;
      // Descriptions OCR'd with digit look-alikes ("Network cable Sm") get their numbers back.
      const read = raw && col === 'description' && fromOcr(row.lines[0], ctx) ? lettersOfWords(zerosOfNumbers(repairNumberTokens(raw))) : raw;
      const text = read && col === 'description' ? withoutCode(counted[i] ? read.replace(LEADING_NUMBER, '') : read) : read;
      obj[field.title ?? field.id ?? ''] = checked !== undefined ? checked : text ? parseByType(text, { ...field, type }, ctx) : null;
    }
    return obj;
  });
}
