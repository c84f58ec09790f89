import type { ExtractedField, FieldDefinition } from '../types.js';

// A field's role decides which label synonyms to look for and which checks apply.
// Roles come from the field's title and description, so a workspace's own field
// names ("Rechnungsnr.", "Bill total") still map onto the well-known ones.

// Label languages (the broad lexicon of 2026-11-28, written from how invoices are labelled around the world, not from
// a document set). Where each concept's words live: labels here; titles, total and tax words in doctype.ts; the ranker's
// keywords in rank/features.ts (KW, DATE_LABEL, DUE_LABEL, OTHER_DATE); "without tax" in netLabels.ts; payment terms in
// terms.ts; months in parse/dates.ts; currency signs, codes and country words in parse/amounts.ts; legal forms in
// vendor.ts (WORLD_FORMS, read by LEGAL_NAME, the ranker's COMPANY_FORM and vendorDoubts' MORE_FORMS).
// before -> after, per concept (T title, N number, D date, U due date, P terms, S subtotal, X tax, G total, C currency
// sign/code, K country words, M months, F legal forms); "-" none, "~" some, "+" covered:
//   en, fr, de, es, it, nl, ms, vi, ja: + before (a few words more); es-LatAm K - -> + (MX, AR, CL, CO, PE, UY; "$" a peso there)
//   pt (PT/BR)  P - -> +, K(BR) - -> +          sv, da, no  P - -> +, C "kr" SEK only -> NOK/DKK/ISK by K, M "maj" - -> +
//   fi          P - -> +, M - -> +              is          all - -> + (text, OCR: Latin)
//   pl, cs, sk  G - -> +, X ~ -> +, K - -> +, M - -> +, F ~ -> +
//   hr/sr/bs, sl all - -> +                      ro, hu      M - -> +, P - -> + (hu year-first written dates still unread)
//   tr          D ~ -> +, P, K, M, F - -> +     et, lv, lt  all - -> + (lt months: its dates are year first, unread)
//   bg, ru, uk, el, ar, hi: all - -> +, but on text layers only: the scans' OCR (PaddleOCR Latin/Chinese, tesseract ja/th) reads no Cyrillic, Greek, Arabic or Devanagari
//   id          all - -> +                      tl / PH     all - -> +, day order month first ("PHP")
//   th          ~ -> + (T, U, S, X, G, K)       zh          ~ -> + (T, N, D, U, G, TW/HK K); ko ~ -> + (scans: Hangul unread, text layers only)
//   sw / East Africa: all - -> + (KSh/KES, UGX, TZS; NGN, GHS for West Africa)

export type Role =
  | 'invoiceNumber' | 'invoiceDate' | 'dueDate' | 'vendor' | 'customer' | 'total' | 'subtotal' | 'tax'
  | 'currency' | 'poNumber' | 'email' | 'phone' | 'url' | 'lineItems' | 'generic';

interface RoleSpec {
  role: Role;
  /** Matches the field's own title/description. */
  field: RegExp;
  /** Label synonyms as they appear on documents (lower case, regex fragments). */
  labels: string[];
  /** Labels that look similar but mean something else. */
  not?: RegExp;
}

