// The words of the totals block (total, amount due, subtotal, tax, cash, change ...) in the lexicon's languages, apart
// from the ranker's features so that building a document's context (rejoinedRows.ts) can read them without an import cycle.
import { normLabel } from './normLabel.js';

/**
 * A keyword list as the line is read (normLabel: lower case, Latin marks dropped, Hangul in its letters): the
 * words are written with their accents and folded here, so "à payer", "espèces", "fällig" and "échéance" match.
 */
export const folded = (re: RegExp) => new RegExp(re.source.normalize('NFD').replace(/[\u0300-\u036f]/g, ''), re.flags);

// The broad lexicon (2026-11-28) added the words of pl, cs, sk, hr/sr/bs, sl, bg, ru, uk, el, et, lv, lt, is, tr, id,
// tl, sw, ar, hi, th, zh, ko and more of sv, da, no, fi, hu, ro, fr, nl, it, pt (the table is in roles.ts).
export const KW = {
  total: folded(/total|jumlah|amount|montant|betrag|summe|importe|totaal|totale|合計|合计|総額|razem|ogółem|celkem|celkom|spolu|ukupno|skupaj|итого|всего|общо|разом|всього|сума|σύνολο|kokku|kopā|iš viso|samtals|toplam|jumla|kabuuan|yhteensä|summa|totalt|i alt|összesen|tổng cộng|합계|총액|الإجمالي|المجموع|कुल|ยอดรวม|รวม|总计|總計/),
  grand: folded(/grand|\bdue\b(?! date)|zu zahlen|zahlbetrag|endbetrag|da pagare|te betalen|perlu dibayar|nett|net total|rounded|round(ed)? total|amount due|total due|payable|to pay|a pagar|à payer|incl|inclusive|balance due|total sales|total amount|do zapłaty|k úhradě|k úhrade|k zaplacení|za platiti|za plaćanje|za plačilo|к оплате|за плащане|до сплати|πληρωτέο|tasuda|apmaksai|mokėti|til greiðslu|ödenecek|total bayar|harus dibayar|babayaran|kulipa|montant dû|te voldoen|att betala|å betale|at betale|maksettava|fizetendő|de plată|brutto|\bttc\b|請求金額|お支払|应付|청구금액|결제금액|المستحق|ยอดสุทธิ/),
  sub: folded(/sub ?-?total|sous|zwischen|subtotaal|excl|before|nett?o\b|nettobetrag|imponibile|base imponible|\bht\b|kecil|sebelum|\bbez |без |χωρίς|km-ta|be pvm|án vsk|ara toplam|osnovica|osnova|основа|\bdpp\b|tanpa|ilman|veroton|ekskl|exkl|základ|소계|공급가액|税抜|不含税|المجموع الفرعي|ก่อนภาษี/),
  tax: folded(/gst|sst|tax|vat|mwst|ust\b|tva|iva|btw|cukai|消費税|税|\b(?:pdv|ddv|dph|kdv|ppn|pvn|pvm|vsk|moms|mva|alv|áfa|igv|itbis|gtgt)\b|ндс|ддс|пдв|φπα|käibemaks|pajak|ภาษี|부가세|세액|ضريبة|जीएसटी/),
  cash: folded(/cash|tender|paid|payment|visa|master|card|debit|credit|tunai|bayar|kontant|bar\b|efectivo|espèces|gotówka|hotovost|gotovina|наличн|в брой|готівк|μετρητ|nakit|kateinen|dinheiro|contanti|contant/),
  change: folded(/change|baki|balance(?! due)|wechselgeld|cambio|rendu|kembali|reszta|vráceno|povrat|сдача|ресто|решта|ρέστα|para üstü|sukli|vaihtoraha|växel|byttepenge|troco|resto/),
  rounding: /round|adj|pembulatan/,
  discount: folded(/disc|rabatt|remise|descuento|less|rabat|popust|sleva|zľava|скидк|отстъпк|знижк|έκπτωσ|indirim|diskon|alennus|desconto|sconto|korting/),
  count: folded(/qty|quantity|items?\b|pcs|units?|menge|no\. of|count|ilość|množství|količina|количество|ποσότητα|adet|antal|aantal|quantité|cantidad|quantità/),
};

/** A label of the totals block (total, amount due, subtotal, tax), in any of the lexicon's languages; Han characters OCR set apart read together ("合 计"). */
export const summaryLabel = (text: string): boolean => {
  const t = normLabel(text).replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');
  return KW.total.test(t) || KW.grand.test(t) || KW.sub.test(t) || KW.tax.test(t);
};
