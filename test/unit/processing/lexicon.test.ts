import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { termsDue } from '../../../src/service/processing/extract/terms.js';
import { businessForm } from '../../../src/service/processing/extract/vendorDoubts.js';
import type { DocContext } from '../../../src/service/processing/extract/context.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { currencyOf } from '../../../src/service/processing/parse/amounts.js';
import { parseDate } from '../../../src/service/processing/parse/dates.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// The broad label lexicon (2026-11-28): label words, titles, currency signs and codes, country words, month names,
// payment terms and legal forms of languages and countries no tuning set had, written from how invoices are
// labelled there, not from any document. Each page is made by hand (linesFromText: cells two spaces apart) with
// the words the lexicon added, and the fields must be found.

const page = (lines: string[]): PageLayout[] => [{ number: 1, width: 900, height: 1200, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
const read = (lines: string[]) => valuesOf(extractFields(page(lines), EVAL_SCHEMA));
const cells = (...c: string[]) => c.join('      ');

interface Lang {
  lang: string;
  vendor: string;
  title: string;
  number: string;
  date: string;
  due: string;
  sub: string;
  tax: string;
  total: string;
  /** How an amount is printed, with its sign or code. */
  money: (amount: string) => string;
  currency: string;
  /** The dates as printed (day first unless given), and as read when not 2024-03-12 and 2024-04-11. */
  dates?: [string, string];
  iso?: [string, string];
  /** A line of the vendor's small print (a tax id that places the country). */
  extra?: string;
}

const LANGS: Lang[] = [
  { lang: 'pl', vendor: 'Drukarnia Wisła Sp. z o.o.', title: 'FAKTURA VAT', number: 'Numer faktury', date: 'Data wystawienia', due: 'Termin płatności', sub: 'Wartość netto', tax: 'Kwota VAT', total: 'Razem do zapłaty', money: (a) => `${a} zł`, currency: 'PLN', dates: ['12 lutego 2024', '13 czerwca 2024'], iso: ['2024-02-12', '2024-06-13'] },
  { lang: 'cs', vendor: 'Tiskárna Vltava s.r.o.', title: 'FAKTURA - DAŇOVÝ DOKLAD', number: 'Číslo faktury', date: 'Datum vystavení', due: 'Datum splatnosti', sub: 'Základ daně', tax: 'DPH', total: 'Celkem k úhradě', money: (a) => `${a} Kč`, currency: 'CZK' },
  { lang: 'hr', vendor: 'Tiskara Jadran d.o.o.', title: 'RAČUN', number: 'Broj računa', date: 'Datum računa', due: 'Datum dospijeća', sub: 'Osnovica', tax: 'PDV', total: 'Ukupno za plaćanje', money: (a) => `${a} EUR`, currency: 'EUR' },
  { lang: 'sl', vendor: 'Tiskarna Sava d.o.o.', title: 'RAČUN', number: 'Številka računa', date: 'Datum izdaje', due: 'Rok plačila', sub: 'Osnova za DDV', tax: 'DDV', total: 'Za plačilo', money: (a) => `${a} €`, currency: 'EUR' },
  { lang: 'bg', vendor: 'Печатница Искър ЕООД', title: 'ФАКТУРА', number: 'Фактура №', date: 'Дата на издаване', due: 'Падеж', sub: 'Данъчна основа', tax: 'ДДС', total: 'Сума за плащане', money: (a) => `${a} лв.`, currency: 'BGN' },
  { lang: 'ru', vendor: 'ООО Типография Нева', title: 'СЧЕТ', number: 'Номер счета', date: 'Дата счета', due: 'Срок оплаты', sub: 'Сумма без НДС', tax: 'НДС', total: 'Итого к оплате', money: (a) => `${a} руб.`, currency: 'RUB' },
  { lang: 'uk', vendor: 'ТОВ Друкарня Дніпро', title: 'РАХУНОК-ФАКТУРА', number: 'Номер рахунку', date: 'Дата рахунку', due: 'Термін оплати', sub: 'Сума без ПДВ', tax: 'ПДВ', total: 'До сплати', money: (a) => `${a} грн`, currency: 'UAH' },
  { lang: 'el', vendor: 'Τυπογραφείο Αιγαίο Α.Ε.', title: 'ΤΙΜΟΛΟΓΙΟ', number: 'Αριθμός τιμολογίου', date: 'Ημερομηνία έκδοσης', due: 'Ημερομηνία λήξης', sub: 'Καθαρή αξία', tax: 'ΦΠΑ', total: 'Πληρωτέο ποσό', money: (a) => `${a} €`, currency: 'EUR' },
  { lang: 'et', vendor: 'Trükikoda Emajõgi OÜ', title: 'ARVE', number: 'Arve nr', date: 'Arve kuupäev', due: 'Maksetähtaeg', sub: 'Summa km-ta', tax: 'Käibemaks', total: 'Kokku tasuda', money: (a) => `${a} EUR`, currency: 'EUR' },
  { lang: 'lv', vendor: 'Tipogrāfija Daugava SIA', title: 'RĒĶINS', number: 'Rēķina Nr.', date: 'Rēķina datums', due: 'Apmaksas termiņš', sub: 'Summa bez PVN', tax: 'PVN summa', total: 'Kopā apmaksai', money: (a) => `${a} EUR`, currency: 'EUR' },
  { lang: 'lt', vendor: 'UAB Spaustuvė Nemunas', title: 'PVM SĄSKAITA FAKTŪRA', number: 'Sąskaitos Nr.', date: 'Išrašymo data', due: 'Apmokėti iki', sub: 'Suma be PVM', tax: 'PVM suma', total: 'Suma mokėti', money: (a) => `${a} EUR`, currency: 'EUR' },
  { lang: 'is', vendor: 'Prentsmiðjan Hekla ehf.', title: 'REIKNINGUR', number: 'Reikningsnúmer', date: 'Dagsetning', due: 'Eindagi', sub: 'Samtals án VSK', tax: 'VSK', total: 'Til greiðslu', money: (a) => `${a} kr`, currency: 'ISK' },
  { lang: 'tr', vendor: 'Anadolu Matbaa Ltd. Şti.', title: 'FATURA', number: 'Fatura No', date: 'Fatura Tarihi', due: 'Son Ödeme Tarihi', sub: 'Ara Toplam', tax: 'KDV', total: 'Toplam Tutar', money: (a) => `${a} ₺`, currency: 'TRY', dates: ['12 Şubat 2024', '13 Haziran 2024'], iso: ['2024-02-12', '2024-06-13'] },
  { lang: 'id', vendor: 'PT Sinar Abadi Tbk', title: 'FAKTUR', number: 'Nomor Faktur', date: 'Tanggal Faktur', due: 'Jatuh Tempo', sub: 'Dasar Pengenaan Pajak', tax: 'PPN', total: 'Total Tagihan', money: (a) => `Rp ${a}`, currency: 'IDR' },
  { lang: 'tl (PH, month first)', vendor: 'Bayanihan Printing Corp.', title: 'OFFICIAL RECEIPT', number: 'OR No.', date: 'Petsa', due: 'Takdang Petsa', sub: 'Subtotal', tax: 'VAT', total: 'Kabuuang Halaga', money: (a) => `₱${a}`, currency: 'PHP', dates: ['03/12/2024', '04/11/2024'] },
  { lang: 'sw (KE)', vendor: 'Uchapishaji Bora Ltd', title: 'ANKARA YA KODI', number: 'Namba ya ankara', date: 'Tarehe', due: 'Tarehe ya mwisho ya malipo', sub: 'Jumla ndogo', tax: 'VAT', total: 'Jumla kuu', money: (a) => `KSh ${a}`, currency: 'KES' },
  { lang: 'ar (SA)', vendor: 'مطبعة الرياض', title: 'فاتورة ضريبية', number: 'رقم الفاتورة', date: 'تاريخ الفاتورة', due: 'تاريخ الاستحقاق', sub: 'المجموع الفرعي', tax: 'ضريبة القيمة المضافة', total: 'المبلغ المستحق', money: (a) => `SAR ${a}`, currency: 'SAR' },
  { lang: 'hi (IN)', vendor: 'Ganga Printers Pvt. Ltd.', title: 'TAX INVOICE', number: 'बीजक संख्या', date: 'दिनांक', due: 'देय तिथि', sub: 'उप योग', tax: 'जीएसटी', total: 'कुल राशि', money: (a) => `₹${a}`, currency: 'INR' },
  { lang: 'ko', vendor: '한강인쇄 주식회사', title: '세금계산서', number: '계산서 번호', date: '발행일', due: '납부기한', sub: '공급가액', tax: '세액', total: '합계금액', money: (a) => `₩${a}`, currency: 'KRW', dates: ['2024-03-12', '2024-04-11'] },
  { lang: 'th', vendor: 'บริษัท โรงพิมพ์เจ้าพระยา จำกัด', title: 'ใบกำกับภาษี', number: 'เลขที่ใบกำกับภาษี', date: 'วันที่', due: 'วันครบกำหนดชำระ', sub: 'มูลค่าก่อนภาษี', tax: 'ภาษีมูลค่าเพิ่ม', total: 'จำนวนเงินรวม', money: (a) => `${a} บาท ฿`, currency: 'THB' },
  { lang: 'zh', vendor: '长江印刷有限公司', title: '增值税普通发票', number: '发票编号', date: '开票日期', due: '付款期限', sub: '不含税金额', tax: '增值税', total: '价税合计', money: (a) => `RMB ${a}`, currency: 'CNY', dates: ['2024-03-12', '2024-04-11'] },
  { lang: 'pt-BR', vendor: 'Gráfica Paraná Ltda', title: 'NOTA FISCAL', number: 'Nota Fiscal Nº', date: 'Data de emissão', due: 'Vencimento', sub: 'Valor dos produtos', tax: 'ICMS', total: 'Valor total da nota', money: (a) => `R$ ${a}`, currency: 'BRL' },
  { lang: 'es-AR', vendor: 'Imprenta del Plata S.R.L.', title: 'FACTURA A', number: 'Factura Nro.', date: 'Fecha de emisión', due: 'Vencimiento', sub: 'Subtotal', tax: 'IVA 21%', total: 'Importe a pagar', money: (a) => `$ ${a}`, currency: 'ARS', extra: 'CUIT: 30-71234567-8' },
];

const amounts = { sub: '1.000,00', tax: '200,00', total: '1.200,00' };

describe('the broad lexicon: a page in each language, its fields found', () => {
  it.each(LANGS)('$lang', (l) => {
    const [issued, due] = l.dates ?? ['12.03.2024', '11.04.2024'];
    const dot = l.currency === 'PHP' || l.currency === 'KES' || l.currency === 'SAR' || l.currency === 'INR' || l.currency === 'KRW' || l.currency === 'THB' || l.currency === 'CNY';
    const fig = (a: string) => (dot ? a.replace(/\./g, '#').replace(/,/g, '.').replace(/#/g, ',') : a);
    const lines = [l.vendor, l.extra ?? 'Kestrel Road 12, 100 Lake City', l.title, cells(`${l.number}:`, 'A-2024/117'), cells(`${l.date}:`, issued), cells(`${l.due}:`, due),
      cells(`${l.sub}:`, l.money(fig(amounts.sub))), cells(`${l.tax}:`, l.money(fig(amounts.tax))), cells(`${l.total}:`, l.money(fig(amounts.total)))];
    const v = read(lines);
    expect({ number: v['Invoice Number'], date: v['Invoice Date'], due: v['Due Date'], sub: v['Subtotal'], tax: v['Tax'], total: v['Total'], currency: v['Currency'] })
      .toEqual({ number: 'A-2024/117', date: l.iso?.[0] ?? '2024-03-12', due: l.iso?.[1] ?? '2024-04-11', sub: 1000, tax: 200, total: 1200, currency: l.currency });
  });
});

describe('a date label of a delivery or a sale is no issue date', () => {
  it.each([
    ['Дата доставки', 'Дата'], ['Data sprzedaży', 'Data wystawienia'], ['Teslim Tarihi', 'Tarih'], ['Tanggal Pengiriman', 'Tanggal'], ['Ημερομηνία παράδοσης', 'Ημερομηνία'],
  ])('%s, then %s', (other, label) => {
    const v = read(['Kestrel Print', 'Kestrel Road 12', cells(`${other}:`, '01.03.2024'), cells(`${label}:`, '12.03.2024'), cells('Total:', '1.200,00 EUR')]);
    expect(v['Invoice Date']).toBe('2024-03-12');
  });
});

describe('titles', () => {
  // No amount on the page: the title alone makes it an invoice, a receipt, a credit note or a delivery note.
  it.each([
    ['RAČUN', 'invoice'], ['ФАКТУРА', 'invoice'], ['СЧЁТ-ФАКТУРА', 'invoice'], ['ΤΙΜΟΛΟΓΙΟ', 'invoice'], ['ARVE', 'invoice'], ['RĒĶINS', 'invoice'], ['FAKTUR PAJAK', 'invoice'],
    ['세금계산서', 'invoice'], ['فاتورة ضريبية', 'invoice'], ['增值税普通发票', 'invoice'], ['ใบแจ้งหนี้', 'invoice'],
    ['PARAGON FISKALNY', 'receipt'], ['ÚČTENKA', 'receipt'], ['КАСОВ БОН', 'receipt'], ['ΑΠΟΔΕΙΞΗ', 'receipt'], ['KWITANSI', 'receipt'], ['NYUGTA', 'receipt'], ['영수증', 'receipt'],
    ['FAKTURA KORYGUJĄCA', 'credit_note'], ['DOBROPIS', 'credit_note'], ['ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ', 'credit_note'], ['KREDITREIKNINGUR', 'credit_note'], ['ใบลดหนี้', 'credit_note'],
    ['OTPREMNICA', 'delivery_note'], ['SEVK İRSALİYESİ', 'delivery_note'], ['SURAT JALAN', 'delivery_note'], ['DODACÍ LIST', 'delivery_note'],
  ])('%s is %s', (title, type) => {
    const doc = page(['Kestrel Print', title, 'Kestrel Road 12', cells('Widget', '2 pcs'), cells('Gadget', '1 pcs')]);
    expect(classifyDocument(doc).type).toBe(type);
  });

  it.each(['PONUDA', 'CENOVÁ NABÍDKA', 'FİYAT TEKLİFİ', 'PENAWARAN HARGA', '견적서', 'PROFORMA FAKTURA'])('%s is a quote, whatever its totals', (title) => {
    const doc = page(['Kestrel Print', title, 'Kestrel Road 12', cells('Widget', '2', '10,00', '20,00'), cells('Gadget', '1', '30,00', '30,00'), 'Total: 50,00']);
    expect(classifyDocument(doc).type).toBe('other');
  });
});

describe('currency signs, codes and the countries that place them', () => {
  it.each([
    ['Jumlah: Rp 150.000', 'IDR'], ['Total ₱1,250.00', 'PHP'], ['Total PHP 1,250.00', 'PHP'], ['Total KSh 2,500.00', 'KES'], ['Total ₦25,000.00', 'NGN'],
    ['Общо: 120,00 лв.', 'BGN'], ['Итого: 1 500,00 руб.', 'RUB'], ['Разом: 1 500,00 грн', 'UAH'], ['الإجمالي 115.00 ر.س', 'SAR'], ['Total: 120.00 SAR', 'SAR'],
['Total S/ 120.00', 'PEN'], ['Total: 1.250,00 MAD', 'MAD'], ['Total: 50.000 COP', 'COP'], ['Total EGP 450.00', 'EGP'], ['Total NT$1,200', 'TWD'],
  ])('%s', (line, code) => {
    expect(currencyOf(line)).toBe(code);
  });

  it('not a word or an abbreviation that spells a code: "PHP 8", "Hong Kong SAR", a "PEN", "S/B"', () => {
    expect(currencyOf('PHP 8 upgrade, 10 hours')).toBeNull();
    expect(currencyOf('Wan Chai, Hong Kong SAR')).toBeNull();
    expect(currencyOf('BALL PEN 2')).toBeNull();
    expect(currencyOf('KEDAI ABC S/B')).toBeNull();
  });

  it.each([
    [['Nordlys Trykk AS', 'Org.nr. 912 345 678 MVA', 'Å betale: 1 250,00 kr'], 'NOK'],
    [['Københavns Tryk ApS', 'CVR 12345678', 'I alt: 1.250,00 kr'], 'DKK'],
    [['Imprenta Azteca S.A. de C.V.', 'RFC: IAZ010101AB1', 'Total: $1,160.00'], 'MXN'],
    [['Sydney Print Pty Ltd', 'ABN 12 345 678 901', 'Total: $1,100.00'], 'AUD'],
  ])('%j', (lines, code) => {
    expect(read(lines)['Currency']).toBe(code);
  });
});

describe('month names, payment terms, legal forms', () => {
  it.each([
    ['15 lutego 2024', '2024-02-15'], ['15. března 2024', '2024-03-15'], ['15 марта 2024', '2024-03-15'], ['15 Haziran 2024', '2024-06-15'], ['12 Maret 2024', '2024-03-12'],
    ['2024. március 15.', '2024-03-15'], ['2024 m. kovo 15 d.', '2024-03-15'], ['2024. gada 15. marts', '2024-03-15'], ['2024년 3월 12일', '2024-03-12'],
    ['Ngày 12 tháng 03 năm 2024', '2024-03-12'], ['Ngay (Date) 02 thang (month) 03 nam (year) 2021', '2021-03-02'], ['12 มีนาคม 2567', '2024-03-12'], ['12 มี.ค. 2567', '2024-03-12'],
    ['12/03/2567', '2024-03-12'], ['3 Μαΐου 2024', '2024-05-03'], ['15. maaliskuuta 2024', '2024-03-15'], ['20 grudnia 2023', '2023-12-20'], ['5 октомври 2024', '2024-10-05'], ['7 Ağustos 2024', '2024-08-07'],
  ])('%s', (text, iso) => {
    expect(parseDate(text, 'DMY')).toBe(iso);
  });

  it.each([
    'Payment: 30 days from invoice date', 'Betalingsbetingelser: netto 30 dage', 'Betalingsvilkår: 30 dager netto', 'Maksuehdot: 30 pv netto', 'Płatne w ciągu 30 dni',
    'Plaćanje u roku od 30 dana', 'Plata în termen de 30 de zile', 'Fizetés 30 napon belül', 'Ödeme: 30 gün vadeli', 'Pembayaran dalam 30 hari', 'Pagamento 30 gg d.f.',
    'Оплата в течение 30 банковских дней', 'Πληρωμή εντός 30 ημερών', '请于30天内付款', '30일 이내 지급', 'ชำระภายใน 30 วัน', 'Malipo ndani ya siku 30',
  ])('%s: due 30 days after the issue', (line) => {
    const ctx = { lines: linesFromText(line, 1) } as unknown as DocContext;
    expect(termsDue(ctx, '2024-03-01')).toEqual(['2024-03-31']);
  });

  it.each(['Mikro d.o.o.', 'ООО Ромашка', 'PT Maju Jaya Tbk', 'Delta FZE', 'Anadolu Matbaa A.Ş.', 'Helsinki Oyj', 'Alpha Α.Ε.', 'Nord Tryk A/S', 'Gráfica Paraná Ltda', 'Печатница Искър ЕООД', 'Budapest Nyomda Zrt.'])(
    '%s carries a legal form', (name) => {
      expect(businessForm(name)).toBe(true);
    });
});
