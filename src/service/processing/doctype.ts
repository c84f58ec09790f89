import type { PageLayout } from './layout/model.js';

// Document type first (issue 15, item 4): before any invoice field is read, tell
// an invoice, a receipt or a credit note from a letter, a meeting note, a
// delivery note, a bank statement or a quote. The features are what a person looks at,
// not file names: the title near the top, total labels with an amount beside
// them, tax labels, currency amounts, a line-item table header, salutations and
// closings of a letter. Title words cover en, fr, de, es, it, nl, pt, sv, no, da, fi, ms and ja, hu, ro, vi,
// and since the broad lexicon (2026-11-28) pl, cs, sk, hr/sr/bs, sl, bg, ru, uk, el, et, lv, lt, is, tr, id, tl,
// th, zh, ko, ar, hi and sw (see the table in roles.ts). A title shared by two types ("Τιμολόγιο - Δελτίο Αποστολής",
// an invoice that is its delivery note too) is left out of the second type.

/** `invoice`, `receipt` and `credit_note` carry invoice fields; every other type does not. */
export type DocumentType = 'invoice' | 'receipt' | 'credit_note' | 'letter' | 'note' | 'delivery_note' | 'bank_statement' | 'other';

export const INVOICE_LIKE: ReadonlySet<DocumentType> = new Set(['invoice', 'receipt', 'credit_note']);

export interface Classification {
  type: DocumentType;
  /** 0..1: how clear the evidence was. */
  confidence: number;
  features: Features;
}

interface Features {
  /** Title words found near the top, in reading order. */
  titles: DocumentType[];
  totals: number;
  taxLabels: number;
  amounts: number;
  itemHeader: boolean;
  salutation: boolean;
  closing: boolean;
  cashChange: boolean;
  noteWords: number;
  /** The document says it is no invoice ("This is not an invoice"). */
  notInvoice: boolean;
  /** A title word of a kind that books nothing (a quote, an estimate, a pro forma) ends a short line near the top, after
   *  other words ("BRIGHT IDEAS CREATIVE QUOTE": a design tool's banner joins the seller and the title in one line). */
  lateOther: boolean;
}

