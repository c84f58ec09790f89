import type { FieldDefinition } from '../types.js';

// A field's role decides which label synonyms to look for and which checks apply.
// Roles come from the field's title and description, so a workspace's own field
// names ("Rechnungsnr.", "Bill total") still map onto the well-known ones.

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
      'número de factura', 'factura n', 'factura no', 'nº factura', 'factuurnummer', 'factuurnr', 'numero fattura', 'fattura n', 'no.', 'number', 'nr.', '請求書番号', '請求番号', '請求書no', '請求no', '伝票番号', '发票号码', 'เลขที่',
      'credit note no', 'credit note number', 'credit note #', 'avoir n°', 'avoir no', "numéro d'avoir", 'gutschrift nr', 'gutschriftsnummer', 'gutschrift-nr',
      'nota de crédito n', 'nota de credito n', 'nota di credito n', 'creditnota nr', 'creditnotanummer', 'nota kredit no', 'no. nota kredit',
      'no. invois', 'invois no', 'no invois', 'nombor invois', 'no. resit', 'resit no', 'no resit', 'no. bil', 'bil no', 'bon-nr', 'bon nr', 'bonnummer', 'bonnr', 'kassabon nr', 'bonnr.', 'n. fattura', 'n° fattura', 'nr. fattura', "n° d'avoir", 'nº nota de crédito',
      'nota de crédito nº', 'rectificativa n', 'rectificativa nº', 'rectificativa n.º', 'factura rectificativa n', 'n.º rectificativa', 'n. nota di credito', 'nota di credito n.', 'gutschrift-nr.', 'creditnota nr.', 'no. nota kredit',
      'credit memo #', 'credit memo no', 'credit memo number', 'memo no', 'memo #',
      // sv, no, da, fi, pt
      'fakturanr', 'fakturanummer', 'faktura nr', 'kreditfakturanr', 'kreditnota nr', 'kvittonr', 'kvitto nr', 'kvitto', 'kuittinro', 'kuitti nro', 'kuitti', 'laskun numero', 'laskunro',
      'fatura n', 'fatura nº', 'n.º fatura', 'nº fatura', 'número da fatura', 'documento', 'nº documento', 'n.º documento',
      // Mexico's CFDI; a till's transaction or receipt number.
      // pl, cs, sk; a French receipt's or ticket's number, and "Numéro :" on its own.
      'faktura vat nr', 'faktura nr', 'faktura vat', 'nr faktury', 'numer faktury', 'rachunek nr', 'paragon nr', 'faktura č.', 'faktura č', 'faktúra č.', 'číslo faktury', 'číslo dokladu',
      'daňový doklad č.', 'daňový doklad', 'doklad č.', 'reçu n°', 'reçu no', 'ticket n°', 'numéro', 'facture',
      // it (FatturaPA's band), pt (a DANFE's "Nº 000.012.345"), tr
      'numero documento', 'n. documento', 'nº', 'n°', 'fatura numarası', 'fatura numarasi', 'belge no',
      // a hotel's folio
      'folio-nr.', 'folio-nr', 'folio nr', 'folio no', 'folio no.', 'folio number', 'folio #', 'folio n°', 'n° de folio', 'numero folio',
      // hu, ro ("Seria ABC nr. 0044974" is read by "nr."), vi ("Số:", "Số (No.):", which OCR reads "S6:"; a bare "so" is an English word)
      'számla sorszáma', 'számla száma', 'számlaszám', 'sorszám', 'nr. factură', 'factura nr', 'număr factură', 'số:', 'số (no.):', 'số hóa đơn', 'số hóa đơn:', 's6:', 's6 (no.):',
      // a garage's repair order, which is its invoice ("RO# 29974", "REPAIR ORDER / INVOICE")
      'ro#', 'ro #', 'ro no', 'ro no.', 'r.o. #', 'r.o. no', 'r.o. no.', 'repair order #', 'repair order no', 'repair order no.', 'repair order number',
      'serie y folio', 'tran#', 'tran #', 'tran no', 'trans#', 'trans #', 'trans no', 'transaction #', 'transaction no', 'transaction number', 'txn #', 'txn no', 'rcpt', 'rcpt no', 'rcpt #'],
    // The invoice a credit note corrects is not its own number ("Original Invoice #", "Avser faktura").
    // Short words as words: "Rectificativa" holds no "iva", "Hotel" no "tel". A Polish "Faktura VAT nr"
    // names the invoice, not a VAT number. A Romanian address's, trade register's or identity card's
    // "nr." ("Sediul: Str. Fabrici nr. 46", "Nr. Reg. Com.", "C.I. seria JN nr.") is none.
    not: /fiscal|uuid|(?<!repair )order|commande|sediul|\bstr\.|strada|reg\.? ?com\b|\bc\.i\.|tipolog|tipo (?:de )?documento|document type|customer|kunden|client|(?<!faktura )\b(vat|tax|ust|tva|iva|btw|kvk)|\btel\b|account|konto|p\.?o\b|phone|telef|page|seite|iban|purchase|st\.?-?nr|steuer|siret|kund|ordre|original|applies to|refers to|ref\.? invoice|against invoice|avser|krediterar|ursprunglig|opprinnelig|oprindelig|alkuper|urspr|bezug|d'origine|initiale|rectificad|originale|di riferimento|oorspronkelijk/i },
  { role: 'dueDate', field: /due|payable|fällig|échéance|vencimiento|vervaldatum|scadenza/i,
    labels: ['due date', 'payment due', 'te betalen voor', 'betalen voor', 'due', 'date due', 'pay by', 'payable by', 'fällig am', 'fälligkeitsdatum', 'fällig', 'zahlbar bis', "date d'échéance", 'échéance', 'fecha de vencimiento', 'vencimiento', 'vervaldatum', 'scadenza', 'data scadenza', '支払期限', 'お支払期限', '支払期日', 'お支払期日', '期限', 'tarikh akhir bayaran', 'tarikh matang', 'tarikh tamat',
      'à payer avant le', 'a payer avant le', 'payable avant le', 'date limite de paiement', 'pagar antes de', 'da pagare entro', 'pagamento entro', 'pagare entro', 'zu zahlen bis',
      'pay before', 'payment before', 'please pay by', 'please pay before', 'bitte zahlen bis', 'bitte bezahlen bis', 'à régler avant le', 'a regler avant le', 'à régler avant', 'à payer avant',
      'te betalen vóór', 'te betalen voor', 'betalen vóór',
      'vencimento', 'data de vencimento', 'data limite de pagamento', 'förfallodatum', 'förfallodag', 'sista betalningsdag', 'betalas senast', 'forfallsdato', 'forfaldsdato', 'forfall', 'betalingsfrist', 'eräpäivä',
      // tr; a DANFE's duplicata ("Venc. 12/08/2020")
      'son ödeme tarihi', 'son odeme tarihi', 'vade tarihi', 'venc.', 'venc', 'vencto',
      // pl, cs, sk
      'termin płatności', 'termin platnosci', 'datum splatnosti', 'termín splatnosti', 'dátum splatnosti', 'splatnost',
      // hu, ro, vi
      'fizetési határidő', 'fizetési határidő:', 'esedékesség', 'esedékesség dátuma', 'data scadenței', 'data scadentei', 'scadența', 'scadenta', 'termen de plată', 'hạn thanh toán'] },
  { role: 'invoiceDate', field: /(invoice|bill|issue|document|receipt)?\s*date|datum|fecha|rechnungsdatum/i,
    labels: ['invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued', 'issued on', 'bill date', 'receipt date', 'document date', 'date',
      'rechnungsdatum', 'datum', 'belegdatum', 'date de facture', 'date de facturation', 'date', 'fecha de factura', 'fecha de emisión', 'fecha', 'factuurdatum', 'data fattura', 'data', '請求日', '发票日期', '日期', 'วันที่', 'tarikh invois', 'tarikh', 'date de l\'avoir', 'datum gutschrift',
      'data de emissão', 'data da fatura', 'fakturadatum', 'fakturadato', 'dato', 'päivämäärä', 'laskun päivämäärä',
      // pl, cs, sk
      'data wystawienia', 'datum vystavení', 'dátum vystavenia', 'dátum vyhotovenia',
      // hu ("Számla kelte", not "Teljesítés dátuma", the day of supply), ro
      'számla kelte', 'kelte', 'kelt', 'kiállítás dátuma', 'kiállítás kelte', 'data emiterii', 'data facturii', 'data (ziua, luna, anul)'],
    not: /due|fällig|échéance|vencimiento|vencimento|forfal|förfallo|eräpäivä|betalingsfrist|betalas|verval|scadenza|scaden|határid|teljesít|akhir|matang|tamat|delivery|liefer|order|ship|period|service|payer avant|regler avant|pay before|payment before|pagar antes|pagare entro|zahlen bis|betalen/i },
  { role: 'vendor', field: /vendor|supplier|seller|merchant|company|issuer|lieferant|fournisseur|proveedor|from/i,
    labels: ['vendor', 'supplier', 'seller', 'from', 'merchant', 'sold by', 'issued by', 'lieferant', 'verkäufer', 'fournisseur', 'vendeur', 'proveedor', 'leverancier', 'fornitore', 'company', 'pembekal', 'penjual',
      'vendu par', 'verkauft von', 'venduto da', 'vendido por', 'verkocht door',
      // pl, cs, sk, hu, ro; zh (a fapiao's seller block), ko (a tax invoice's supplier)
      'sprzedawca', 'sprzedający', 'dostawca', 'dodavatel', 'prodávající', 'dodávateľ', 'predávajúci', 'szállító', 'eladó', 'furnizor', 'vânzător',
      '销售方', '销货方', '卖方', '공급자', '판매자',
      // vi: the seller's unit on a VAT invoice (hóa đơn), also printed without its marks and with its English gloss;
      // hu: "Eladó" as PaddleOCR reads it (its dictionary has no ó: a 6)
      'đơn vị bán hàng', 'don vi ban hang', 'đơn vị bán hàng (seller)', 'don vi ban hang (seller)', 'elad6'],
    // "From" names a sender only on its own: not "Balance from your last bill", "Received from", "from 01/03".
    not: /\p{L}\s+from\b|\bfrom\s+(?:your|the|last|previous|our|\d)/u },
  { role: 'customer', field: /customer|client|buyer|bill to|kunde|acheteur/i,
    labels: ['bill to', 'billed to', 'customer', 'client', 'sold to', 'buyer', 'kunde', 'rechnungsempfänger', 'client', 'facturé à', 'facturar a', 'facturado a', 'cliente', 'klant'] },
  { role: 'subtotal', field: /sub ?total|net amount|netto|before tax|hors taxe/i,
    labels: ['subtotal', 'sub total', 'sub-total', 'net amount', 'net total', 'total net', 'amount before tax', 'total excl', 'excl. vat', 'excl vat', 'excluding vat', 'excl. tax', 'excluding tax', 'excl. btw', 'excl btw', 'exkl. mwst', 'ohne mwst', 'hors tva', 'nettobetrag', 'netto-betrag', 'zwischensumme', 'summe netto', 'netto', 'total ht', 'montant ht', 'sous-total', 'base imponible', 'subtotal', 'subtotaal', 'imponibile', '小計', '小计', 'jumlah kecil', 'jumlah sebelum cukai',
      'total s/ iva', 'total sem iva', 'base tributável', 'incidência', 'sum eks. mva', 'eks. mva', 'ekskl. moms', 'beløb ekskl. moms', 'summa exkl. moms', 'exkl. moms', 'exkl moms', 'veroton',
      // cs, sk
      'celkem bez dph', 'základ daně', 'spolu bez dph', 'základ dane',
      // tr (goods and services before tax; the dotless ı is not folded, a font without it prints an i), it
      'mal hizmet toplam tutarı', 'mal hizmet toplam tutari', 'ara toplam', 'totale imponibile',
      // charges before tax (a utility bill's "Total charges before VAT", a carrier's "Net charges"), a US
      // credit memo's goods credited before tax, "excluding VAT" with the space after the point lost to OCR
      'before vat', 'before tax', 'net charges', 'merchandise credit', 'ekskl.moms', 'exkl.moms', 'excl.vat', 'excl.btw', 'eks.mva',
      // South Africa's "Total Exclusive" (of VAT); vi (goods' money summed, "Cộng tiền hàng", accents folded as every label
      // is, so also as printed without them); ro (total without VAT); hu (net in total)
      'total exclusive', 'amount exclusive', 'cong tien hang', 'tong tien hang', 'tong tien truoc thue', 'total fara tva', 'netto osszesen', 'osszesen netto'] },
  { role: 'tax', field: /tax|vat|gst|mwst|ust|tva|iva|btw/i,
    labels: ['tax', 'vat', 'sales tax', 'gst', 'tax amount', 'total tax', 'vat amount', 'mwst', 'mwst.', 'ust', 'umsatzsteuer', 'mehrwertsteuer', 'tva', 'montant tva', 'iva', 'btw', 'impuesto', '消費税', '税额', '税', 'cukai', 'sst', 'cukai jualan', 'cukai perkhidmatan', 'total iva', 'valor iva', 'mva', 'moms', 'alv', 'vero',
      // India's GST is charged in parts: central and state (or union territory), or integrated.
      'cgst', 'sgst', 'igst', 'utgst', 'output cgst', 'output sgst', 'output igst', 'iva trasladado',
      // cs, sk
      'dph celkem', 'celkem dph', 'dph spolu', 'spolu dph',
      // tr: KDV computed, per rate or in total; it: a rate summary's tax (a bare "imposta" is also the stamp duty)
      'hesaplanan kdv', 'toplam kdv', 'kdv toplamı', 'kdv toplami', 'kdv', 'totale imposta',
      // Canada's provincial and harmonized sales taxes beside the GST (in French TPS, TVQ, TVH) and their sum;
      // vi: the VAT's money ("Tiền thuế GTGT"; not "Thuế suất GTGT", its rate); hu; ro
      'hst', 'pst', 'qst', 'rst', 'tps', 'tvq', 'tvh', 'total des taxes', 'tien thue gtgt', 'thue gtgt', 'afa osszesen', 'osszes afa', 'total tva'],
    // A tax withheld (Spain's IRPF, Mexico's ISR and IVA retenidos) is no tax charged.
    // A tax code ("Mã số thuế (Tax code)") is the registration of whoever pays it; a "VAT invoice" is a title.
    not: /incl|excl|number|no\b|nr|id\b|reg|rate only|reten|withh|ritenut|\bcode\b|\b(tax|vat|gst)\s+invoice/i },
  { role: 'total', field: /total|amount due|grand|gesamt|summe|montant|importe|totaal|totale|balance/i,
    labels: ['total', 'total due', 'amount due', 'total amount', 'grand total', 'balance due', 'total (incl', 'invoice total', 'amount payable', 'total payable', 'total to pay',
      'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'summe', 'gesamt', 'total ttc', 'montant total', 'net à payer', 'total a pagar', 'importe total', 'total factura', 'totaal', 'te betalen', 'totale', 'totale fattura', '合計', '合计', '总计', 'รวมทั้งสิ้น',
      'jumlah', 'jumlah besar', 'jumlah perlu dibayar', 'jumlah keseluruhan', 'amount credited', 'total credit', 'montant crédité', 'gutschriftsbetrag',
      'zu zahlen', 'zahlbetrag', 'da pagare', 'totale da pagare', 'a pagar', 'à payer',
      'å betale', 'a betale', 'at betale', 'att betala', 'totalt', 'i alt', 'summa att kreditera', 'att kreditera', 'yhteensä', 'maksettava',
      // tr: total with taxes, amount payable; it
      'vergiler dahil toplam tutar', 'vergiler dahil toplam', 'ödenecek tutar', 'odenecek tutar', 'genel toplam', 'totale documento',
      // South Africa's "Total Inclusive" (of VAT); vi (the sum to pay); ro; hu (payable, grand total)
      'total inclusive', 'tong cong tien thanh toan', 'tong tien thanh toan', 'tong cong', 'total de plata', 'fizetendo', 'fizetendo vegosszeg', 'vegosszeg'],
    // Tax words exclude a label ("Total VAT") unless the total includes the tax ("Totaal incl. BTW").
    not: /reten|withh|ritenut|sub|sous|kecil|sebelum|\bnet\b(?!\s*à)|netto|excl|exkl|ekskl|\beks\b|s\/ iva|sem iva|iliquido|ilíquido|descontos|veroton|before|\bht\b|zwischen|items?\b|qty|quantity|pages?|^(?!.*incl).*(tax|vat|mwst|ust|tva|iva|btw)/i },
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

export function roleSpec(role: Role): RoleSpec | undefined {
  return ROLES.find((r) => r.role === role);
}

/**
 * Words that head the buyer's block (the vendor is not under them) ("Bill to", "Kunde", "Exmo.(s) Sr.(s)", a Hungarian
 * "Vevő" as PaddleOCR may read it, a Vietnamese "Họ tên người mua hàng" / "Tên đơn vị", not the seller's "đơn vị bán
 * hàng"), in lower case without accents (normLabel keeps đ).
 */
export const BUYER = /bill(ed)? to|sold to|ship to|credit to|customer|kund|client|rechnungsempf|rechnungsadresse|factur(e|ar|ado) a|factuuradres|fakturaadress|destinataire|cliente|klant|buyer|pelanggan|cessionario|committente|destinatario|spett\.? ?le|exmo|adquirente|asiakas|nabywca|odberatel|kupujici|cumparator|\bvev[o6]\b|nguoi mua|\bten [dđ]on vi\b(?! ban)|购买方|购货方|买方|공급받는자/i;