export const ROLES: RoleSpec[] = [
  { role: 'lineItems', field: /line ?items?|positions?|items|posten|articles/i, labels: [] },
  { role: 'invoiceNumber', field: /(invoice|bill|receipt|document|rechnungs?)\s*(no|num|nr|#|id)|invoice ?number|^number$/i,
    labels: ['invoice number', 'invoice no', 'invoice num', 'invoice #', 'invoice nr', 'invoice id', 'inv no', 'inv #', 'inv#', 'inv. no', 'inv. #', 'inv number',
      'bill no', 'bill number', 'receipt no', 'receipt number', 'receipt #', 'document no', 'doc no', 'reference no', 'invoice',
      'rechnungsnummer', 'rechnungsnr', 'rechnung nr', 'rechnung-nr', 'rechnungs-nr', 'rechnungs nr', 'beleg-nr', 'belegnummer', 'numéro de facture', 'n° de facture', 'facture n°', 'facture no', 'n° facture',
      'número de factura', 'factura n', 'factura no', 'nº factura', 'factuurnummer', 'factuurnr', 'numero fattura', 'fattura n', 'no.', 'no:', 'number', 'nr.', '請求書番号', '請求番号', '請求書no', '請求no', '伝票番号', '发票号码', 'เลขที่',
      'credit note no', 'credit note number', 'credit note #', 'avoir n°', 'avoir no', "numéro d'avoir", 'gutschrift nr', 'gutschriftsnummer', 'gutschrift-nr',
      'nota de crédito n', 'nota de credito n', 'nota di credito n', 'creditnota nr', 'creditnotanummer', 'nota kredit no', 'no. nota kredit',
      'no. invois', 'invois no', 'no invois', 'nombor invois', 'no. resit', 'resit no', 'no resit', 'no. bil', 'bil no', 'bon-nr', 'bon nr', 'bonnummer', 'bonnr', 'kassabon nr', 'bonnr.', 'n. fattura', 'n° fattura', 'nr. fattura', "n° d'avoir", 'nº nota de crédito',
      'nota de crédito nº', 'rectificativa n', 'rectificativa nº', 'rectificativa n.º', 'factura rectificativa n', 'n.º rectificativa', 'n. nota di credito', 'nota di credito n.', 'gutschrift-nr.', 'creditnota nr.', 'no. nota kredit',
      'credit memo #', 'credit memo no', 'credit memo number', 'memo no', 'memo #',
      // A debit note's own number, a self-billing invoice's (issued by the customer), a restaurant check's ("Check #24705"),
      // El Salvador's DTE's control number ("Número de control: DTE-03-M001P001-..."; not its Código de generación).
      'debit note no', 'debit note number', 'debit note #', 'self-billing invoice no', 'self billing invoice no', 'self-billing invoice number',
      'check #', 'check no', 'chk #', 'número de control', 'numero de control',
      // a Spanish or Portuguese receipt's own number ("Recibo núm. RV-2025-5948791", "Recibo nº 0042")
      'recibo num', 'recibo num.', 'recibo núm', 'recibo núm.', 'recibo no', 'recibo no.', 'recibo n°', 'recibo nº', 'número de recibo', 'numero de recibo', 'no. de recibo',
      // an Irish or British solicitor's bill of costs is a "fee note" ("Fee Note No.")
      'fee note no', 'fee note no.', 'fee note number', 'fee note #', 'fee note nr',
      // sv, no, da, fi, pt
      'fakturanr', 'fakturanummer', 'faktura nr', 'kreditfakturanr', 'kreditnota nr', 'kvittonr', 'kvitto nr', 'kvitto', 'kuittinro', 'kuitti nro', 'kuitti', 'laskun numero', 'laskunro',
      'fatura n', 'fatura nº', 'n.º fatura', 'nº fatura', 'número da fatura', 'documento', 'nº documento', 'n.º documento',
      // Mexico's CFDI; a till's transaction or receipt number.
      // pl, cs, sk; a French receipt's or ticket's number, and "Numéro :" on its own.
      'faktura vat nr', 'faktura nr', 'faktura vat', 'nr faktury', 'numer faktury', 'rachunek nr', 'paragon nr', 'faktura č.', 'faktura č', 'faktúra č.', 'číslo faktury', 'číslo dokladu',
      'daňový doklad č.', 'daňový doklad', 'doklad č.', 'reçu n°', 'reçu no', 'ticket n°', 'numéro', 'facture',
      // "číslo" (cs, sk) and "broj" (hr/sr/bs: "RAČUN - R1 broj: 809-01-2") on their own under or after the title, as "numéro"
      'číslo', 'broj', 'r1 broj', 'r-1 broj',
      // it (FatturaPA's band), pt (a DANFE's "Nº 000.012.345"), tr
      'numero documento', 'n. documento', 'nº', 'n°', 'fatura numarası', 'fatura numarasi', 'belge no',
      // a hotel's folio
      'folio-nr.', 'folio-nr', 'folio nr', 'folio no', 'folio no.', 'folio number', 'folio #', 'folio n°', 'n° de folio', 'numero folio',
      // hu, ro ("Seria ABC nr. 0044974" is read by "nr."), vi ("Số:", "Số (No.):", which OCR reads "S6:"; a bare "so" is an English word)
      'számla sorszáma', 'számla száma', 'számlaszám', 'sorszám', 'nr. factură', 'factura nr', 'număr factură', 'số:', 'số (no.):', 'số hóa đơn', 'số hóa đơn:', 's6:', 's6 (no.):',
      // a garage's repair order, which is its invoice ("RO# 29974", "REPAIR ORDER / INVOICE")
      // a US clinic's or dentist's patient statement, which is its bill ("Statement #  9992543")
      'statement #', 'statement no', 'statement no.', 'statement number',
      // a repair, service or pawn ticket's number, an airline ticket's ("Ticket No. R48461", "Ticket number 176-...")
      'ticket no', 'ticket no.', 'ticket number', 'ticket #', 'ticket nr',
      'ro#', 'ro #', 'ro no', 'ro no.', 'r.o. #', 'r.o. no', 'r.o. no.', 'repair order #', 'repair order no', 'repair order no.', 'repair order number',
      // The broad lexicon (2026-11-28, from how invoices are labelled around the world, not from a document set):
      // de, fr, es (Latin America's "Nro.", a comprobante or boleta), it, nl, pt-BR (a nota fiscal), da/no, is, fi, tr, hr/sr/bs/sl,
      // bg/ru/uk (also "№"), el, et, lv, lt, id, tl (the Philippines' OR and SI numbers), sw, ar, hi, zh, ja, ko, th.
      'rechnungs-nummer', 'rg.-nr.', 'rg.-nr', 'rg-nr', 'rg. nr.', 'quittungsnummer', 'quittung nr', 'facture numéro', 'numéro facture', 'n° de la facture',
      'factura nro', 'factura nro.', 'nro. factura', 'nro. de factura', 'nro factura', 'número de comprobante', 'comprobante n°', 'comprobante nº', 'comprobante nro', 'comp. nro', 'comp.nro', 'comp. nº', 'comp. n°', 'boleta n°', 'boleta nº', 'boleta electrónica n°', 'factura electrónica n°', 'factura electrónica nº',
      'fattura nr', 'fattura nr.', 'fattura num', 'factuur nr', 'factuur nr.', 'factuur nummer', 'nota fiscal nº', 'nota fiscal n°', 'nf-e nº', 'nfs-e nº', 'número da nota',
      'kvitteringsnr', 'kvittering nr', 'reikningsnúmer', 'reikningur nr', 'reikn. nr', 'laskunumero', 'fatura no', 'fatura no.', 'fiş no', 'fis no',
      'broj računa', 'račun broj', 'račun br.', 'račun br', 'broj fakture', 'faktura broj', 'faktura br.', 'faktura br', 'številka računa', 'račun št.', 'št. računa',
      'фактура №', 'фактура номер', 'номер на фактура', '№ на фактура', 'счет №', 'счет-фактура №', 'номер счета', 'номер документа', 'рахунок №', 'номер рахунку', 'накладна №', 'номер', '№',
      'αριθμός τιμολογίου', 'αρ. τιμολογίου', 'αρ.', 'αριθμός', 'αρ. απόδειξης', 'αριθμός απόδειξης', 'τιμολόγιο αρ.', 'αρ. παραστατικού', 'arve nr', 'arve nr.', 'arve number', 'rēķina nr', 'rēķina nr.', 'rēķins nr', 'rēķina numurs', 'sąskaitos nr', 'sąskaitos faktūros nr', 'sąskaitos numeris',
      'no. faktur', 'no faktur', 'nomor faktur', 'nomor invoice', 'no. invoice', 'no. nota', 'nomor nota', 'no. kwitansi', 'nomor kwitansi', 'or no.', 'o.r. no.', 'o.r. #', 'si no.', 's.i. no.', 'resibo blg.',
      'namba ya ankara', 'ankara namba', 'ankara na.', 'namba ya risiti', 'risiti namba', 'رقم الفاتورة', 'فاتورة رقم', 'बीजक संख्या', 'बिल नंबर', 'बिल संख्या',
      '发票号', '发票编号', '發票號碼', '单号', '單號', '收据号', 'インボイス番号', '領収書番号', '계산서 번호', '송장 번호', '인보이스 번호', '영수증 번호', '청구서 번호', 'เลขที่ใบกำกับภาษี', 'เลขที่ใบแจ้งหนี้', 'เลขที่ใบเสร็จ',
      // An Egyptian e-invoice's own number beside the portal's UUID ("Internal ID: INV-2024-00012").
      'internal id', 'internal invoice id',
      // Uganda's e-receipt (EFRIS): the number the tax office's system gives the receipt itself ("Fiscal Document Number"), not the till's device number.
      'fiscal document number', 'fiscal document no',
      // The Dominican Republic's fiscal receipt number (Número de Comprobante Fiscal), which is the invoice's own.
      'ncf', 'e-ncf', 'ncf no',
      // the same in French, Spanish, Italian and Portuguese ("N° transaction", a toll's or a till's ticket)
      'n° transaction', 'n° de transaction', 'numéro de transaction', 'no transaction', 'nº transacción', 'n° transacción', 'número de transacción', 'numero transazione', 'n. transazione', 'nº transação',
      'serie y folio', 'tran#', 'tran #', 'tran no', 'trans#', 'trans #', 'trans no', 'transaction #', 'transaction no', 'transaction number', 'txn #', 'txn no', 'rcpt', 'rcpt no', 'rcpt #',
      // Costa Rica's electronic invoice's own 20-digit number ("Consecutivo"; its 50-digit "Clave" holds it), Guatemala's FEL
      // number ("Número DTE"; its "Número de Autorización" is the certifier's UUID)
      'consecutivo', 'número consecutivo', 'numero consecutivo', 'número dte', 'numero dte', 'no. dte', 'dte no'],
    // The invoice a credit note corrects is not its own number ("Original Invoice #", "Avser faktura").
    // Short words as words: "Rectificativa" holds no "iva", "Hotel" no "tel". A Polish "Faktura VAT nr"
    // names the invoice, not a VAT number. A Romanian address's, trade register's or identity card's
    // "nr." ("Sediul: Str. Fabrici nr. 46", "Nr. Reg. Com.", "C.I. seria JN nr.") is none.
    // A total named after the document ("Total documento", "Total da fatura") is an amount, not its number.
    // A phone bill's "Number Called" (a column of the calls made) is a phone number.
    // A company's registration number ("Company No. 51-123456-7", an Israeli company's; a Malaysian "CO. NO:004502743-U", "ROC No.") is none; nor Pakistan's fiscal
    // number from the tax authority's system ("FBR Invoice # 1234..."), as a fiscal number elsewhere. A tax word before
    // the document's own name and its number label is the title ("TAX INVOICE / RECEIPT No. 97013").
    not: /autorizaci|fiscal(?!\s*(?:n[º°o]|nro|numero|document (?:no|number)))|\bfbr\b|\bcompany (?:no|nr|number|reg)|\bco\.? ?(?:no|nr|reg)\b|\broc\.? ?no\b|\breg(?:istration)?\.? ?(?:no|nr|number)\b|\btotal (?:(?:do|da|de|del|de la|of the|of) )?(?:documento|document|fatura|factura|invoice|nota)\b|uuid|(?<!repair )order|commande|sediul|\bstr\.|strada|reg\.? ?com\b|\bc\.i\.|tipolog|tipo (?:de )?documento|document type|customer|kunden|client|(?<!faktura )\b(vat|tax|ust|tva|iva|btw|kvk|gct)(?! invoice(?: ?\/ ?receipt)? (?:no\b|nr\b|n°|number|#))|\btel\b|account|konto|p\.?o\b|phone|telef|\bcall(?:ed|ing)\b|\bdial(?:l)?ed\b|page|seite|iban|purchase|st\.?-?nr|steuer|siret|kund|ordre|original|applies to|refers to|ref\.? invoice|against invoice|avser|krediterar|ursprunglig|opprinnelig|oprindelig|alkuper|urspr|bezug|d'origine|initiale|rectificad|originale|di riferimento|oorspronkelijk|договор|заказ|замовлен|поръчк|(?<![а-яё])инн|кпп|огрн|бик|булстат|едрпоу|расч|р\/с|к\/с|корр|телеф|αφμ|δου|παραγγελ|τηλ|γεμη|μαρκ|σχετικ/i },
  { role: 'dueDate', field: /due|payable|fällig|échéance|vencimiento|vervaldatum|scadenza/i,
    labels: ['due date', 'payment due date', 'payment due', 'te betalen voor', 'betalen voor', 'due', 'date due', 'pay by', 'payable by', 'fällig am', 'fälligkeitsdatum', 'fällig', 'zahlbar bis', "date d'échéance", 'échéance', 'fecha de vencimiento', 'vencimiento', 'vence', 'vervaldatum', 'vervaldag', 'scadenza', 'data scadenza', '支払期限', 'お支払期限', '支払期日', 'お支払期日', '期限', 'tarikh akhir bayaran', 'tarikh matang', 'tarikh tamat',
      'à payer avant le', 'a payer avant le', 'payable avant le', 'date limite de paiement', 'pagar antes de', 'da pagare entro', 'pagamento entro', 'pagare entro', 'zu zahlen bis',
      'pay before', 'payment before', 'please pay by', 'please pay before', 'bitte zahlen bis', 'bitte bezahlen bis', 'à régler avant le', 'a regler avant le', 'à régler avant', 'à payer avant',
      'te betalen vóór', 'te betalen voor', 'betalen vóór',
      'vencimento', 'data de vencimento', 'data limite de pagamento', 'förfallodatum', 'förfallodag', 'sista betalningsdag', 'betalas senast', 'forfallsdato', 'forfaldsdato', 'forfall', 'betalingsfrist', 'eräpäivä',
      // tr; a DANFE's duplicata ("Venc. 12/08/2020")
      'son ödeme tarihi', 'son odeme tarihi', 'vade tarihi', 'venc.', 'venc', 'vencto',
      // pl, cs, sk
      'termin płatności', 'termin platnosci', 'datum splatnosti', 'termín splatnosti', 'dátum splatnosti', 'splatnost',
      // hu, ro, vi
      'fizetési határidő', 'fizetési határidő:', 'esedékesség', 'esedékesség dátuma', 'data scadenței', 'data scadentei', 'scadența', 'scadenta', 'termen de plată', 'hạn thanh toán',
      // The broad lexicon: hr/sr/bs/sl, bg/ru/uk, el, et, lv, lt, is, id, tl, sw, ar, hi, zh, ko, th, and more forms of es, fr, it, pt, da
      'datum dospijeća', 'dospijeće', 'rok plaćanja', 'valuta plaćanja', 'datum dospeća', 'rok plačila', 'datum zapadlosti', 'zapadlost', 'падеж', 'срок за плащане', 'срок на плащане', 'дата на падеж', 'рок плаћања', 'датум доспећа', 'ημ/νία λήξης', 'срок оплаты', 'оплатить до', 'термін оплати', 'сплатити до',
      'ημερομηνία λήξης', 'λήξη', 'προθεσμία πληρωμής', 'maksetähtaeg', 'tähtaeg', 'maksta kuni', 'apmaksas termiņš', 'samaksas termiņš', 'apmaksāt līdz', 'apmokėjimo terminas', 'apmokėti iki', 'mokėti iki', 'gjalddagi', 'eindagi',
      'jatuh tempo', 'tanggal jatuh tempo', 'tgl jatuh tempo', 'tgl. jatuh tempo', 'takdang petsa', 'tarehe ya mwisho', 'tarehe ya mwisho ya malipo', 'تاريخ الاستحقاق', 'देय तिथि', 'नियत तिथि',
      '付款期限', '到期日', '付款截止日', '지급기일', '납부기한', '결제기한', '지불기한', 'วันครบกำหนด', 'วันครบกำหนดชำระ', 'ครบกำหนดชำระ',
      'fecha límite de pago', 'date limite de règlement', "date d'exigibilité", 'data di scadenza', 'vence em', 'betalingsdato', 'sidste rettidige betalingsdag'],
    // A tax's own due date ("Data de vencimento do ISS desta NFS-e", "Fecha de vencimiento del impuesto"): the
    // municipality's, never the invoice's. Nor is the next visit a vet, a garage or a service desk books ("Next vaccination
    // due: 11.10.2025", "Next service due", "MOT due").
    not: /(?:^|\s)(?:do|da|del|de la|dos) (?:iss|issqn|imposto|impuesto|tributo)s?(?![\p{L}])|\b(?:next|vaccinations?|boosters?|service|mot|inspection|check-?up|revisit|recall)\s+(?:\w+\s+)?due\b/iu },
  { role: 'invoiceDate', field: /(invoice|bill|issue|document|receipt)?\s*date|datum|fecha|rechnungsdatum/i,
    labels: ['invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued', 'issued on', 'bill date', 'receipt date', 'document date', 'date',
      'rechnungsdatum', 'datum', 'belegdatum', 'date de facture', 'date de facturation', 'date', 'fecha de factura', 'fecha de emisión', 'fecha', 'factuurdatum', 'data fattura', 'data', '請求日', '发票日期', '日期', 'วันที่', 'tarikh invois', 'tarikh', 'date de l\'avoir', 'datum gutschrift',
      'data de emissão', 'data da fatura', 'fakturadatum', 'fakturadato', 'dato', 'päivämäärä', 'laskun päivämäärä',
      // pl, cs, sk
      'data wystawienia', 'datum vystavení', 'dátum vystavenia', 'dátum vyhotovenia',
      // hu ("Számla kelte", not "Teljesítés dátuma", the day of supply), ro
      'számla kelte', 'kelte', 'kelt', 'kiállítás dátuma', 'kiállítás kelte', 'data emiterii', 'data facturii', 'data (ziua, luna, anul)',
      // The broad lexicon: de, fr, es, it, nl, is, fi, tr, hr/sr/bs/sl, bg/ru/uk, el, et, lv, lt, id, tl, sw, ar, hi, zh, ja, ko
      'ausstellungsdatum', "date d'émission", 'date de la facture', 'fecha de expedición', 'fecha emisión', 'data emissione', 'data documento', 'data emissão', 'datum factuur',
      'dagsetning', 'reikningsdagur', 'útgáfudagur', 'laskupäivä', 'päiväys', 'pvm', 'fatura tarihi', 'düzenleme tarihi', 'tarih',
      'datum računa', 'datum izdavanja', 'datum izdaje', 'datum izstavitve', 'дата', 'дата на издаване', 'дата на фактура', 'дата счета', 'дата выставления', 'дата рахунку', 'дата складання',
      'ημερομηνία', 'ημερομηνία έκδοσης', 'kuupäev', 'arve kuupäev', 'datums', 'rēķina datums', 'izrakstīšanas datums', 'išrašymo data', 'sąskaitos data',
      'tanggal', 'tanggal faktur', 'tanggal invoice', 'tgl', 'tgl.', 'petsa', 'tarehe', 'tarehe ya ankara', 'تاريخ الفاتورة', 'التاريخ', 'تاريخ', 'दिनांक', 'तारीख',
      '开票日期', '開票日期', '发票日期', '日付', '発行日', '請求書発行日', '발행일', '발행일자', '작성일자', '일자'],
    not: /vigenc|vigênc|(?:inicio|fin) (?:de )?vig|fecha\s+límite|validity|valid (?:from|until|thru|through|to)\b|gültig|gultig|due|fällig|échéance|vencimiento|vencimento|forfal|förfallo|eräpäivä|betalingsfrist|betalas|verval|scadenza|scaden|határid|teljesít|akhir|matang|tamat|delivery|liefer|order|ship|period|service|payer avant|regler avant|pay before|payment before|pagar antes|pagare entro|zahlen bis|betalen|dospij|dospec|rok plac|zapadl|падеж|срок|термин|λήξ|προθεσμ|tahtaeg|termin|apmaks|apmok|gjalddag|eindag|jatuh tempo|takdang|mwisho|기한|기일|期限|到期|截止|استحقاق|देय|नियत|vade|son odeme|ครบกำหนด|pvm (?:suma|\d|moket|kod)|доставк|отгруз|поставк|παραδοσ|teslim|sevk|pengiriman|isporuk|dostaw|sprzedaz|dodani|toimitus|leverans|levering|livrare|период|периодът|περιοδ/i },
  { role: 'vendor', field: /vendor|supplier|seller|merchant|company|issuer|lieferant|fournisseur|proveedor|from/i,
    labels: ['vendor', 'supplier', 'seller', 'from', 'merchant', 'sold by', 'issued by', 'lieferant', 'verkäufer', 'fournisseur', 'vendeur', 'proveedor', 'leverancier', 'fornitore', 'company', 'pembekal', 'penjual',
      'vendu par', 'verkauft von', 'venduto da', 'vendido por', 'verkocht door',
      // Bangladesh's Mushak-6.3: the seller is the VAT-registered person issuing it
      'name of registered person',
      // pl, cs, sk, hu, ro; zh (a fapiao's seller block), ko (a tax invoice's supplier)
      'sprzedawca', 'sprzedający', 'dostawca', 'dodavatel', 'prodávající', 'dodávateľ', 'predávajúci', 'szállító', 'eladó', 'furnizor', 'vânzător',
      '销售方', '销货方', '卖方', '공급자', '판매자',
      // vi: the seller's unit on a VAT invoice (hóa đơn), also printed without its marks and with its English gloss;
      // hu: "Eladó" as PaddleOCR reads it (its dictionary has no ó: a 6)
      'đơn vị bán hàng', 'don vi ban hang', 'đơn vị bán hàng (seller)', 'don vi ban hang (seller)', 'elad6',
      // an e-invoice portal's print (Egypt's ETA): the "Issuer" box beside the "Receiver" box
      'issuer',
      // bg, uk, sr, ru, el: the seller's heading over its block beside the buyer's (Доставчик / Получател)
      'доставчик', 'постачальник', 'продавац', 'поставщик', 'продавец', 'продавець', 'εκδότης', 'πωλητής'],
    // "From" names a sender only on its own: not "Balance from your last bill", "Received from", "from 01/03".
    // The seller's ids and contacts are no name: "Supplier TIN", "Supplier Registration No.", "Seller VAT No.".
    not: /\p{L}\s+from\b|\bfrom\s+(?:your|the|last|previous|our|\d)|\b(?:supplier|seller|vendor|company|issuer)'?s?\s+(?:tin|vat|gst|sst|tax|reg|registration|id|no|nr|number|code|bank|address|tel|phone|e-?mail)\b/u },
  { role: 'customer', field: /customer|client|buyer|bill to|kunde|acheteur/i,
    labels: ['bill to', 'billed to', 'customer', 'client', 'sold to', 'buyer', 'kunde', 'rechnungsempfänger', 'client', 'facturé à', 'facturar a', 'facturado a', 'cliente', 'klant', 'receiver'] },
  { role: 'subtotal', field: /sub ?total|net amount|netto|before tax|hors taxe/i,
    labels: ['subtotal', 'sub total', 'sub-total', 'taxable amount', 'taxable value', 'net amount', 'net total', 'total net', 'amount before tax', 'total excl', 'excl. vat', 'excl vat', 'excluding vat', 'excl. tax', 'excluding tax', 'excl. btw', 'excl btw', 'exkl. mwst', 'ohne mwst', 'hors tva', 'nettobetrag', 'netto-betrag', 'zwischensumme', 'summe netto', 'netto', 'total ht', 'montant ht', 'sous-total', 'base imponible', 'subtotal', 'subtotaal', 'imponibile', '小計', '小计', 'jumlah kecil', 'jumlah sebelum cukai',
      'total s/ iva', 'total sem iva', 'base tributável', 'incidência', 'sum eks. mva', 'eks. mva', 'ekskl. moms', 'beløb ekskl. moms', 'summa exkl. moms', 'exkl. moms', 'exkl moms', 'veroton',
      // cs, sk
      'celkem bez dph', 'základ daně', 'spolu bez dph', 'základ dane',
      // Latin America's net before IVA/IGV: Chile's "Monto Neto", Peru's "Op. Gravadas" (sales taxed), Colombia's "Valor neto"
      'monto neto', 'valor neto', 'total neto', 'importe neto', 'op. gravada', 'op. gravadas', 'operaciones gravadas', 'total gravado', 'monto afecto',
      // El Salvador's crédito fiscal: its sales before IVA ("Suma de ventas"; its "Sub-Total" is with the IVA)
      'suma de ventas', 'sumas',
      // tr (goods and services before tax; the dotless ı is not folded, a font without it prints an i), it
      'mal hizmet toplam tutarı', 'mal hizmet toplam tutari', 'ara toplam', 'totale imponibile',
      // charges before tax (a utility bill's "Total charges before VAT", a carrier's "Net charges"), a US
      // credit memo's goods credited before tax, "excluding VAT" with the space after the point lost to OCR
      'before vat', 'before gct', 'before tax', 'net charges', 'merchandise credit', 'valor dos produtos', 'valor total dos produtos', 'ekskl.moms', 'exkl.moms', 'excl.vat', 'excl.btw', 'eks.mva',
      // South Africa's "Total Exclusive" (of VAT); the Philippines' sales subject to VAT before it ("VATable Sales", "Amount:
      // Net of VAT"); vi (goods' money summed, "Cộng tiền hàng", accents folded as every label
      // is, so also as printed without them); ro (total without VAT); hu (net in total)
      'total exclusive', 'amount exclusive', 'vatable sales', 'net of vat', 'cong tien hang', 'tong tien hang', 'tong tien truoc thue', 'total fara tva', 'netto osszesen', 'osszesen netto',
      // Argentina's factura: the taxed net amount ("Importe Neto Gravado")
      'importe neto gravado', 'neto gravado',
      // Costa Rica's net sale before its IVA ("Total Venta Neta", after "Total Venta" and "Total Descuentos")
      'total venta neta', 'venta neta',
      // Belgium's and Luxembourg's "hors TVA" in one word ("Total HTVA", "Montant HTVA")
      'total htva', 'montant htva', 'total hors tva', 'montant hors tva',
      // Ghana's total with its levies (NHIL, GETFund, COVID-19 HRL) on which VAT is charged ("Total (VAT-able)")
      'total (vat-able)', 'total (vatable)',
      // The broad lexicon: pl, hr/sr/bs/sl, bg/ru/uk, el, et, lv, lt, is, id, th, ja, zh, ko, ar, hi, sw, fr, da
      'wartość netto', 'razem netto', 'suma netto', 'osnovica', 'iznos bez pdv-a', 'ukupno bez pdv-a', 'međuzbroj', 'osnova za ddv', 'znesek brez ddv', 'skupaj brez ddv', 'vmesni seštevek',
      'данъчна основа', 'стойност без ддс', 'сума без ддс', 'междинна сума', 'итого без ндс', 'сумма без ндс', 'подытог', 'сума без пдв', 'разом без пдв',
      'καθαρή αξία', 'καθ. αξία', 'μερικό σύνολο', 'σύνολο χωρίς φπα', 'summa km-ta', 'summa käibemaksuta', 'vahesumma', 'summa bez pvn', 'kopā bez pvn', 'starpsumma', 'suma be pvm', 'tarpinė suma', 'iš viso be pvm',
      'samtals án vsk', 'án vsk', 'millisamtala', 'dasar pengenaan pajak', 'dpp', 'jumlah sebelum pajak', 'ยอดก่อนภาษี', 'มูลค่าก่อนภาษี', '税抜金額', '税抜合計', '不含税金额', '金额合计', '공급가액', '소계',
      'المجموع الفرعي', 'الإجمالي قبل الضريبة', 'उप योग', 'उपयोग', 'jumla ndogo', 'total hors taxes', 'montant hors taxes', 'i alt ekskl. moms', 'ara toplam tutar',
      // "Net" alone over the VAT and the total (a Cypriot or British trade invoice's "Net | VAT 19% | Total EUR")
      'net'],
    // Not a payment term ("Net 30", "Net 45 days"), a weight or a price ("Net weight", "Net price"), an amount payable.
    not: /\bnet\s*\d{1,3}(?![\d.,])|\bnet\s*(?:weight|wt|mass|price|days|terms|pay|payable|a payer|due|qty|quantity|contents?)\b/ },
  { role: 'tax', field: /tax|vat|gst|mwst|ust|tva|iva|btw/i,
    labels: ['tax', 'vat', 'sales tax', 'gst', 'cst', 'tax amount', 'total tax', 'vat amount', 'mwst', 'mwst.', 'ust', 'umsatzsteuer', 'mehrwertsteuer', 'tva', 'montant tva', 'iva', 'btw', 'impuesto', '消費税', '税额', '税', 'cukai', 'sst', 'cukai jualan', 'cukai perkhidmatan', 'total iva', 'valor iva', 'mva', 'moms', 'alv', 'vero',
      // India's GST is charged in parts: central and state (or union territory), or integrated.
      'cgst', 'sgst', 'igst', 'utgst', 'total gst', 'output cgst', 'output sgst', 'output igst', 'iva trasladado',
      // cs, sk
      'dph celkem', 'celkem dph', 'dph spolu', 'spolu dph',
      // tr: KDV computed, per rate or in total; it: a rate summary's tax (a bare "imposta" is also the stamp duty)
      'hesaplanan kdv', 'toplam kdv', 'kdv toplamı', 'kdv toplami', 'kdv', 'totale imposta',
      // Canada's provincial and harmonized sales taxes beside the GST (in French TPS, TVQ, TVH) and their sum;
      // vi: the VAT's money ("Tiền thuế GTGT"; not "Thuế suất GTGT", its rate); hu; ro
      'hst', 'pst', 'qst', 'rst', 'tps', 'tvq', 'tvh', 'total des taxes', 'tien thue gtgt', 'thue gtgt', 'afa osszesen', 'osszes afa', 'total tva',
      // The broad lexicon: pl, cs/sk, hr/sr/bs/sl, bg/ru/uk, el, et, lv, lt, is, id, tl, th, zh, ko, ar, hi, sw, es (Peru's IGV, the Dominican ITBIS), pt-BR
      // Chile's and Colombia's IVA printed with its points ("I.V.A. 19%"), Croatia's tax amount ("Iznos poreza")
      'i.v.a.', 'i.v.a', 'monto iva', 'iznos poreza',
      'kwota vat', 'podatek vat', 'dph', 'pdv', 'iznos pdv-a', 'ukupno pdv', 'ddv', 'znesek ddv', 'ддс', 'начислен ддс', 'сума на ддс', 'ндс', 'сумма ндс', 'в т.ч. ндс', 'в том числе ндс', 'пдв', 'сума пдв',
      'φπα', 'φ.π.α.', 'ποσό φπα', 'käibemaks', 'km summa', 'pvn', 'pvn summa', 'pvm', 'pvm suma', 'vsk', 'vsk.', 'virðisaukaskattur', 'ppn', 'pajak', 'pajak pertambahan nilai', 'buwis',
      'ภาษีมูลค่าเพิ่ม', '增值税', '稅額', '세액', '부가세', '부가가치세', 'ضريبة القيمة المضافة', 'الضريبة', 'जीएसटी', 'कर', 'kodi', 'igv', 'itbis',
      // A Brazilian service invoice's (NFS-e) municipal service tax: São Paulo's "Valor do ISS", the national form's "ISSQN Apurado"
      'valor do iss', 'valor do issqn', 'issqn apurado',
      // Jamaica's General Consumption Tax ("GCT 25%")
      'gct'],
    // A tax withheld (Spain's IRPF, Mexico's ISR and IVA retenidos) is no tax charged.
    // A tax code ("Mã số thuế (Tax code)") is the registration of whoever pays it, as is a VAT payer's code in Lithuanian or
    // Latvian ("PVM mokėtojo kodas LT100047085513", "PVN maksātāja kods"); a "VAT invoice" is a title.
    // "Total incl. VAT" is no tax; a till's tax word, its rate and "included" after it is the tax its prices hold
    // ("VAT 18% included", "GST @18% incl.", its % OCR's "+", "&" or "s", its digits too: "GST @1s& incl.", "GST l8l incl.";
    // "CST", India's central sales tax, or a GST whose G OCR read as a C).
    // So is Guatemala's "IVA incluido" under the TOTAL of its FEL invoice, whose prices include it; a line's own IVA listed under
    // the items ("Línea 2  IVA 4.71") is no document's tax. A line that opens with "incl." under the total ("incl. VAT 23%",
    // a repair ticket's) and a bare "VAT included" are the tax the prices hold, also in brackets ("VAT 20% (included)", an app store's).
    not: /(?<!^(?:vat|gst|cst|tax|sales tax)\s*(?:[@(]?\s*[\dlo][\dlos]?(?:[.,]\d{1,2})?\s*[%+&sl]{0,2}\s*\)?\s*)?\(?)(?<!^iva\s+)(?<!^)incl|\bl[ií]nea\s*\d|\bline\s*\d|excl|number|no\b|nr|id\b|reg|rate only|reten|withh|ritenut|\bcode\b|\b(tax|vat|gst)\s+invoice|faktur pajak|zaklad|osnov|основ|βαση|matrah|dasar|sazba|sadzba|stopa|ставка|συντελεστ|broj|номер|nomor|npwp|\boib\b|\bpib\b|\bdic\b|ic dph|идент|регистрац|\bafm\b|αφμ|moketoj|maksataj|\bkodas\b|\bkods\b/i },
  { role: 'total', field: /total|amount due|grand|gesamt|summe|montant|importe|totaal|totale|balance/i,
    labels: ['total', 'total due', 'amount due', 'total amount', 'grand total', 'balance due', 'total (incl', 'invoice total', 'amount payable', 'total payable', 'total to pay',
      'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe', 'gesamt', 'total ttc', 'total tvac', 'montant tvac', 'total tvai', 'montant total', 'net à payer', 'total a pagar', 'importe total', 'total factura', 'totaal', 'te betalen', 'totale', 'totale fattura', '合計', '合计', '总计', 'รวมทั้งสิ้น',
      'jumlah', 'jumlah besar', 'jumlah perlu dibayar', 'jumlah keseluruhan', 'amount credited', 'total credit', 'montant crédité', 'gutschriftsbetrag',
      'zu zahlen', 'zahlbetrag', 'da pagare', 'totale da pagare', 'a pagar', 'à payer',
      'å betale', 'a betale', 'at betale', 'att betala', 'totalt', 'i alt', 'summa att kreditera', 'att kreditera', 'yhteensä', 'maksettava',
      // tr: total with taxes, amount payable; it
      'vergiler dahil toplam tutar', 'vergiler dahil toplam', 'ödenecek tutar', 'odenecek tutar', 'genel toplam', 'totale documento',
      // South Africa's "Total Inclusive" (of VAT); vi (the sum to pay); ro; hu (payable, grand total)
      'total inclusive', 'tong cong tien thanh toan', 'tong tien thanh toan', 'tong cong', 'total de plata', 'fizetendo', 'fizetendo vegosszeg', 'vegosszeg',
      // The broad lexicon: pl, cs, sk, hr/sr/bs, sl, bg, ru, uk, el, et, lv, lt, is, id, tl, th, ja, zh, ko, ar, hi, sw, tr, and more forms of
      // es, pt, it, nl, fr, de, sv, da, no, fi, ro; India's "net payable", "invoice value"
      'razem', 'do zapłaty', 'razem do zapłaty', 'kwota do zapłaty', 'wartość brutto', 'ogółem', 'celkem', 'celkem k úhradě', 'k úhradě', 'k zaplacení', 'celkom', 'k úhrade', 'suma na úhradu', 'spolu na úhradu',
      'ukupno', 'sveukupno', 'za platiti', 'za plaćanje', 'iznos za plaćanje', 'ukupan iznos', 'za uplatu', 'ukupno za plaćanje', 'skupaj', 'za plačilo', 'skupaj za plačilo', 'skupni znesek',
      'общо', 'сума за плащане', 'обща сума', 'всичко', 'итого', 'всего', 'итого к оплате', 'к оплате', 'всего к оплате', 'разом', 'всього', 'усього', 'до сплати', 'разом до сплати',
      'σύνολο', 'γενικό σύνολο', 'πληρωτέο', 'πληρωτέο ποσό', 'kokku', 'kokku tasuda', 'tasuda', 'summa kokku', 'kopā', 'kopā apmaksai', 'summa apmaksai', 'apmaksai', 'iš viso', 'mokėti', 'suma mokėti', 'bendra suma',
      'samtals', 'til greiðslu', 'heildarupphæð', 'total bayar', 'total tagihan', 'jumlah tagihan', 'total pembayaran', 'jumlah yang harus dibayar', 'kabuuan', 'kabuuang halaga', 'halagang babayaran',
      'ยอดรวม', 'จำนวนเงินรวม', 'ยอดสุทธิ', '請求金額', 'ご請求金額', '総額', '税込合計', 'お支払金額', '价税合计', '總計', '总计', '應付金額', '应付金额', '總額',
      // 總計 as OCR reads it on a thermal e-invoice slip: 總's silk radical taken for 德's step radical ("德計 NT$621")
      '德計', '德计', '합계', '합계금액', '총액', '총 금액', '청구금액', '결제금액',
      'الإجمالي', 'المجموع', 'المبلغ الإجمالي', 'المبلغ المستحق', 'कुल', 'कुल राशि', 'कुल योग', 'jumla', 'jumla kuu', 'kiasi cha kulipa', 'toplam', 'toplam tutar',
      'total general', 'monto total', 'importe a pagar', 'valor total', 'total comprobante', 'valor a pagar', 'total geral', 'valor total da nota', 'totale complessivo', 'importo totale',
      'totaalbedrag', 'te voldoen', 'totaal te betalen', 'total à payer', 'montant dû', 'solde dû', 'total général', 'montant à payer', 'bruttobetrag', 'gesamt brutto', 'summe brutto', 'endsumme', 'zu zahlender betrag',
      'summa att betala', 'totalt att betala', 'totalbelopp', 'beløb i alt', 'totalbeløp', 'beløp å betale', 'loppusumma', 'total factură', 'de plată', 'net payable', 'total invoice value', 'invoice value', 'total amount after tax',
      // OCR's "TOTALAMOUNT DUE": a bold label's space lost (a Philippine invoice's "Amount Due" above it is net of VAT)
      'totalamount due', 'totalamount'],
    // Tax words exclude a label ("Total VAT") unless the total includes the tax ("Totaal incl. BTW").
    not: /reten|withh|ritenut|sub|sous|kecil|sebelum|\bnet\b(?!\s*(?:à|payable))|\bnet[oa]\b(?!\s*(?:a pagar|à payer))|netto|excl|exkl|ekskl|\beks\b|s\/ iva|sem iva|iliquido|ilíquido|descontos|veroton|before|\bht\b|zwischen|dos produtos|dos servicos|items?\b|qty|quantity|pages?|^(?!.*incl).*(tax|vat|mwst|ust|tva|iva|btw)|bez |без |χωρις|\bbe pvm|\ban vsk|km-ta|kaibemaksuta|\bara toplam|^(?!.*(?:incl|inkl|\bs (?:dph|pdv|ddv)|\bz (?:vat|dph)|\bsa pdv|\bс (?:ндс|ддс)|\bз пдв|с ндс|с ддс|з пдв|με φπα|\bsu pvm|\bar pvn|koos k|\bmed vsk|\bmeð vsk|dahil|termasuk|\bw tym)).*(?:dph|pdv|ddv|ндс|ддс|пдв|φπα|pvm|pvn|vsk|ppn|kdv|kaibemaks)/i },
  { role: 'currency', field: /currency|währung|devise|moneda/i, labels: ['currency', 'währung', 'devise', 'moneda', 'valuta'] },
  { role: 'poNumber', field: /\bp\.?o\.?\b|purchase order|order (no|num)/i, labels: ['po number', 'po no', 'p.o.', 'purchase order', 'order number', 'order no', 'bestellnummer', 'bestellung'] },
  { role: 'email', field: /e-?mail/i, labels: ['email', 'e-mail', 'mail'] },
  { role: 'phone', field: /phone|tel|fax/i, labels: ['phone', 'tel', 'telephone', 'telefon', 'téléphone', 'teléfono'] },
  { role: 'url', field: /\burl\b|website|web site|homepage/i, labels: ['web', 'website', 'www', 'url'] },
];

export function roleOf(field: FieldDefinition): Role {
  const title = `${field.title ?? ''}`.trim();
  for (const spec of ROLES) if (spec.field.test(title)) return spec.role;
  const desc = `${field.description ?? ''}`;
  for (const spec of ROLES) if (desc && spec.field.test(desc) && spec.role !== 'generic') return spec.role;
  if (field.type === 'OBJECT' && field.items?.length) return 'lineItems';
  return 'generic';
}

/** The role of a field as extraction returned it (its type read back in lower case). */
export const fieldRole = (f: Pick<ExtractedField, 'title' | 'description' | 'type'>): Role =>
  roleOf({ title: f.title, description: f.description, type: f.type.toUpperCase() as FieldDefinition['type'] });

export function roleSpec(role: Role): RoleSpec | undefined {
  return ROLES.find((r) => r.role === role);
}

/**
 * Words that head the buyer's block (the vendor is not under them) ("Bill to", "Kunde", "Получател", "Покупець", "Купац",
 * "ΣΤΟΙΧΕΙΑ ΠΕΛΑΤΗ", "Exmo.(s) Sr.(s)", a Hungarian
 * "Vevő" as PaddleOCR may read it, a Brazilian NFS-e's "Tomador de serviços", a Vietnamese "Họ tên người mua hàng" /
 * "Tên đơn vị", not the seller's "đơn vị bán hàng"), in lower case without accents (normLabel keeps đ).
 */
export const BUYER = /bill(ed)? to|sold to|receiver|ship to|credit to|customer|kund|client|rechnungsempf|rechnungsadresse|factur(e|ar|ado) a|factuuradres|fakturaadress|destinataire|cliente|klant|buyer|pelanggan|cessionario|committente|destinatario|spett\.? ?le|exmo|adquirente|tomador d[eo]s? servi[cç]os?|asiakas|nabywca|odberatel|kupujici|cumparator|\bvev[o6]\b|nguoi mua|\bten [dđ]on vi\b(?! ban)|购买方|购货方|买方|공급받는자|получател|покупец|покупател|купац|купувач|πελατη|πελατης|αγοραστης/i;
