import { distance as levenshtein } from 'fastest-levenshtein';
import type { Cell, Line, PageLayout } from '../layout/model.js';
import type { DocContext } from './context.js';
import type { Candidate } from './candidates.js';
import { normLabel } from './context.js';
import { BUYER, ROLES } from './roles.js';

// Without a vendor label the issuer is the name at the head of the first page:
// the largest, top-most line that is not a document title, a label or an address.

const TITLE = /^(tax )?(invoice|receipt|bill|rechnung|facture|factura|factuur|fattura|quittung|beleg|credit note|gutschrift|請求書|发票|ใบกำกับภาษี|statement|proforma)(?![\p{L}\p{N}])/iu;
const COMPANY = /株式会社|有限会社|合同会社|\b(gmbh|ag|ltd|limited|llc|pllc|inc|corp|co\.|company|s\.?a\.?s?|s\.?l|s\.?r\.?l|b\.?v|plc|kg|oy|ab|pty|sarl|e\.k|ug|group|services|solutions|trading|studio|consulting|partners|& co)\b|\s(?:ky|tmi)\.?$/i;
// The buyer's block (its headings: BUYER, roles.ts): the names beside and under them are not the issuer.
/** A line that names the buyer: its block's heading, or a Japanese addressee ("丸山建設株式会社 御中"), whose block heads nothing. */
export const ADDRESSEE = new RegExp(`${BUYER.source}|御中`, 'i');
/** The cell that ends a Japanese addressee OCR split in cells ("株式会社サ | 亏商事御中"), or -1: none up to it names the seller. */
export const addresseeEnd = (line: Line): number => line.cells.findIndex((c) => /御中|様\s*$/.test(c.text));
// A receipt's closing words, printed at its head as often as at its foot ("Thank You. Please come again.").
const CLOSING = /^(thank(s| you)|please\b|terima kasih|goods sold|danke|merci|gracias|grazie|bedankt)/i;
// A line that is only the document's title ("TAX INVOICE", "請 求 書", "CREDIT NOTE") names no one; a Baltic one too
// ("ARVE", "RĒĶINS", "PVM SĄSKAITA FAKTŪRA"), a South Slavic one ("RAČUN", "RAČUN - R1"), a Polish or Czech "FAKTURA".
const TITLE_ONLY = /^(tax |commercial |pro ?forma |official |simplified )?(invoice|receipt|bill|cash (sale|bill)|credit note|debit note|statement|quotation|rechnung|gutschrift|quittung|facture|avoir|factura|factuur|fattura|ricevuta|recibo( del? (viaje|pago|compra|caja|venta))?|order (details|summary|receipt|confirmation)|resit( rasmi)?|szamla|hoa don( gia tri gia tang)?|arve|rekins|(pvm )?saskaita( faktura)?|racun( r ?1)?|faktura( vat)?|請求書|領収書|納品書|見積書|発票|发票|ใบกำกับภาษี)( (no|nr|n°|#))?$/;
// A field's label and its value ("請求日：2019年6月18日", "Company No : SA").
const LABELLED = /^[\p{L}\s._#-]{2,20}[:：]/u;
// "丸山建設株式会社 御中", "山田太郎 様": the addressee of a Japanese invoice, never its issuer; words of the bill
// itself (請求: a title, an amount billed, "ご請求申し上げます"; a registration number; the bank to pay); and a legal form
// alone ("株式会社", "SDN BHD") names no one.
// An invoice's series and number ("Serija RH Nr. 012216", "Série A n° 0042", "Serie B Nr. 77") names no one.
const SERIES_NO = /^(serija|series|serie|série|sērija)\s+\S{1,5}\s+(nr|no|n°|n)\.?\s*:?\s*\S*\d/iu;
const notAName = (text: string) => /御中|様\s*$|請求|登[録绿]番号|振[込达]先/.test(text) || SERIES_NO.test(text.trim()) || LABELLED.test(text.trim()) || CLOSING.test(text.trim()) || /[:：]$/.test(text.trim()) || /^\S*(\d\S*){5}$/.test(text.trim()) || /^[\s\p{P}]*(株式会社|有限会社|合同会社|sdn\.? ?bhd\.?|ltd\.?|gmbh|s\.?a\.?|inc\.?|llc)[\s\p{P}]*$/iu.test(text.trim());
// A copy's mark ("(ORIGINAL FOR RECIPIENT)", "DUPLICATE FOR TRANSPORTER", "*** CUSTOMER COPY ***") or any text
// wholly in brackets (a branch, a note) names no one by itself. In Bulgarian, Russian, Ukrainian and Greek too ("ОРИГИНАЛ").
const COPY_MARK = /^[\s*\p{P}]*(?:(?:original|duplicate|triplicate|quadruplicate|оригинал|оригінал|копие|копия|копія|дубликат|дублікат|πρωτότυπο|πρωτοτυπο|αντίγραφο|αντιγραφο)(?: copy)?(?: for [\p{L} ]{3,20})?|(?:customer|merchant|cardholder|store|office|buyer|seller|extra)'?s? copy)[\s*\p{P}]*$/iu;
const bracketed = (text: string) => /^\s*[(\[][^()[\]]*[)\]]\s*$/.test(text);
// The title of an electronic invoice's printout ("NF-e", "DANFE", "e-Fatura", "e-Arşiv Fatura", "Fattura elettronica",
// "e-Invoice", "Factura electrónica", "CFDI", El Salvador's "Documento Tributario Electrónico" and "Comprobante de Crédito Fiscal"), on the words of a normLabel'd text: the kind of document, not its issuer.
const E_TITLE = /^(?:(?:e|el|e arsiv|earsiv) )?(?:invoice|fatura|fattura|factura|facture|rechnung|faktura|factuur|nota fiscal|recibo)(?: (?:elettronica|electronica|eletronica|electronique|elektronik|elektronisch|electronic|digital|pro ?forma|de servicos|de consumidor))*(?: (?:no|nr|n°|#))?$|^(?:nf c?e|nfe|nfce|nfs e|danfe|cfdi|documento auxiliar da nota fiscal eletronica|documento tributario electronico|comprobante de credito fiscal)$/;
// A row of a tax registration ("Identificativo fiscale ai fini IVA: IT…", "Codice fiscale", "CNPJ", "USt-IdNr. DE…", "VKN"),
// also as OCR garbles its label ("Identificativ fscale ai fnVA:I1216…"); a normLabel'd text.
const TAX_ID_ROW = /^(?:identificativ|codice fiscale|cod\.? ?fisc|partita iva|p\. ?iva\b|c\.f\.|cnpj|cpf\b|inscricao estadual|vkn\b|tckn\b|vergi (?:dairesi|no|numarasi)|ust-?id|ust\.? ?id|steuer ?-?nr|st\.? ?-?nr\.|nif\b|cif\b|rfc\b|tax id|vat (?:no|number|reg)|uid\b|uid-?nr)/;
// The owner's line of a German shop ("Inh. Aylin Demir e.K.", "Inhaberin Dr. …"): the shop's name is the line beside it.
const OWNER_LINE = /^(?:inh\.|inhaber(?:in)?\b)/;
// A branch's number alone ("STORE #2022", "Filiale Nr. 12"): which shop of a chain, not its name.
const BRANCH_NO = /^(?:store|shop|branch|outlet|filiale|tienda|negozio|loja|magasin)\s*(?:#|no\.?|nr\.?|n°|number)\s*\d+$/;
// A contact line: a web address and a telephone number ("brightwellenergy.co.uk | 0330 123 4567").
const WEB = /www\.|https?:|(?<![\p{L}\p{N}.])[\p{L}\p{N}-]{2,}\.(?:com|net|org|info|biz|eu|co\.uk|com\.\p{L}{2}|co|uk|de|it|fr|es|nl|be|at|ch|pt|br|tr|pl|cz|my|sg|au|ca|us)(?![\p{L}\p{N}])/iu;
const contactLine = (text: string) => WEB.test(text) && (text.match(/\d/g) ?? []).length >= 6;
// A fax machine's transmission line at the head of a faxed page ("07/10/2025 09:40 FROM: +267 589 4725 ACME (PTY) TO: 3753727
// P.1/1"): the sending machine's number and its stored name, not the document's issuer, whose own heading follows.
// OCR of a 1-bit fax garbles it ("FR0M: +4９ 89 5512. 330. :14/03/2025 8:39 paGe 1/1"): an O read as a zero, a full-width
// digit, stops inside the number.
const FAX_HEADER = /(?<![\p{L}])fr[o0]m\s*[:;.]?\s*\+?\s?\p{Nd}{2,}[\p{Nd} ().-]{4,}.{0,60}(?:(?<![\p{L}])t'?o\s*[:;.]|(?<![\p{L}])p(?:age|g)?\.?\s*\d{1,2}\s*[/!1l]|$)/iu;
// A file's name ("IMG_7765.HEIC", "Scan 2024-11-03.pdf"): a phone viewer's or a scanner's title bar over the page, not its issuer.
const FILE_NAME = /^[\p{L}\p{N} _-]*\p{N}[\p{L}\p{N} _-]*\.(?:heic|heif|jpe?g|png|tiff?|pdf|gif|webp|bmp|dng)$/iu;
// The heading of the buyer's box and nothing else ("Cessionario/committente (cliente)", "SAYIN", "Bill to"), however OCR
// joined its words ("Cessionariolcommittente"): a heading names no one.
const BUYER_HEADING = new RegExp(`^(?:(?:${BUYER.source}|kunde|rechnungsempfanger|sayin|sayın|alici|alıcı|remetente)[\\s/|()l.:-]*)+$`, 'iu');
/** A sentence ("RECEBEMOS DE … OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL …"): longer than any business's name. */
const sentence = (text: string) => text.trim().split(/\s+/).length > 12;
const wordsOf = (text: string) => normLabel(text).replace(/[^\p{L}\p{N}° ]+/gu, ' ').replace(/\s+/g, ' ').trim();
// A fiscal till's banner ("*** START OF LEGAL RECEIPT ***", "e-RECEIPT", "FISCAL RECEIPT"), on the words of a normLabel'd
// text: the kind of slip the tax office's device prints, not its issuer.
const FISCAL_BANNER = /^(?:(?:start|end|beginning) of )?(?:(?:legal|fiscal|electronic|e|tax) )+receipt$/;
// A state's heading over the form it prescribes ("Government of the People's Republic of Bangladesh" over a Mushak-6.3,
// OCR's "Govemment"; "National Board of Revenue"), and a Chinese e-invoice's title ("電子發票證明聯", its last characters
// garbled by OCR): the form, not its issuer.
const FORM_HEADING = /^(?:the )?gov[a-z]{4,7} of (?:the )?\p{L}|^national board of revenue$/iu;
const ZH_E_INVOICE = /^(?:電子|电子)?(?:發票|发票)/;
const formHeading = (text: string) => FORM_HEADING.test(text.trim()) || ZH_E_INVOICE.test(text.replace(/\s+/g, ''));
// A Cyrillic or Greek document's title, alone or with its number ("СЧЁТ-ФАКТУРА № 2818", "РАХУНОК-ФАКТУРА № 660", "РАЧУН бр.
// 2024-0012", "ΤΙΜΟΛΟΓΙΟ ΠΩΛΗΣΗΣ"), on a normLabel'd text (ё and й lose their marks there): the kind of document, not its issuer.
const TITLE_CYR_EL = /^(?:сч[её]т(?:[- ]фактура)?|рахунок(?:[- ]фактура)?|фактура|рачун|кредитно известие|фискален бон|касов бон|кассовыи чек|видаткова накладна|τιμολογιο(?: πωλησης| παροχης υπηρεσιων)?|πιστωτικο τιμολογιο|αποδειξη(?: λιανικης(?: πωλησης)?)?)(?:\s*(?:№|n°|no\.?|nr\.?|бр\.?|αρ\.?)?\s*[\p{L}\p{N}/.-]*\d[\p{L}\p{N}/.-]*)?$/u;
// A town with its postcode alone ("Portland, OR 97205", "Toronto ON M5V 2T6", "Bristol BS1 4DJ", "Brisbane QLD 4000"): an address
// line, printed beside the title on a design tool's banner.
const TOWN_POSTCODE = /^\p{L}[\p{L} .'-]*,?\s+(?:[A-Z]{2}\s+\d{5}(?:-\d{4})?|[A-Z]{2}\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d|(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/u;
// A title OCR read with its letters spaced out or split ("I N V O I C E", "IN VOICE"): the kind of document.
const SPACED_TITLE = /^(?:invoice|receipt|quote|quotation|estimate|rechnung|quittung|angebot|facture|devis|factura|presupuesto|recibo|fattura|factuur)$/;
const spacedTitle = (text: string) => { const w = wordsOf(text); return /\s/.test(w) && SPACED_TITLE.test(w.replace(/\s+/g, '')); };
export const namesNoOne = (text: string): boolean => COPY_MARK.test(text.trim()) || TITLE_CYR_EL.test(normLabel(text)) || TOWN_POSTCODE.test(text.trim()) || spacedTitle(text) || FISCAL_BANNER.test(wordsOf(text)) || formHeading(text) || bracketed(text) || notAName(text) || TITLE_ONLY.test(normLabel(text).replace(/[^\p{L}\p{N}° ]+/gu, ' ').replace(/(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu, '').replace(/\s+/g, ' ').trim())
  || E_TITLE.test(wordsOf(text)) || BOOKING_NOTE.test(normLabel(text)) || TAX_ID_ROW.test(normLabel(text)) || OWNER_LINE.test(normLabel(text)) || BRANCH_NO.test(normLabel(text)) || contactLine(text) || FAX_HEADER.test(text) || FILE_NAME.test(text.trim()) || BUYER_HEADING.test(normLabel(text)) || sentence(text);
// A note an accountant wrote beside a receipt: the project or cost centre it is booked to ("Projekt 42 / Reise", "Kst 4711").
const BOOKING_NOTE = /^(?:proj(?:ekt|ect)?|kst|kostenstelle|cost cent(?:re|er))\.?\s*(?:no\.?|nr\.?|#)?\s*\d+(?![\p{L}\d])/u;
// A Japanese address: prefecture then city or ward, or a block number.
export const JA_ADDRESS = /[都道府県]\S{0,6}?[市区町村郡]|丁目|番地/;
/**
 * Legal forms of businesses around the world, beyond the ones each list below spells itself (the broad lexicon,
 * 2026-11-28), in a normLabel'd text (lower case, Latin marks dropped: Turkey's "A.Ş." is "a.s.", its "Şti" "sti"):
 * Poland's sp. z o.o. and sp. j./k./p., Mexico's S.A. de C.V. and S. de R.L., Czechia's and Slovakia's s.r.o., spol. s r.o.
 * and a.s., the former Yugoslavia's d.o.o. and d.d., Denmark's and Norway's A/S, Finland's Oyj, Hungary's Kft./Zrt./Nyrt.,
 * Indonesia's Tbk and its "PT" before the name, India's Pvt. Ltd., Singapore's Pte. Ltd., the
 * Gulf's FZE, FZCO, FZ-LLC and W.L.L., JSC, Russia's ООО/ОАО/ЗАО/ПАО, Bulgaria's ЕООД/ООД, Ukraine's ТОВ and ФОП,
 * Greece's Α.Ε./Ε.Π.Ε./Ι.Κ.Ε., Turkey's Ltd. Şti., Lithuania's UAB, Iceland's ehf., France's SASU and EURL, Belgium's
 * BVBA/CVBA, the Netherlands' VOF, Portugal's Lda., China's 有限公司, Thailand's บริษัท ... จำกัด. One list: the vendor
 * rules (LEGAL_NAME), the ranker's COMPANY_FORM and vendorDoubts' MORE_FORMS all read it.
 */
export const WORLD_FORMS = String.raw`(?<![\p{L}\p{N}])(?:sp\. ?z ?o\. ?o\.?|sp\. ?[jkp]\.|s\. ?a\. ?de ?c\. ?v\.?|s\. de r\. ?l\.|s\. ?r\. ?o\.?|spol\. s ?r\. ?o\.?|a\. ?s\.|d\. ?o\. ?o\.?|d\. ?d\.|a\/s|oyj|kft\.?|zrt\.?|nyrt\.?|tbk\.?|^pt\.? (?=\p{L})|p\. ?c\.|pvt\.? ltd\.?|pte\.? ltd\.?|fze|fzco|fz-llc|w\. ?l\. ?l\.?|jsc|ооо|оао|зао|пао|еоод|оод|тов|фоп|α\. ?ε\.|ε\. ?π\. ?ε\.|ι\. ?κ\. ?ε\.|ltd\.? sti\.?|uab|ehf\.?|sasu|eurl|bvba|cvba|vof|lda\.?|有限公司|股份有限公司|บริษัท|จำกัด)(?![\p{L}\p{N}])`;
/** Words that end a business's name (a legal form, a kind of shop), in a normLabel'd text. */
const OWN_FORMS = /\b(sdn\.? ?bhd|bhd|s\/b|sdn|enterprise|enterprises|trading|restaurant|restoran|store|stores|mart|market|supermarket|shop|cafe|café|kedai|hardware|stationery|bakery|pharmacy|farmacia|company|co\.|gmbh|ag|ltd|limited|llc|llp|pllc|inc|corp|sarl|sas|s\.a\.?|s\.l\.?|s\.n\.c\.?|associes|associés|associates|associati|asociados|b\.v\.?|plc|pty|srl|spa|kk|株式会社|有限会社|hotel|motors|services|solutions|industries|holdings|group|centre|center|station|bookstore|book)\b|株式会社|有限会社|合同会社|合資会社|合名会社|\(株\)|（株）/;
export const LEGAL_NAME = new RegExp(`${OWN_FORMS.source}|${WORLD_FORMS}`, 'u');
// What may follow a legal form that ends a name: a stop, a bracketed part ("(M)", "(KL)"), more forms ("Sdn Bhd").
const LEGAL_NAMES = new RegExp(LEGAL_NAME.source, 'gu');
const FORM_ENDS = /^[.\s]*(?:\([^)]*\)[.\s]*)*(?:[\p{L}.]{1,5}[.\s]*){0,2}$/u;
/** Whether a line's last legal form or kind of business ends it ("Harbour & Finch LLP"; not "Aust Services, M48"). */
export function formEnds(name: string): boolean {
  const t = normLabel(name);
  const last = [...t.matchAll(LEGAL_NAMES)].at(-1);
  return !!last && FORM_ENDS.test(t.slice(last.index! + last[0].length));
}
/** Two to four words of letters and nothing else: how a person's name looks ("James Finch", "LIM AH KOW"). */
const PERSON_LIKE = /^\p{L}[\p{L}'.-]*(\s+\p{L}[\p{L}'.-]*){1,3}$/u;

// A company's registration small print ("SAS au capital de 250 000 € · SIRET ...", "Registered in
// England No 1234567", "Amtsgericht München HRB 1234", "KvK 1234", "Registro Imprese Torino").
const LEGAL_PRINT = /capital|siret|siren|\brcs\b|handelsregister|\bhrb?\b|amtsgericht|\bkvk\b|registered (in|office)|company (no|number|registration)|registro (mercantil|imprese)/i;

/**
 * The issuer named at the foot of a bill with its registration small print: the name that opens
 * that line ("Transports Moreau SAS · SAS au capital ...") or stands just above it, a business's
 * full name. A utility bill puts the customer's address window at the top and its own name there.
 */
export function footerIssuer(ctx: DocContext): string | undefined {
  const page = ctx.pages[0];
  if (!page) return undefined;
  const lines = page.lines;
  // The foot of what is printed (a plain text's page is as tall as its lines, a PDF's is A4).
  const bottom = lines.reduce((max, l) => Math.max(max, l.y1), 0);
  for (let i = lines.length - 1; i > 0 && lines[i]!.y0 >= bottom * 0.6; i--) {
    const line = lines[i]!;
    if (!LEGAL_PRINT.test(line.text)) continue;
    for (const c of [line.text.split(/\s[·|•–]\s|,\s/)[0]!, lines[i - 1]!.text].map((t) => t.trim())) {
      const legal = LEGAL_NAME.exec(normLabel(c));
      if (legal && legal.index > 0 && c.split(/\s+/).length <= 6 && !LEGAL_PRINT.test(c) && !namesNoOne(c)) return c;
    }
  }
  return undefined;
}

/**
 * An owner's or contact's name printed over the company's ("James Finch" / "Harbour & Finch LLP",
 * "LIM AH KOW" / "AEON MAJU TRADING"): when the vendor read is such a name (alone, or joined with
 * the line below) and the line just below it in the same column is a business's full name, that
 * name. Not when the line below only completes the name ("POPULAR BOOK" / "CO. (M) SDN BHD").
 */
export function companyUnderName(ctx: DocContext, vendor: string): string | undefined {
  const lines = ctx.pages[0]?.lines.slice(0, 12) ?? [];
  const read = normLabel(vendor);
  for (let i = 0; i + 1 < lines.length; i++) {
    for (const cell of lines[i].cells) {
      const own = normLabel(cell.text.trim());
      if (own.length < 3 || !read.startsWith(own)) continue;
      if (!PERSON_LIKE.test(cell.text.trim()) || LEGAL_NAME.test(own) || SALUTATION.test(cell.text.trim())) return undefined;
      const next = lines[i + 1];
      if (next.y0 - lines[i].y1 > (lines[i].y1 - lines[i].y0) * 1.5) return undefined;
      const below = next.cells.find((c) => c.x0 < cell.x1 && c.x1 > cell.x0);
      const name = below?.text.trim() ?? '';
      const legal = LEGAL_NAME.exec(normLabel(name));
      // Not a web address ("brightwellenergy.co.uk": its ".co" is no legal form), nor a place whose name holds a kind of
      // business before more of the address ("Unit 4, Market Arcade, Galway", a motorway's "Aust Services, M48"): the
      // form ends a business's name, but for a bracketed part or a stop.
      if (!legal || legal.index === 0 || name.split(/\s+/).length > 6 || namesNoOne(name) || WEB.test(name) || !formEnds(name)) return undefined;
      if (read !== own && read !== normLabel(`${cell.text.trim()} ${name}`)) return undefined;
      return name;
    }
  }
  return undefined;
}

/**
 * A Chinese shop name at the head ("大安文具") that a line further down prints in full with its legal form
 * and its branch ("大安文具有限公司大安店", a Taiwanese e-invoice slip's seller): the name up to the legal form.
 */
export function fullChineseName(ctx: DocContext, vendor: string): string | undefined {
  const short = vendor.replace(/\s+/g, '');
  if (!/^\p{Script=Han}{2,8}$/u.test(short) || /公司/.test(short)) return undefined;
  const full = new RegExp(`^${short}\\p{Script=Han}{0,8}?(?:股份有限公司|有限公司)`, 'u');
  for (const line of ctx.pages[0]?.lines ?? []) {
    const m = full.exec(line.text.replace(/\s+/g, ''));
    if (m) return m[0];
  }
  return undefined;
}
const ALL_LABELS = ROLES.flatMap((r) => r.labels).filter((l) => l.length > 3);

// Long words that head the buyer's block, which OCR may misread by a letter or two ("Rechnangsenpfanger", "Cessjonario").
const BUYER_WORDS = ['rechnungsempfanger', 'rechnungsadresse', 'cessionario', 'committente', 'destinatario', 'destinataire', 'factuuradres', 'fakturaadress', 'adquirente', 'customer'];
const buyerWordMisread = (text: string) => {
  const t = normLabel(text).replace(/[^a-z]/g, '');
  return t.length >= 8 && BUYER_WORDS.some((w) => Math.abs(w.length - t.length) <= 2 && levenshtein(w, t) <= Math.floor(w.length / 6));
};

/** A person addressed by title ("Frau Miriam Yilmaz", "Mr Rajesh Patel"): the buyer, a guest; what stands under them is theirs. */
export const SALUTATION = /^(mr|mrs|ms|miss|frau|herrn?|mme|madame|monsieur|mevr|dhr|sig\.?(ra)?|sr\.?(a)?|señora?)\.?\s+\p{Lu}/iu;

// A car on a repair order: a model year, make and model with its engine's size ("2020 Subaru Outback Premium 2.5L"), its
// vehicle identification number, a licence plate after its state ("Lic: CA 2NUV698"), a German Kennzeichen or Fahrgestell-Nr.
const VEHICLE = new RegExp([
  /\b(?:19[5-9]\d|20[0-4]\d)\s+\p{Lu}[\p{L}-]+\s+\p{Lu}[\p{L}\d-]*\b.*?\b\d\.\d\s?(?:L|T|TSI|TDI|d|i)?\b/u.source,
  /\bVIN\b\s*[:#]?\s*(?=[A-Z]*\d)[A-HJ-NPR-Z0-9]{11,17}\b/.source,
  /\bLic(?:ense)?\.?\s*[:#]?\s*[A-Z]{2}\s+(?=[A-Z]*\d)[A-Z0-9]{5,8}\b/.source,
  /\b(?:[Aa]mtl\.\s*)?Kennzeichen\b|\bFahrgestell/.source,
].join('|'), 'u');

/**
 * The buyer's block of a page: whether a line (or the part of it from x0 to x1) stands under a "Bill to" /
 * "Kunde" heading, or a person addressed by title, in its column. The heading is the cell that says so, not its line: the vendor's
 * column may share the line.
 */
export function buyerBlock(page: PageLayout): (at: Line, x0: number, x1: number) => boolean {
  const heads = page.lines.flatMap((l) => l.cells.filter((c) => BUYER.test(normLabel(c.text)) || BUYER_HEADING.test(normLabel(c.text)) || buyerWordMisread(c.text) || SALUTATION.test(c.text.trim())).map((c) => ({ y0: l.y0, y1: l.y1, x0: c.x0, x1: c.x1 })));
  // A garage's repair order prints its customer's name beside the car it repaired: that name's cell, and what stands
  // under it, is the customer's block (its own line counts, as if a heading stood just above it).
  for (const l of page.lines) {
    const first = l.cells[0];
    if (first && !VEHICLE.test(first.text) && l.cells.slice(1).some((c) => VEHICLE.test(c.text))) heads.push({ y0: l.y0 - 0.5, y1: l.y1, x0: first.x0, x1: first.x1 });
  }
  return (at, x0, x1) => heads.some((b) => at.y0 > b.y0 && at.y0 - b.y1 < (b.y1 - b.y0) * 6 && x0 < b.x1 && x1 > b.x0 - 20);
}

// A Chinese VAT invoice (发票) names both parties in boxes headed 购买方 (buyer) and 销售方 (seller), each
// with its name after 名称 ("名 称：", which OCR may cut into cells of a character each).
const SELLER_BOX = /销售方|销货方|卖方/;
const NAME_LABEL = /名\s*称\s*[:：]?\s*$/;

/**
 * The name in the seller's box: a Chinese VAT invoice's (after 名称 in its 销售方 box), or a box headed by the seller's
 * role, as an Italian electronic invoice ("Cedente/prestatore (fornitore)") or a Brazilian DANFE ("IDENTIFICAÇÃO DO
 * EMITENTE") print it beside the buyer's.
 */
export function sellerBoxName(ctx: DocContext): Candidate | null {
  return chineseSellerName(ctx) ?? headedSellerName(ctx);
}

// The heading of the seller's box: the seller by its role in an Italian electronic invoice (cedente/prestatore), a
// Brazilian one's issuer (emitente), a Hungarian számla's seller (eladó, szállító; PaddleOCR reads the ó as a 6) or a
// Romanian factura's supplier (furnizor, vânzător), a Bulgarian, Ukrainian, Serbian or Russian one's (Доставчик, Постачальник,
// Продавац, Поставщик), printed over two columns beside the buyer's heading, or a Brazilian
// service invoice's (NFS-e) provider ("PRESTADOR DE SERVIÇOS"; the city hall heading it is only the form's issuer); on
// a normLabel'd cell.
const SELLER_HEAD = /^(?:cedente|prestatore|prestador d[eo]s? servicos?\b|identificacao do emitente|dados do emitente|emitente\b|elad[o6]\b|szallit[o6]\b|furnizor\b|vanzator\b|(?:доставчик|постачальник|продавац|поставщик|продавец|продавець|εκδοτης|πωλητης)(?=$|[\s:.,/]))/;
// A row naming the party in such a box ("Denominazione: X", "Cognome nome: X", "Razão social: X", "Nome/Razão Social: X",
// its slash or last letter lost to OCR); "Nome: X" with "Cognome: Y" after it, in its cell or the next, names a person.
const NAME_ROW = /^(?:denominazione|ragione sociale|(?:nome ?\/? ?)?razao socia[l1]?|cognome ?(?:e ?)?nome|nome ?(?:e ?)?cognome)\s*[:：]\s*(\S.*)$/;
// The same label heading a column, its value on the line under it (the national NFS-e's "Nome / Nome Empresarial").
const NAME_HEAD = /^(?:nome ?\/ ?)?(?:nome empresarial|razao social)$/;
const FIRST_NAME_ROW = /^nome\s*[:：]\s*(\S.*?)(?:\s+cognome\s*[:：]\s*(\S.*))?$/;
const SURNAME_ROW = /^cognome\s*[:：]\s*(\S.*)$/;

/** The name in a box headed by the seller's role: its name row, else the first line under the heading that is a name. */
function headedSellerName(ctx: DocContext): Candidate | null {
  const page = ctx.pages[0];
  if (!page) return null;
  const lines = page.lines;
  for (let i = 0; i < lines.length && lines[i]!.y0 < page.height * 0.5; i++) {
    const head = lines[i]!.cells.find((c) => SELLER_HEAD.test(normLabel(c.text.trim())) && !BUYER.test(normLabel(c.text)));
    if (!head) continue;
    const h = Math.max(1, lines[i]!.y1 - lines[i]!.y0);
    // The name beside the heading, as a label's value ("Emitente: Tipografia Lusa Lda", or in the next cell close by).
    const after = /^[^:：]+[:：]\s*(\S.*)$/.exec(head.text.trim())?.[1]
      ?? lines[i]!.cells.find((c) => c.x0 > head.x1 && c.x0 - head.x1 < 3 * h)?.text.trim();
    if (after && plainName(after)) return { value: after, score: 0.8, line: lines[i]! };
    // The box ends where another begins on its right: the buyer's heading, or any cell beside the heading (the DANFE's box).
    const right = Math.min(...lines
      .filter((l) => Math.abs(l.y0 - lines[i]!.y0) < 3 * h)
      .flatMap((l) => l.cells.filter((c) => c.x0 > head.x1 && (Math.abs(l.y0 - lines[i]!.y0) < 1.5 * h || BUYER.test(normLabel(c.text)) || BUYER_HEADING.test(normLabel(c.text)) || buyerWordMisread(c.text))))
      .map((c) => c.x0));
    // A heading alone on its line is a band across the page (the NFS-e's "PRESTADOR DE SERVIÇOS"): its box is as wide.
    // The box ends at the buyer's heading under it, in its column ("TOMADOR DE SERVIÇOS", the DANFE's "DESTINATÁRIO").
    const band = lines[i]!.cells.length === 1;
    const inBox = (c: Cell) => (band || c.x0 >= head.x0 - 3 * h) && c.x0 < right - h;
    const under = lines.filter((l) => l.y0 > lines[i]!.y0 + h / 2 && l.y0 < lines[i]!.y1 + 12 * h);
    const stop = under.findIndex((l) => l.cells.some((c) => inBox(c) && BUYER_HEADING.test(normLabel(c.text))));
    const box = (stop < 0 ? under : under.slice(0, stop))
      .map((l) => ({ line: l, cells: column(l.cells.filter(inBox), h) }))
      .filter((r) => r.cells.length > 0);
    for (const { line, cells } of box) {
      for (let k = 0; k < cells.length; k++) {
        const t = cells[k]!.text.trim();
        const n = normLabel(t);
        const named = NAME_ROW.exec(n);
        if (named) return { value: t.slice(t.length - named[1].length).trim(), score: 0.8, line };
        if (NAME_HEAD.test(n)) {
          const c = cells[k]!;
          const under = box.find((r) => r.line.y0 > line.y1 - h / 2)?.line;
          const value = under?.cells.find((u) => u.x0 < c.x1 && u.x1 > c.x0)?.text.trim();
          if (under && value && plainName(value)) return { value, score: 0.8, line: under };
        }
        const first = FIRST_NAME_ROW.exec(n);
        if (first) {
          const surname = first[2] ? t.slice(t.length - first[2].length) : SURNAME_ROW.exec(normLabel(cells[k + 1]?.text.trim() ?? ''))?.[1] && cells[k + 1]!.text.trim().replace(/^\S+\s*[:：]\s*/, '');
          const given = t.replace(/^\S+\s*[:：]\s*/, '').slice(0, first[1].length).trim();
          return { value: surname ? `${given} ${surname.trim()}` : given, score: 0.8, line };
        }
      }
    }
    // No name row: the first line under the heading that is a name (the DANFE's emitente box), with its second line
    // when the name goes on there to its legal form ("DISTRIBUIDORA DE ALIMENTOS BOM" / "PREÇO LTDA").
    for (let k = 0; k < Math.min(3, box.length); k++) {
      const { line, cells } = box[k]!;
      const t = cells.map((c) => c.text.trim()).join(' ');
      if (!plainName(t)) continue;
      // Its second line: the cells right under it, within its width.
      const x0 = cells[0]!.x0, x1 = cells[cells.length - 1]!.x1;
      const more = box.slice(k + 1).find((r) => r.line.y0 - line.y1 < h && r.cells.some((c) => c.x0 >= x0 && c.x0 < x1))
        ?.cells.filter((c) => c.x0 >= x0 && c.x0 < x1).map((c) => c.text.trim()).join(' ') ?? '';
      const joined = `${t} ${more}`;
      // Joined when the name goes on to its legal form there, or that line is only a form ("… LTDA" / "ME").
      const formOnly = boxForm(more) && more.split(/\s+/).length <= 2;
      if (more && (formOnly || (plainName(more) && !boxForm(t) && boxForm(joined))) && joined.split(/\s+/).length <= 8) return { value: joined, score: 0.8, line };
      return { value: t, score: 0.8, line };
    }
    break;
  }
  return null;
}

// Legal forms of the countries whose invoices print such boxes (Brazil's LTDA, EIRELI, ME, S.A.), and the others'.
const boxForm = (t: string) => LEGAL_NAME.test(normLabel(t)) || /(?<![\p{L}\p{N}])(?:ltda|eireli|me|epp|s\/a|sa|s\.p\.a|srl|s\.r\.l|snc|sas)\.?$/u.test(normLabel(t));

/** A box's cells on one line: from the first, up to a wide gap (another box beside it: the DANFE's title box). */
function column(cells: Cell[], h: number): Cell[] {
  const end = cells.findIndex((c, k) => k > 0 && c.x0 - cells[k - 1]!.x1 > 2.5 * h);
  return end < 0 ? cells : cells.slice(0, end);
}

/** A line that can be a business's name: letters, no label, no telephone or number, not the kind of document. */
const plainName = (t: string) => /\p{L}{3}/u.test(t) && !/[:：@]/.test(t) && (t.match(/\d/g) ?? []).length <= 2 && !namesNoOne(t) && !TITLE.test(normLabel(t));

/** The name in the seller's box of a Chinese VAT invoice: after 名称 on the seller heading's line or the nearest line beside it. */
function chineseSellerName(ctx: DocContext): Candidate | null {
  // Every name on the line, with its cell: the buyer's box may stand beside the seller's (购买方 | 销售方).
  const namesOn = (line: Line): { name: string; cell: Cell }[] => {
    const out: { name: string; cell: Cell }[] = [];
    let before = '';
    for (const cell of line.cells) {
      const t = cell.text.trim();
      // The label and the name in one cell ("名称：杭州青禾…"), or the name in the cell after the label.
      const inCell = /名\s*称\s*[:：]\s*(.+)$/.exec(t);
      if (inCell && /\p{L}{2}/u.test(inCell[1]) && !SELLER_BOX.test(inCell[1])) out.push({ name: inCell[1].trim(), cell });
      else if (NAME_LABEL.test(`${before}${t.replace(/^.*?(销售方|销货方|卖方)/, '')}`) || NAME_LABEL.test(before)) {
        if (/\p{L}{2}/u.test(t) && !NAME_LABEL.test(t) && !/[:：]/.test(t) && !SELLER_BOX.test(t)) out.push({ name: t, cell });
      }
      before = `${before}${t}`.slice(-12);
    }
    return out.filter((n) => !namesNoOne(n.name));
  };
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    // The heading, not the stamp's place at the foot ("销售方：（章）").
    const head = line.cells.find((c) => SELLER_BOX.test(c.text) && !/[（(]\s*章\s*[)）]/.test(c.text));
    if (!head) continue;
    const near = [i, i - 1, i + 1, i - 2, i + 2].filter((j) => j >= 0 && j < ctx.lines.length && ctx.lines[j]!.page === line.page)
      .sort((a, b) => Math.abs(ctx.lines[a]!.y0 - line.y0) - Math.abs(ctx.lines[b]!.y0 - line.y0));
    // The name in the heading's column first (the buyer's box beside it), then the nearest line's.
    const h = Math.max(1, line.y1 - line.y0);
    const apart = (c: Cell) => Math.round(Math.abs(c.x0 - head.x0) / (4 * h));
    const found = near.flatMap((j) => namesOn(ctx.lines[j]!).map((n) => ({ ...n, line: ctx.lines[j]! })));
    const pick = found.sort((a, b) => apart(a.cell) - apart(b.cell))[0];
    if (pick) return { value: pick.name, score: 0.8, line: pick.line };
  }
  return null;
}

// A street and house number with a postcode and town ("Hauptstraße 21, 79098 Freiburg", "Rua X, 77 - 01310-100"): an address.
const POSTAL_ADDRESS = /\p{L}.*\d.*,\s*(?:[A-Z]{1,2}-?)?\d{4,5}(?:-\d{3})?\s+\p{Lu}/u;
// A street or plot and its number, then a comma and the town, no postcode ("PLOT 12 MSASANI, DAR ES SALAAM", "Knez Mihailova 22, Beograd").
const STREET_ADDRESS = /^(?:\p{L}+\.?\s+){1,3}\d{1,5}[a-z]?(?:\s+\p{L}+)*\s*,\s*\p{L}/u;

const COMPANY_THEN_PLACE = new RegExp(`(?:${COMPANY.source}).*,\\s*\\S`, 'i');

export function guessVendor(ctx: DocContext, exclude: Set<Line>): Candidate | null {
  const page = ctx.pages[0];
  if (!page) return null;
  const lines = page.lines.filter((l) => l.y0 < page.height * 0.4 && !exclude.has(l));
  const billTo = lines.filter((l) => BUYER.test(normLabel(l.text)));
  const underBuyer = buyerBlock(page);
  const heights = lines.map((l) => l.y1 - l.y0);
  const maxH = Math.max(1, ...heights);
  let best: Candidate | null = null;
  lines.forEach((line, i) => {
    for (const cell of line.cells.slice(addresseeEnd(line) + 1)) {
      const t = cell.text.trim();
      const n = normLabel(t);
      if (t.length < 3 || !/\p{L}{2}/u.test(t) || TITLE.test(n) || namesNoOne(t) || JA_ADDRESS.test(t) || POSTAL_ADDRESS.test(t) || STREET_ADDRESS.test(t) || /^\d/.test(t) || /[:@]|www\.|https?:/.test(t)) continue;
      if (ALL_LABELS.some((l) => n.startsWith(l))) continue;
      if (underBuyer(line, cell.x0, cell.x1)) continue;
      if (billTo.includes(line) && line.cells.some((c) => c.x1 <= cell.x0 && BUYER.test(normLabel(c.text)))) continue;
      let score = 0.45 + 0.25 * ((line.y1 - line.y0) / maxH) - i * 0.03;
      // Not a place named for a kind of business, more of its address after a comma ("Aust Services, M48").
      if (COMPANY.test(t) && !COMPANY_THEN_PLACE.test(t)) score += 0.3;
      if (!best || score > best.score) best = { value: t, score: Math.min(0.95, score), line };
    }
  });
  return best;
}

/**
 * A company registration number printed after the name ("99 SPEED MART S/B (519537-X)",
 * "GARDENIA BAKERIES (KL) SDN BHD (139386 X)") is not part of the name: it goes. The number is
 * six to eight characters, mostly digits (OCR may read 5 as S, 3 as B), a check letter after a
 * hyphen or space, in brackets or after a hyphen, with an optional branch code after it ("(KSB)").
 */
export function withoutRegistration(name: string): string {
  name = name.replace(/（/g, '(').replace(/）/g, ')');
  const m = /\s*(\()?\s*(?<![A-Za-z0-9])([0-9A-Z][0-9SBOIl.]{4,8})\s*(-)?\s*[A-Z]\s*\)?(\s*\([A-Z]{2,4}\))?[\s,.;]*$/.exec(name);
  // Bracketed or hyphenated: "ROOM 12345 B" is no registration.
  if (!m || (!m[1] && !m[3]) || (m[2].match(/\d/g) ?? []).length < 4) return name;
  const rest = name.slice(0, m.index).trim();
  return /\p{L}{2}/u.test(rest) ? rest : name;
}

/**
 * A vendor's name as printed, from what OCR read: without a registration number after it, OCR's
 * digits inside words put back as letters ("PERNIAGAAN ZHENG HU1", "CONFECTI0NERY"), a legal form
 * misread by a letter put back ("SDN BHI", "Sdn Bnd", "S/9"), and spaces collapsed. The mending
 * is for OCR's reading only: a text layer's "Studio 8Bit" is what was printed.
 */
export function tidyVendorName(read: string, ocr: boolean): string {
  const words = withoutTitle(withoutBranch(withoutAddress(withoutRegistration(withoutMailAddress(read))))).trim().split(/\s+/);
  if (!ocr) return words.join(' ');
  // "Sdn.Rhd": a legal form printed without its space is mended as two words.
  const split = words.flatMap((w, i) => (i === words.length - 1 && /^\p{L}{3}\.\p{L}{3}\.?$/u.test(w) ? [w.slice(0, 4), w.slice(4)] : [w]));
  const mended = legalForm(withoutSmallPrint(split).map(lettersForDigits).map(branchDigits).map(acuteO).map(ampersand));
  if (split.length === words.length) return mended.join(' ');
  const form = mended.splice(-2);
  return [...mended, `${form[0].replace(/\.$/, '')}.${form[1]}`].join(' ');
}

// A street address OCR or the text layer joined to the name after its legal form ("Fieldnote Marketing Group,
// Inc.465 Lexington Ave"): a house number, then words ending in a street's kind.
const GLUED_ADDRESS = /^(.*?\b(?:inc|llc|llp|pllc|ltd|corp|co|gmbh|sarl|sas|plc|pty|ag|bv|b\.v)\.?),?\s*\d{1,5}[a-z]?\s+\p{L}[\p{L} .'-]*?\b(?:ave|avenue|st|street|rd|road|blvd|boulevard|dr|drive|lane|ln|way|pl|place|ct|court|pkwy|parkway|hwy|highway|sq|square)\.?$/iu;

/** A mail's sender as its header prints it ("From: Kauri Digital Ltd <accounts@kauri.co.nz>"): the name, not the address. */
function withoutMailAddress(name: string): string {
  const m = /^(.*\p{L}{2}.*?)(?:\s*[<([]\s*|\s+)[\w.+-]+\s?@\s?[\w-]+(?:\.[\w-]+)+\s*[>)\]]?$/u.exec(name.trim());
  return m ? m[1].replace(/^["']|["',]$/g, '').trim() : name;
}

/** The name without the branch's number printed after it ("BAYSIDE DRUG & WELLNESS STORE #3666"): which shop of a chain it is. */
export function withoutBranch(name: string): string {
  const m = /^(.*\p{L}{2}.*?)[\s,-]+(?:store|shop|branch|outlet|filiale|tienda|negozio|loja|magasin)\s*(?:#|no\.?|nr\.?|n°|number)\s*\d+$/iu.exec(name.trim());
  return m ? m[1] : name;
}

// The document's title in capitals that OCR joined to the name printed after it on one line ("FAKTURA VAT Kowalski Serwis
// Sp. z o.o.", "TAX INVOICE Harbour Ltd"): the title goes when what follows is a business's name in mixed case with its legal form.
const LEADING_TITLE = /^(?:TAX INVOICE|INVOICE|RECEIPT|RECHNUNG|FACTURE|FACTURA|FATTURA|FACTUUR|FAKTURA(?: VAT)?|FAKTÚRA|SZÁMLA|ARVE|RAČUN)[\s:.-]+(?=\p{L})/u;
export function withoutTitle(name: string): string {
  const m = LEADING_TITLE.exec(name.trim());
  if (!m) return name;
  const rest = name.trim().slice(m[0].length);
  // The name in mixed case after the title in capitals: the change of case is where the title ends ("INVOICE SOLUTIONS LTD" stays).
  return rest.split(/\s+/).length >= 2 && /^\p{Lu}\p{Ll}/u.test(rest) && LEGAL_NAME.test(normLabel(rest)) ? rest : name;
}

/** The name without a street address joined after its legal form. */
export function withoutAddress(name: string): string {
  return GLUED_ADDRESS.exec(name.trim())?.[1] ?? name;
}

/** "STATIONERY B BOOKS": a lone B or 8 between two words is OCR's reading of "&". */
function ampersand(word: string, i: number, words: string[]): string {
  return /^[B8]$/.test(word) && i > 0 && i < words.length - 1 && /\p{L}{2}/u.test(words[i - 1]) && /\p{L}{2}/u.test(words[i + 1]) ? '&' : word;
}

/**
 * "tan woon yann YONGFATT ENTERPRISE": OCR joined a line in small letters (the owner, a slogan)
 * to the name in capitals beside it; the capitals are the name.
 */
function withoutSmallPrint(words: string[]): string[] {
  const first = words.findIndex((w) => !/^\p{Ll}+$/u.test(w));
  if (first < 1) return words;
  const rest = words.slice(first);
  return rest.length >= 2 && rest.every((w) => !/\p{Ll}/u.test(w)) && rest.some((w) => /\p{Lu}{3}/u.test(w)) ? rest : words;
}

const DIGIT_AS_LETTER: Record<string, [string, string]> = { '0': ['O', 'o'], '1': ['I', 'l'], '5': ['S', 's'], '8': ['B', 'b'] };

/** "HU1" -> "HUI", "F00DICI0US" -> "FOODICIOUS": a word of letters with a few digits OCR confuses with letters. */
/** A shop's number after "#" ("FRESHWAY MARKET #O412"): digits only, an O OCR read for a zero is that zero, an l or I a one. */
function branchDigits(word: string): string {
  return /^#[\dOoIl]+$/.test(word) && /\d/.test(word) ? word.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : word;
}

function lettersForDigits(word: string): string {
  const letters = (word.match(/\p{L}/gu) ?? []).length;
  const digits = (word.match(/\d/g) ?? []).length;
  if (letters < 2 || digits === 0 || letters < 2 * digits || /[^\p{L}0158'&.-]/u.test(word) || /^\d+(st|nd|rd|th)$/i.test(word)) return word;
  const upper = word === word.toUpperCase();
  return word.replace(/[0158]/g, (d) => DIGIT_AS_LETTER[d][upper ? 0 : 1]);
}

/**
 * "Kiad6" -> "Kiadó": PaddleOCR's dictionary has no ó and reads it as a 6 (Hungarian "Kiadó", "Adószám", "mód"); a 6
 * after a consonant in a word in small letters, and nowhere else.
 */
function acuteO(word: string): string {
  return /^\p{Lu}?\p{Ll}*[bcdfghjklmnpqrstvwxz]6\p{Ll}*$/u.test(word) && (word.match(/\p{L}/gu) ?? []).length >= 3 ? word.replace('6', 'ó') : word;
}

/** The legal form at the end of a name ("SDN BHD", "S/B"), put back when OCR misread one letter of it. */
function legalForm(words: string[]): string[] {
  if (words.length < 2) return words;
  // A Polish or Czech form whose o OCR read as a zero ("Sp. Z 0.0.", "s.r.0.").
  const tail = words.slice(-3).join(' ');
  const slavic = /(?<![\p{L}\p{N}])(sp\.\s?z\s?|s\.\s?r\.\s?)([o0]\.\s?[o0]\.?|[o0]\.?)$/iu.exec(tail);
  if (slavic && /0/.test(slavic[2])) {
    const mended = tail.slice(0, slavic.index) + slavic[1].replace(/Z/, 'z') + slavic[2].replace(/0/g, 'o');
    return [...words.slice(0, -3), ...mended.split(' ').filter(Boolean)];
  }
  const last = words[words.length - 1];
  if (/^S\/[B8D9]\.?$/i.test(last)) return [...words.slice(0, -1), last[0] === 's' ? 's/b' : 'S/B'];
  if (words.length < 3) return words;
  const sdn = words[words.length - 2].replace(/\.$/, '');
  const bhd = last.replace(/\.$/, '');
  const close = (w: string, form: string) => w.length >= 2 && w.length <= 4 && levenshtein(w.toUpperCase(), form) <= 1;
  if (!close(sdn, 'SDN') || !close(bhd, 'BHD') || (sdn.toUpperCase() === 'SDN' && bhd.toUpperCase() === 'BHD')) return words;
  const title = sdn[0] === sdn[0].toUpperCase() && sdn.slice(1) === sdn.slice(1).toLowerCase();
  return [...words.slice(0, -2), ...(title ? ['Sdn', 'Bhd'] : ['SDN', 'BHD'])];
}