// Title words. \b fails next to accented letters and CJK, so edges are spelt out.
const W = (s: string) => new RegExp(`(?:^|[^\\p{L}])(?:${s})(?=$|[^\\p{L}])`, 'iu');
const TITLES: [DocumentType, RegExp][] = [
  ['credit_note', W('credit ?note|credit memo(?:randum)?|kreditfaktura|kreditnota|hyvityslasku|avoir|note de crédit|gutschrift|rechnungskorrektur|nota de cr[ée]dito|factura rectificativa|nota di credito|credit ?nota|creditfactuur|nota kredit|helyesbítő számla|sztornó számla|jóváíró számla|factur[aă] storno|' +
    'faktura korygująca|korekta faktury|faktura korekta|nota uznaniowa|dobropis|opravný daňový doklad|knjižno odobrenje|storno račun|' +
    'кредитно известие|кредитно известие|корректировочный сч[её]т|кредит-нота|кредитна нота|πιστωτικό τιμολόγιο|kreeditarve|kredītrēķins|kreditinė sąskaita|' +
    'kreditreikningur|nota de creditare|iade faturası|nota ng kredito|memo kredit|ใบลดหนี้|贷项通知单|红字发票|수정세금계산서|إشعار دائن|क्रेडिट नोट')],
  ['credit_note', /クレジットノート|返品伝票|貸方票/],
  ['delivery_note', W('delivery (?:note|order|slip)|packing (?:slip|list)|des?patch note|goods received note|lieferschein|bon de livraison|albar[aá]n|remito|gu[ií]a de remisi[oó]n|nota de remisi[oó]n|gu[ií]a de despacho|nota de entrega|guia de remessa|documento di trasporto|bolla di consegna|d\\.?d\\.?t\\.?|pakbon|afleverbon|leveringsbon|nota penghantaran|pesanan penghantaran|' +
    'dowód dostawy|dodací list|dodaci list|otpremnica|dobavnica|стокова разписка|товарная накладная|товарно-транспортная накладная|видаткова накладна|' +
    'saateleht|pavadzīme|važtaraštis|fylgiseðill|sevk irsaliyesi|irsaliye|surat jalan|ใบส่งของ|送货单|出货单|납품서')],
  ['delivery_note', /納品書/],
  ['bank_statement', W('bank statement|statement of account|account statement|kontoauszug|relevé de compte|extracto (?:de cuenta|bancario)|estratto conto|rekeningafschrift|penyata (?:akaun|bank)|' +
    'wyciąg bankowy|wyciąg z rachunku|výpis z účtu|bankovni izvod|izvod računa|выписка по сч[её]ту|банковская выписка|kontoutdrag|kontoudtog|tiliote|hesap ekstresi|rekening koran|mutasi rekening|对账单|對帳單')],
  ['bank_statement', /取引明細書|入出金明細/],
  ['note', W('meeting notes?|minutes of|minutes|agenda|memo(?:randum)?|notes?|protokoll|besprechungsnotiz|tagesordnung|compte[- ]rendu|ordre du jour|acta|orden del d[ií]a|verbale|ordine del giorno|notulen|minit mesyuarat|nota mesyuarat')],
  ['note', /議事録|会議メモ/],
  // A quote or pro forma invoice asks for nothing to be booked: no invoice fields. A Czech or Slovak
  // advance invoice ("zálohová faktura", "výzva k platbě") is one: the tax document follows the payment. Only as the
  // line's first word: an invoice cites the quote it follows ("laut Angebot A-118").
  ['other', /^(?:(?:price |sales )?quotation|(?:price )?quote|(?:pre-?treatment |treatment |cost )?estimate|offerte|offerta|preventivo|angebot|kostenvoranschlag|devis|offre de prix|offre commerciale|prijsofferte|prijsopgave|soumission|presupuesto|cotizaci[oó]n|or[cç]amento|sebut harga|árajánlat|ajánlat|ofert[aă](?: de pre[tțţ])?|(?:bảng |bang )?b[áa]o gi[áa]|(?:(?:invoice|rechnung|factura|fattura|facture|factuur|fatura|faktura) )?pro[ -]?forma(?: invoice| rechnung| factura| fattura| factuur| fatura| faktura)?|wycena|(?:cenová )?nabídka|(?:cenová )?ponuka|ponuda|ponudba|predračun|predracun|предрачун|проформа(?: фактура| рахунок| сч[её]т)?|профактура|комерційна пропозиція|комерческо предложение|z[aá]lohov[aá] fakt[uú]r[ay]|výzva k platbě|výzva na úhradu|оферта|коммерческое предложение|προσφορά|hinnapakkumine|piedāvājums|komercinis pasiūlymas|tilbo[dð]|tarjous|(?:fiyat )?teklif(?:i)?|penawaran(?: harga)?|kuotasyon|ใบเสนอราคา|报价单|報價單|견적서|عرض سعر|कोटेशन)(?=$|[^\p{L}])/iu],
  // A payment reminder asks for an invoice already booked: nothing new to book. Two words at least, so a
  // line "Reminder: payment within 30 days" on an invoice names nothing; a French "relance" ("RELANCE - FACTURE
  // IMPAYÉE") or a numbered "1. Mahnung" is one on its own.
  ['other', /^(?:payment reminder|statement reminder|reminder notice|overdue notice|zahlungserinnerung|mahnung|rappel de paiement|lettre de relance|(?:(?:1|2|3|premi[eè]re|deuxi[eè]me|derni[eè]re|1re|2e|3e)[.]? )?relance|(?:(?:1|2|3|erste|zweite|dritte|letzte)[.]? )mahnung|recordatorio de pago|aviso de cobro|sollecito di pagamento|betalingsherinnering|aanmaning|upomínka|upomienka|upomnienie|opomin|maksumeeldetuletus|atgādinājums|priminimas)(?=$|[^\p{L}])/iu],
  // A price list offers prices, no invoice, though it prints amounts and a table ("PRICE LIST", "Preisliste").
  ['other', /^(?:price ?list|preisliste|liste de prix|lista de precios|listino(?: prezzi)?|prijslijst|tabela de pre[cç]os|cennik|cen[ií]k)(?=$|[^\p{L}])/iu],
  // A quote's own number label, its title lost or never printed ("Angebotsnummer", "Offertenr.").
  ['other', /^(?:angebotsnummer|angebotsnr|angebots-nr|offertenummer|offertenr|numéro de devis|número de presupuesto|número de cotización|numero preventivo)(?=$|[^\p{L}])/iu],
  // An order confirmation or acknowledgement: an order taken, nothing to book yet.
  ['other', /^(?:order confirmation|order acknowledge?ment|confirmation of (?:your )?order|sales order confirmation|auftragsbestätigung|bestellbestätigung|confirmation de commande|confirmación de(?:l)? pedido|conferma d'ordine|orderbevestiging|confirmação d[ae] encomenda|confirmação do pedido|potwierdzenie zamówienia|potvrzení objednávky|orderbekräftelse|ordrebekræftelse|ordrebekreftelse|tilausvahvistus)(?=$|[^\p{L}])/iu],
  // A sales order as the document's own title ("PEDIDO DE VENDA Nº 1374"), not a label with a colon.
  ['other', /^(?:sales order|pedido de venda|pedido de venta|bon de commande|ordine di vendita|verkaufsauftrag|satış siparişi|satis siparisi)(?!\s*(?:no\.?|nr\.?|n[º°o]\.?|#|number)?\s*:)(?=$|[^\p{L}])/iu],
  // A purchase order asks for goods (the supplier's invoice follows); a remittance or payment advice reports an
  // invoice paid; an application for payment (a construction valuation) asks for a payment notice, its invoice
  // to follow: nothing to book in any of them. As a title, not a label ("Purchase Order: PO-118" on an invoice).
  ['other', /^(?:purchase order|orden de compra|ordem de compra|nota de encomenda|pesanan pembelian|remittance advice|payment advice|advice of payment|zahlungsavis|avis de paiement|aviso de pago|application for payment|payment application|interim application)(?!\s*(?:no\.?|nr\.?|n[º°o]\.?|#|number|ref\.?)?\s*:)(?=$|[^\p{L}])/iu],
  // A customer's statement of account (invoices and payments to a balance, as a route salesman's handheld prints it) and a
  // bank's confirmation of a transfer sent (a phone's screen): an account's state and a payment, nothing new to book.
  ['other', /^(?:customer statement|customer account statement|estado de cuenta(?: del cliente)?|transfer (?:sent|completed?|confirmation)|payment sent|money sent|transferencia (?:enviada|realizada)|überweisung (?:ausgeführt|gesendet)|virement (?:effectué|envoyé))(?=$|[^\p{L}])/iu],
  ['other', /見積書|御見積/],
  ['receipt', W('receipt|official receipt|cash (?:sale|bill)|reçu|ticket de caisse|quittung|kassenbon|kassenbeleg|recibo|ticket|ricevuta|scontrino|kassabon|kwitantie|resit|resit rasmi|kvitto|kvittering|kuitti|' +
    'boleta(?: electr[oó]nica| de venta)?|paragon(?: fiskalny)?|pokwitowanie|účtenka|příjmový doklad|pokladní doklad|pokladničný doklad|fiskalni račun|nyugta|bon fiscal|chitanț[aă]|chitanta|makbuz|kwitansi|struk|resibo|opisyal na resibo|biên lai|' +
    'касов бон|кассовый чек|квитанция|квитанція|απόδειξη(?: λιανικής)?|kviitung|kvitas|kasos kvitas|ใบเสร็จรับเงิน|ใบเสร็จ|收据|收據|영수증|إيصال|रसीद|risiti|stakabadhi')],
  ['receipt', /領収書|レシート/],
  // hu "számla", vi "hóa đơn" (also without its marks: OCR and fonts drop them; "đ" has no mark to strip). Romania's "factură" is "factura" unaccented.
  ['invoice', W('(?:tax |simplified tax |commercial )?invoice|bill|facture|rechnung|factura|fattura|factuur|invois|bil|faktura|fatura|lasku|számla|h(?:óa|oá|oa) (?:đơn|don)|' +
    'faktur(?: pajak)?|tagihan|račun|fakturë|фактура|сч[её]т(?:-фактура)?|рахунок(?:-фактура)?|τιμολόγιο|arve|rēķins|(?:pvm )?sąskaita faktūra|reikningur|ankara ya kodi|' +
    'ใบกำกับภาษี|ใบแจ้งหนี้|세금계산서|계산서|청구서|인보이스|فاتورة(?: ضريبية)?|बीजक|टैक्स इनवॉइस')],
  ['invoice', /发票|發票/],
  ['invoice', /請求書|インボイス|適格請求書/],
];

/** Without accents: OCR often drops them ("Releve de compte" for "Relevé de compte"). */
const unaccented = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const TITLES_UNACCENTED: [DocumentType, RegExp][] = TITLES.map(([type, re]) => [type, new RegExp(unaccented(re.source), re.flags)]);

const TOTAL = W('[öo]sszesen|fizetend[őöo]|tổng cộng|tong cong|total|grand total|amount due|balance due|amount payable|rounded total|nett total|net total|gesamtbetrag|gesamtsumme|endbetrag|rechnungsbetrag|summe|gesamt|ttc|net à payer|montant total|importe total|total a pagar|totale|totaal|te betalen|jumlah(?: besar)?|jumlah perlu dibayar|totalt|å betale|at betale|att betala|i alt|yhteensä|maksettava|' +
  'razem|do zapłaty|celkem|celkom|spolu|k úhradě|k úhrade|ukupno|za plaćanje|skupaj|za plačilo|общо|итого|всего|к оплате|разом|до сплати|σύνολο|kokku|tasuda|kopā|iš viso|mokėti|' +
  'samtals|toplam|total bayar|kabuuan|jumla|ยอดรวม|รวมทั้งสิ้น|합계|총액|الإجمالي|المجموع|कुल');
const TOTAL_JA = /合計|お支払|ご請求金額|合计|总计|總計|价税合计/;
const TAX = W('tax|vat|gst|sst|mwst|ust|umsatzsteuer|tva|iva|btw|cukai|impuesto|imposta|mva|moms|alv|áfa|gtgt|' +
  'dph|pdv|ddv|ндс|ддс|пдв|φπα|käibemaks|pvn|pvm|vsk|kdv|ppn|pajak|igv|itbis|icms|ภาษี|부가세|세액|ضريبة|जीएसटी');
const TAX_JA = /消費税|税込|税抜|增值税|税额|稅額/;
// A currency sign makes a figure an amount without decimals too (Chilean and Colombian pesos: "$ 5.920").
const AMOUNT = /(?:^|[^\d.,])-?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?![\d])|[¥￥$€£₱₦₩]\s?\d[\d.,]*|\d[\d,]*円/g;
const ITEM_HEAD = [
  W('qty|quantity|menge|anzahl|qté|quantité|cantidad|cant\\.?|quantità|qtà|aantal|kuantiti|bil|units?'),
  W('price|unit price|rate|preis|einzelpreis|prix|p\\.u\\.|precio|prezzo|prijs|harga|unit'),
  W('amount|betrag|montant|importe|importo|bedrag|jumlah|total|gesamt|totale|totaal'),
  W('description|item|items|bezeichnung|beschreibung|artikel|désignation|descripción|concepto|descrizione|omschrijving|keterangan|perkara'),
];
const ITEM_HEAD_JA = /品名|数量|単価|金額/;
// Whole words: "Hinh thuc thanh toan" (vi) opens with no "hi".
const SALUTATION = /^(?:dear|to whom it may concern|hello|hi|sehr geehrte|liebe[rs]?|guten tag|madame|monsieur|chère?s?|bonjour|estimad[oa]s?|querid[oa]|gentil[ie]|egregi[oa]|spettabile|caro|cara|geachte|beste|tuan|puan|kepada)(?![\p{L}])|^(?:拝啓|前略)/iu;
const CLOSING = /(?:yours (?:sincerely|faithfully|truly)|sincerely|kind regards|best regards|regards,?$|mit freundlichen grüßen|freundliche grüße|cordialement|salutations distinguées|bien à vous|atentamente|saludos cordiales|un saludo|cordiali saluti|distinti saluti|met vriendelijke groet(?:en)?|hoogachtend|yang benar|sekian,? terima kasih|敬具|草々)/i;
const CASH_CHANGE = W('change|cash|tendered|tunai|baki|wang dikembalikan|rückgeld|wechselgeld|gegeben|rendu|espèces|cambio|efectivo|resto|contanti|wisselgeld|contant');
const CASH_CHANGE_JA = /お釣り|お預り|釣銭/;
const NOT_INVOICE = /(?:this|the) (?:document |order |confirmation |quote |page )?is not an? (?:tax )?invoice|(?:dies|dieses dokument) ist keine rechnung|ce document n'est pas une facture|ceci n'est pas une facture|(?:este documento )?no es una factura|non è una fattura|dit is geen factuur/i;
const NOTE_WORDS = W('attendees|participants|present|apologies|action items?|next steps|decisions?|agenda|teilnehmer|anwesend|aufgaben|nächste schritte|présents|décisions|asistentes|acuerdos|partecipanti|presenti|aanwezig|actiepunten|kehadiran|tindakan');

// A debit column beside it makes a credit word a column of an account's table ("Belastung | Gutschrift").
const DEBIT_COLUMN = /^(belastung|lastschrift|soll|debit|debits|charges?|débit|cargo|addebito|debet)$/i;

function top(pages: PageLayout[]): { text: string; inRow: boolean }[] {
  // The title sits in the first lines of the first page (a receipt's after its shop header).
  // Each cell counts on its own: a title often shares its line with the sender's name.
  const first = pages[0];
  if (!first) return [];
  const lines = [...first.lines].sort((a, b) => a.y0 - b.y0);
  const limit = first.height * 0.45;
  return lines
    .filter((l, i) => i < 14 || l.y0 < limit)
    .slice(0, 24)
    .flatMap((l) => (l.cells.length > 1 ? l.cells.map((c) => ({ text: c.text, inRow: l.cells.length >= 4 || l.cells.some((d) => DEBIT_COLUMN.test(d.text.trim())) })) : [{ text: l.text, inRow: false }]))
    .map((t) => ({ ...t, text: t.text.normalize('NFKC').trim() }));
}

const THANKS = /^(?:thank|thanks|merci|danke|vielen dank|gracias|grazie|bedankt|dank u|obrigad|tack|terima kasih)(?=$|[^\p{L}])/iu;

const DOCUMENT_TYPE_LABEL = /^(?:document type|type de document|tipo de documento|tipo de comprobante|dokumenttyp|dokumentart|belegart|tipo documento|documenttype)\s*:\s*/i;

/** A title is a short line led by the word ("TAX INVOICE", "Rechnung Nr. 12", "Invoice No: 12"), or a Japanese title anywhere. */
function titlesOf(cells: { text: string; inRow: boolean }[]): DocumentType[] {
  const out: DocumentType[] = [];
  for (const { text: cell, inRow } of cells) {
    // A form's own field for it: "Document Type: Quotation".
    const line = cell.replace(DOCUMENT_TYPE_LABEL, '');
    const words = line.split(/\s+/).filter(Boolean);
    if (!words.length || words.length > 7) continue;
    // A thank-you line is no title: "Merci d'avoir voyagé avec nous" names no credit note (avoir).
    if (THANKS.test(line)) continue;
    for (const [i, [type, re]] of TITLES.entries()) {
      const m = re.exec(line) ?? TITLES_UNACCENTED[i]![1].exec(unaccented(line));
      if (!m) continue;
      // "Bill to" names the customer, not the document.
      if (type === 'invoice' && /bill(?:ed)? to|bil to/i.test(line)) continue;
      // A cell of a table's row (four cells or more, or beside a debit column) naming credits is a
      // column, no credit note: a hotel folio's "Datum | Beschreibung | Beleg | Belastung | Gutschrift".
      if (type === 'credit_note' && inRow) continue;
      const before = line.slice(0, m.index + 1).split(/\s+/).filter(Boolean).length - 1;
      const money = type === 'invoice' || type === 'receipt' || type === 'credit_note';
      // Other types only as the line's first words, so "Lieferant: Agenda GmbH" names no note.
      if ((money ? before <= 2 : before <= 0) || /[\u3040-\u30ff\u4e00-\u9fff]/.test(m[0])) {
        out.push(type);
        break;
      }
    }
  }
  return out;
}

const OTHER_TITLES = TITLES.flatMap(([type, re], i) => (type === 'other' ? [[re, TITLES_UNACCENTED[i]![1]] as const] : []));

/** A title word of a kind that books nothing, not as the line's first word (lateOther). */
function lateOtherTitle(cells: { text: string; inRow: boolean }[]): boolean {
  return cells.some(({ text, inRow }) => {
    const words = text.replace(DOCUMENT_TYPE_LABEL, '').split(/\s+/).filter(Boolean);
    // Not a cell of a table's row: an item ("Servicio de mantenimiento preventivo") is no title.
    if (inRow || words.length < 2 || words.length > 7 || THANKS.test(text)) return false;
    return words.slice(1).some((_, k) => {
      const rest = words.slice(k + 1).join(' ');
      return OTHER_TITLES.some(([re, bare]) => re.test(rest) || bare.test(unaccented(rest)));
    });
  });
}

/** Text of each visual row: lines whose vertical middles fall inside one another's band are joined left to right (OCR boxes "TOTAL" and "12.50" apart). */
function rows(page: PageLayout): string[] {
  const sorted = [...page.lines].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const out: { y0: number; y1: number; parts: typeof sorted }[] = [];
  for (const l of sorted) {
    const mid = (l.y0 + l.y1) / 2;
    const row = out[out.length - 1];
    if (row && mid >= row.y0 && mid <= row.y1) row.parts.push(l);
    else out.push({ y0: l.y0, y1: l.y1, parts: [l] });
  }
  return out.map((r) => r.parts.sort((a, b) => a.x0 - b.x0).map((l) => l.text).join('   ').normalize('NFKC').trim());
}

function features(pages: PageLayout[]): Features {
  const all = pages.flatMap(rows);
  const amountsIn = (s: string) => (s.match(AMOUNT) ?? []).length;
  let totals = 0, taxLabels = 0, amounts = 0, noteWords = 0;
  let itemHeader = false, salutation = false, closing = false, cashChange = false, notInvoice = false;
  for (const line of all) {
    const n = amountsIn(line);
    amounts += n;
    if (n && (TOTAL.test(line) || TOTAL_JA.test(line))) totals++;
    if (n && (TAX.test(line) || TAX_JA.test(line))) taxLabels++;
    if (n && (CASH_CHANGE.test(line) || CASH_CHANGE_JA.test(line))) cashChange = true;
    if (ITEM_HEAD.filter((re) => re.test(line)).length >= 3 || (line.match(ITEM_HEAD_JA) && (line.match(/品名|数量|単価|金額/g) ?? []).length >= 3)) itemHeader = true;
    if (SALUTATION.test(line) && line.length < 80) salutation = true;
    if (CLOSING.test(line) && line.length < 60) closing = true;
    if (NOTE_WORDS.test(line) && line.length < 80) noteWords++;
    if (NOT_INVOICE.test(unaccented(line)) || NOT_INVOICE.test(line)) notInvoice = true;
  }
  const head = top(pages);
  return { titles: titlesOf(head), totals, taxLabels, amounts, itemHeader, salutation, closing, cashChange, noteWords, notInvoice, lateOther: lateOtherTitle(head) };
}

/** The document's type from its pages' text and layout. */
export function classifyDocument(pages: PageLayout[]): Classification {
  const f = features(pages);
  const billing = f.totals > 0 && (f.amounts >= 2 || f.taxLabels > 0);
  const invoiceEvidence = (f.totals > 0 ? 2 : 0) + (f.taxLabels > 0 ? 1 : 0) + (f.itemHeader ? 1 : 0) + Math.min(f.amounts, 6) / 6;
  const done = (type: DocumentType, confidence: number): Classification => ({ type, confidence: Math.round(confidence * 100) / 100, features: f });
  const isMoney = (t: DocumentType) => INVOICE_LIKE.has(t);
  // A credit note also says "invoice" (the one it corrects): its own word wins.
  const money = f.titles.includes('credit_note') ? 'credit_note' : f.titles.find(isMoney);
  const other = f.titles.find((t) => !isMoney(t));

  // A delivery note sent in one file with its invoice, on a later page titled as one with its totals: the invoice.
  const packed = other === 'delivery_note' && !money ? invoiceBehind(pages) : undefined;
  if (packed) return done(packed, 0.85);
  // A statement or delivery note lists amounts too; its title says what it is. "Notes" over
  // an invoice's totals is a heading, not the document's title.
  if (other && other !== 'note' && !(money && f.titles.indexOf(money) < f.titles.indexOf(other) && billing)) return done(other, 0.9);
  if (other === 'note' && !billing) return done('note', 0.85);
  // An order confirmation or a quote saying it is no invoice, with no invoice title of its own.
  if (f.notInvoice && !money) return done('other', 0.85);
  if (f.salutation && f.closing && !billing) return done('letter', 0.9);
  if (money) {
    if (money === 'invoice' && f.cashChange) return done('receipt', 0.8);
    return done(money, billing ? 0.95 : 0.75);
  }
  // No title of its own, and a quote's or an estimate's word after the first on a line at the top: maybe no
  // invoice at all, so read as one but not sure (below the engine's LAST_RESORT).
  if (billing) return done(f.cashChange ? 'receipt' : 'invoice', f.lateOther ? 0.6 : Math.min(0.9, 0.4 + invoiceEvidence / 10));
  if (f.salutation || f.closing) return done('letter', 0.7);
  if (f.noteWords >= 2) return done('note', 0.7);
  // Neither a title nor a total with an amount. A text layer is read exactly, so that absence is
  // real: nothing to read invoice fields from. OCR may have lost the very words (a faded receipt):
  // leave the call to the extractor rather than blank a receipt.
  // A column of amounts without labels is a receipt or a price list more often than a letter.
  const read = pages.length > 0 && pages.every((p) => p.source === 'text');
  if (invoiceEvidence >= 2 || !read || f.amounts >= 4) return done('invoice', 0.3);
  return done('other', 0.6);
}

/** The money type of a later page that is titled as an invoice, a receipt or a credit note, with a total and amounts of its own. */
function invoiceBehind(pages: PageLayout[]): DocumentType | undefined {
  for (const page of pages.slice(1)) {
    const f = features([page]);
    const titles = f.titles.filter((t) => t !== 'note');
    const money = titles[0] && INVOICE_LIKE.has(titles[0]) ? titles[0] : undefined;
    if (money && f.totals > 0 && (f.amounts >= 2 || f.taxLabels > 0)) return money;
  }
  return undefined;
}
