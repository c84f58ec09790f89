import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { fieldsOf } from '../../../src/service/processing/engine.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Sure values that were wrong on the tenth held-out set (blind for its first two reads, read since
// 2026-11-28): a Kenyan control unit's invoice number, a Brazilian service invoice's tax due date, and
// values of a page read as an invoice on the weakest evidence. Reproduced on pages of other names and
// figures, made by hand (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const field = (fields: ReturnType<typeof extractFields>, title: string) => fields.find((f) => f.title === title)!;

describe('a fiscal control unit\'s number beside the invoice\'s own', () => {
  it('is not the invoice number (Kenya\'s eTIMS: "CU Invoice Number: KRACU…/7232")', () => {
    const lines = [cells('MAWINGU HARDWARE LTD', 'TAX INVOICE'), cells('P.O. Box 41-00100 Nairobi', 'Invoice No.:', 'INV-20418'), cells('Date:', '13/02/2023'),
      'Sub Total  KSh 10,000.00', 'VAT 16%  KSh 1,600.00', 'Total  KSh 11,600.00', 'eTIMS / SCU INFORMATION', 'CU Serial Number: KRACU0100004411', 'CU Invoice Number: KRACU0100004411/5120'];
    expect(valuesOf(extractFields(page(lines), EVAL_SCHEMA))['Invoice Number']).toBe('INV-20418');
  });
});

describe('a due date that is a tax\'s own', () => {
  it('is none: "Data de vencimento do ISS desta NFS-e: 10/12/2021" is the municipality\'s, not the invoice\'s', () => {
    const lines = ['NOTA FISCAL ELETRONICA DE SERVICOS - NFS-e', cells('Numero da Nota', '00041177'), cells('Data e Hora de Emissao', '26/11/2021 16:11'),
      'PRESTADOR DE SERVICOS', 'Nome/Razao Social: SERRA VERDE SISTEMAS LTDA', 'VALOR TOTAL DO SERVICO = R$ 9.740,00',
      'OUTRAS INFORMACOES', '(3) Data de vencimento do ISS desta NFS-e: 10/12/2021;'];
    expect(field(extractFields(page(lines), EVAL_SCHEMA), 'Due Date').value).toBeNull();
  });

  it('and the invoice\'s own "Vencimento" is read beside it', () => {
    const lines = ['NOTA FISCAL ELETRONICA DE SERVICOS - NFS-e', cells('Numero da Nota', '00041177'), cells('Data e Hora de Emissao', '26/11/2021 16:11'),
      'PRESTADOR DE SERVICOS', 'Nome/Razao Social: SERRA VERDE SISTEMAS LTDA', 'Vencimento: 27/12/2021. Pagamento via PIX ou boleto.', 'VALOR TOTAL DO SERVICO = R$ 9.740,00',
      'OUTRAS INFORMACOES', '(3) Data de vencimento do ISS desta NFS-e: 10/12/2021;'];
    expect(field(extractFields(page(lines), EVAL_SCHEMA), 'Due Date').value).toBe('2021-12-27');
  });

  it('while an invoice\'s own due date under its label stays sure', () => {
    const lines = ['Serra Verde Sistemas Ltda', 'FATURA', cells('Fatura n.º', 'FT 2021/118'), cells('Data de emissão', '26/11/2021'), cells('Data de vencimento', '10/12/2021'),
      'Total s/ IVA 100,00', 'IVA 23% 23,00', 'Total 123,00 EUR'];
    const due = field(extractFields(page(lines), EVAL_SCHEMA), 'Due Date');
    expect(due.value).toBe('2021-12-10');
    expect(due.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('a page read as an invoice on the weakest evidence', () => {
  // No title a list knows (a quote's "PROPOSTA COMERCIAL"), one total, a few amounts.
  const quote = ['NUVEM CLARA SOFTWARE LTDA', 'PROPOSTA COMERCIAL', 'N° 318/2017 - Sao Paulo, 05/11/2017', 'A/C: JOANA RIBEIRO',
    'Desenvolvimento de software - 40 horas x R$ 150,00 = R$ 6.000,00', 'Suporte tecnico mensal - R$ 1.500,00', 'Valor total da proposta: R$ 7.500,00'];

  it('gives no sure value: the page may be no invoice at all', () => {
    const pages = page(quote);
    const c = classifyDocument(pages);
    expect(c.type).toBe('invoice');
    expect(c.confidence).toBeLessThan(0.7);
    const fields = fieldsOf(pages, EVAL_SCHEMA, c);
    expect(fields.some((f) => f.value !== null)).toBe(true);
    expect(fields.filter((f) => f.confidence >= 0.9)).toEqual([]);
  });

  it('while a page titled as an invoice keeps its sure values', () => {
    const pages = page(['Nuvem Clara Software Ltda', 'FATURA', cells('Fatura n.º', 'FT 2017/318'), cells('Data de emissão', '05/11/2017'), cells('Data de vencimento', '05/12/2017'),
      'Total s/ IVA 7.500,00', 'IVA 23% 1.725,00', 'Total 9.225,00 EUR']);
    const c = classifyDocument(pages);
    expect(c.confidence).toBeGreaterThanOrEqual(0.9);
    expect(fieldsOf(pages, EVAL_SCHEMA, c).some((f) => f.confidence >= 0.9)).toBe(true);
  });
});

// Failures of the tenth set read since (vendor, line items, totals), reproduced the same way. Columns a header names
// over its values are padded so the value stands under its name.
const grid = (...c: string[]) => c.map((t) => t.padEnd(40)).join('').trimEnd();

describe('a Brazilian service invoice\'s provider (NFS-e)', () => {
  it('is the name in the "PRESTADOR DE SERVIÇOS" band, not the city hall heading the form', () => {
    const lines = [cells('PREFEITURA DO MUNICIPIO DE CAMPINAS', '00031577'), 'SECRETARIA MUNICIPAL DE FINANCAS', 'NOTA FISCAL ELETRONICA DE SERVICOS - NFS-e',
      'PRESTADOR DE SERVICOS', cells('CPF/CNPJ: 12.222.333/0001-44', 'Inscricao Municipal: 3.444.555-6'), 'Nome/Razao Social: SERRA VERDE SISTEMAS LTDA', 'Endereco: Av. Brasil, 900 - Centro',
      'TOMADOR DE SERVICOS', 'CPF/CNPJ: 98.765.432/0001-10', 'Nome/Razao Social: PADARIA BOM GOSTO LTDA', 'VALOR TOTAL DO SERVICO = R$ 4.500,00'];
    expect(valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA))['Vendor Name']).toBe('SERRA VERDE SISTEMAS LTDA');
  });

  it('also when OCR lost the label\'s slash or last letter ("Nome Razao Socia:")', () => {
    const lines = [cells('PREFEITURA DO MUNICIPIO DE CAMPINAS', '00031577'), 'NOTA FISCAL ELETRONICA DE SERVICOS - NFS-e',
      'PRESTADOR DE SERVICOS', 'CPF/CNPJ: 12.222.333/0001-44', 'Nome Razao Socia: SERRA VERDE SISTEMAS LTDA', 'Municipio: Campinas UF: SP',
      'TOMADOR DE SERVICOS', 'Nome Razao Social: PADARIA BOM GOSTO LTDA', 'VALOR TOTAL DO SERVICO = R$ 4.500,00'];
    expect(valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA))['Vendor Name']).toBe('SERRA VERDE SISTEMAS LTDA');
  });

  it('is the value under "Nome / Nome Empresarial" in the national form\'s "EMITENTE DA NFS-e" box, not the label', () => {
    const lines = [cells('NFS-e Nota Fiscal de Serviço eletrônica', 'Prefeitura Municipal de Londrina'), grid('Número da NFS-e', 'Data e Hora da emissão da NFS-e'), grid('5120', '12/03/2023 10:20:00'),
      'EMITENTE DA NFS-e', grid('CNPJ / CPF / NIF', 'Inscrição Municipal', 'Telefone'), grid('21.444.555/0001-66', '77123456', '(43) 3333-1212'),
      grid('Nome / Nome Empresarial', 'E-mail'), grid('ESTÚDIO LUZ E SOMBRA FOTOGRAFIA LTDA', 'contato@luzesombra.com.br'),
      'TOMADOR DO SERVIÇO', grid('CNPJ / CPF / NIF', 'Inscrição Municipal', 'Nome / Nome Empresarial'), grid('33.111.222/0001-90', '-', 'COLÉGIO NOVO HORIZONTE'),
      'VALOR TOTAL DA NFS-E', grid('Valor do Serviço', 'Valor Líquido da NFS-e'), grid('R$ 1.200,00', 'R$ 1.200,00')];
    expect(valuesOf(extractFields(page(lines), EVAL_SCHEMA))['Vendor Name']).toBe('ESTÚDIO LUZ E SOMBRA FOTOGRAFIA LTDA');
  });
});

describe('an Icelandic invoice in whole krónur', () => {
  const lines = [cells('Bókabúðin Vesturbæ ehf.', 'REIKNINGUR'), 'Hringbraut 12', '107 Reykjavík', cells('Kt. 440101-2230', 'Reikningsnúmer:', '20417'), cells('VSK-nr. 11223', 'Dagsetning:', '14.03.2019'),
    cells('Gjalddagi:', '24.03.2019'),
    grid('Vörunr.', 'Lýsing', 'Magn', 'Ein.', 'Ein.verð', 'VSK %', 'Upphæð'),
    grid('BK-2001', 'Minnisbók A5', '12', 'stk.', '1.450', '24', '17.400'),
    grid('BK-2002', 'Kúlupennar 10 stk.', '5', 'pakki', '2.980', '24', '14.900'),
    grid('BK-2003', 'Landakort Íslands', '2', 'stk.', '4.350', '24', '8.700'),
    cells('Samtals án VSK', '41.000'), cells('VSK 24% af 41.000', '9.840'), cells('VSK samtals', '9.840'), cells('Samtals m/VSK', '50.840 kr.')];

  it('reads "50.840 kr." as fifty thousand: the date\'s "14.03" is no amount with two decimals', () => {
    const v = valuesOf(extractFields(page(lines), EVAL_SCHEMA));
    expect(v.Total).toBe(50840);
    expect(v.Subtotal).toBe(41000);
  });

  it('reads its items under "Vörunr. | Lýsing | Magn | Ein. | Ein.verð | VSK % | Upphæð"', () => {
    const items = valuesOf(extractFields(page(lines), EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items).toHaveLength(3);
    expect(items[1]).toMatchObject({ Description: 'Kúlupennar 10 stk.', Quantity: 5, 'Unit Price': 2980, Amount: 14900 });
  });

  it('and a quote titled "TILBOÐ" as OCR reads it ("TILBOD") is no invoice', () => {
    const quote = page(['Bókabúðin Vesturbæ ehf.', 'TILBOD', 'Hringbraut 12', cells('Tilbod nr.:', '5120'), cells('Dagsetning:', '14.03.2019'), cells('Samtals m/VSK', '50.840 kr.')], 'ocr');
    expect(classifyDocument(quote).type).toBe('other');
  });
});

describe('a Philippine sales invoice\'s summary', () => {
  it('gives "VATable Sales" as the subtotal and "TOTALAMOUNT DUE" (its space lost to OCR) as the total, not the "Amount Due" net of VAT', () => {
    const lines = ['Bagong Araw Trading Inc.', 'VAT Reg. TIN: 123-456-789-00000', cells('SALES INVOICE', 'No. 0012345'), cells('Sold to:', 'Liwayway Foods Corp.', 'Date: 03/11/2021'),
      cells('QTY', 'UNIT', 'ARTICLES', 'UNIT PRICE', 'AMOUNT'), cells('10 box', 'Printer Paper A4', '250.00', '2,500.00'), cells('4 pc', 'Toner Black', '1,800.00', '7,200.00'),
      cells('VATable Sales', '8,660.71'), cells('Total Sales (VAT Inclusive)', '9,700.00'), cells('VAT-Exempt Sales', '0.00'), cells('Less: VAT', '1,039.29'),
      cells('Zero Rated Sales', '0.00'), cells('Amount: Net of VAT', '8,660.71'), cells('VAT Amount', '1,039.29'), cells('Amount Due', '8,660.71'), cells('Add:VAT', '1,039.29'),
      cells('TOTALAMOUNT DUE', 'PHP 9,700.00')];
    const v = valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA));
    expect(v.Subtotal).toBe(8660.71);
    expect(v.Total).toBe(9700);
    expect(v.Tax).toBe(1039.29);
  });
});

describe('an Argentine factura (AFIP\'s layout)', () => {
  const lines = ['ORIGINAL', cells('Ferreteria del Sur', 'A', 'FACTURA'), cells('S.R.L.', 'COD.01'), cells('Punto de Venta: 000200', 'Comp.Nro: 00007731'), 'Fecha de Emision: 11/04/2021',
    'Razon Social: Ferreteria del Sur S.R.L.', cells('Domicilio Comercial: Av. Mitre 1550 - Avellaneda', 'C.U.I.T.: 30-71234567-2'), 'Condicion frente al IVA: IVA Responsable Inscripto',
    cells('C.U.I.T.: 30-70000001-5', 'Apellido y Nombre / Razon Social: Constructora Norte S.A.'),
    cells('Codigo', 'Producto / Servicio', 'Cantidad', 'P. Unitario', 'Importe'),
    cells('1021', 'Tornillos 6 x 50 caja x 100', '20', '1450,00', '29000,00'), cells('1187', 'Mecha widia 8 mm', '10', '2100,00', '21000,00'),
    cells('Importe Neto Gravado: $', '50000,00'), cells('IVA 27%: $', '0,00'), cells('IVA 21%: $', '10500,00'), cells('IVA 10.5%: $', '0,00'), cells('Importe Total: $', '60500,00'),
    cells('Comprobante Autorizado', 'CAE N°: 71234567890123')];

  it('gives "Comp. Nro" as the invoice number (not the CAE), "Importe Neto Gravado" as the subtotal, the rate that is charged as the tax', () => {
    const v = valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA));
    expect(v['Invoice Number']).toBe('00007731');
    expect(v.Subtotal).toBe(50000);
    expect(v.Tax).toBe(10500);
  });

  it('prices in "$" are pesos where C.U.I.T. (with its points) places the page in Argentina; "P. Unitario" is the unit price', () => {
    const v = valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA));
    expect(v.Currency).toBe('ARS');
    expect((v['Line Items'] as Record<string, unknown>[])[0]).toMatchObject({ Quantity: 20, 'Unit Price': 1450, Amount: 29000 });
  });

  it('and a "REMITO" (a delivery note) is no invoice', () => {
    const pages = page(['ORIGINAL', cells('Ferreteria del Sur', 'R', 'REMITO'), cells('S.R.L.', 'COD.91'), cells('Punto de Venta: 00011', 'Comp. Nro: 00000110'), 'Fecha de Emision: 14/05/2019'], 'ocr');
    expect(classifyDocument(pages).type).not.toBe('invoice');
  });
});

describe('a Brazilian service invoice\'s services and tax (NFS-e)', () => {
  const national = [cells('NFS-e Nota Fiscal de Serviço eletrônica', 'Prefeitura Municipal de Londrina'), grid('Número da NFS-e', 'Data e Hora da emissão da NFS-e'), grid('5120', '12/03/2023 10:20:00'),
    'EMITENTE DA NFS-e', grid('Nome / Nome Empresarial', 'E-mail'), grid('ESTÚDIO LUZ E SOMBRA FOTOGRAFIA LTDA', 'contato@luzesombra.com.br'),
    'TOMADOR DO SERVIÇO', grid('Nome / Nome Empresarial'), grid('COLÉGIO NOVO HORIZONTE'),
    'Descrição do Serviço', 'Serviços prestados na competência 03/2023:', 'Cobertura fotográfica de formatura - 6 horas x R$ 250,00 = R$ 1.500,00', 'Álbum impresso 30x30 - R$ 420,00',
    'Vencimento: 12/04/2023. Pagamento via PIX.',
    'TRIBUTAÇÃO MUNICIPAL', grid('BC ISSQN', 'Alíquota Aplicada', 'Retenção do ISSQN', 'ISSQN Apurado'), grid('R$ 1.920,00', '3,00%', 'Não Retido', 'R$ 57,60'),
    'VALOR TOTAL DA NFS-E', grid('Valor do Serviço', 'Valor Líquido da NFS-e'), grid('R$ 1.920,00', 'R$ 1.920,00')];

  it('reads each service line of the description box ("name - 6 horas x R$ 250,00 = R$ 1.500,00", "name - R$ 420,00") as an item', () => {
    const items = valuesOf(extractFields(page(national), EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items).toEqual([
      { Description: 'Cobertura fotográfica de formatura', Quantity: 6, 'Unit Price': 250, Amount: 1500 },
      { Description: 'Álbum impresso 30x30', Quantity: 1, 'Unit Price': 420, Amount: 420 },
    ]);
  });

  it('gives the municipal service tax ("ISSQN Apurado", São Paulo\'s "Valor do ISS") as the tax', () => {
    expect(valuesOf(extractFields(page(national), EVAL_SCHEMA)).Tax).toBe(57.6);
    const sp = ['PREFEITURA DO MUNICIPIO DE SAO PAULO', 'NOTA FISCAL ELETRONICA DE SERVICOS - NFS-e', 'PRESTADOR DE SERVICOS', 'Nome/Razao Social: SERRA VERDE SISTEMAS LTDA',
      'TOMADOR DE SERVICOS', 'Nome/Razao Social: PADARIA BOM GOSTO LTDA', 'VALOR TOTAL DO SERVICO = R$ 4.500,00',
      grid('Valor Total das Deducoes (R$)', 'Base de Calculo (R$)', 'Aliquota (%)', 'Valor do ISS (R$)'), grid('0,00', '4.500,00', '2,00%', '90,00')];
    expect(valuesOf(extractFields(page(sp), EVAL_SCHEMA)).Tax).toBe(90);
  });

  it('while a description box whose lines do not add up to a printed sum gives no items', () => {
    const lines = national.map((l) => l.replace('R$ 420,00', 'R$ 425,00'));
    expect(valuesOf(extractFields(page(lines), EVAL_SCHEMA))['Line Items'] ?? null).toBeNull();
  });
});

describe('the lines under a table or a till\'s items', () => {
  it('end a table at the sales by tax class (a Kenyan eTIMS invoice\'s "Taxable Amount (B-16%)")', () => {
    // Cells where a PDF's text places them: the class's label right-aligned across the quantity and price columns.
    const at = (y: number, ...c: [string, number, number][]): Line => ({ text: c.map(([t]) => t).join('   '), cells: c.map(([text, x0, x1]) => ({ text, x0, x1 })), x0: c[0]![1], x1: c[c.length - 1]![2], y0: y, y1: y + 10, page: 1 });
    const lines = [at(40, ['JACARANDA HARDWARE LTD', 44, 200], ['TAX INVOICE', 450, 551]), at(60, ['Moi Avenue, Nairobi', 44, 150], ['Invoice No.:', 400, 450], ['INV-30112', 500, 551]),
      at(75, ['Date:', 400, 430], ['02/05/2023', 500, 551]), at(100, ['BILL TO', 44, 80]), at(115, ['Upendo Primary School', 44, 160]),
      at(195, ['#', 44, 48], ['Item Code', 62, 98], ['Description', 150, 191], ['Qty', 367, 380], ['Unit Price', 405, 440], ['Tax', 463, 476], ['Amount (Ksh)', 501, 551]),
      at(212, ['1', 44, 48], ['KE1NTXU0001111', 62, 117], ['Cement 50kg', 150, 200], ['20', 371, 380], ['850.00', 416, 440], ['B-16%', 451, 475], ['17,000.00', 515, 551]),
      at(230, ['2', 44, 48], ['KE1NTXU0002222', 62, 117], ['Exercise books A4', 150, 220], ['100', 367, 380], ['45.00', 420, 440], ['A-Ex', 458, 475], ['4,500.00', 520, 551]),
      at(258, ['Taxable Amount (B-16%)', 351, 446], ['17,000.00', 515, 551]), at(271, ['Exempt (A-Ex)', 390, 445], ['4,500.00', 520, 551]),
      at(284, ['Sub Total', 405, 445], ['21,500.00', 515, 551]), at(297, ['VAT 16%', 410, 445], ['2,720.00', 520, 551]), at(310, ['Total (Ksh)', 398, 445], ['24,220.00', 515, 551])];
    const pages: PageLayout[] = [{ number: 1, width: 595, height: 842, source: 'text', quality: 1, lines }];
    const items = valuesOf(extractFields(pages, EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items.map((r) => r.Amount)).toEqual([17000, 4500]);
  });

  it('pass over a till\'s count of its items ("5 Item(s)") to the total they add up to', () => {
    const lines = ['KAINAN SA KANTO', 'VAT REG TIN: 123-456-789-00000', 'OFFICIAL RECEIPT', cells('OR No.:', '00412233'), cells('Date:', '03/14/2022 12:10'),
      cells('PANCIT CANTON', '85.00 V'), cells('TOKWA\'T BABOY', '95.00 V'), cells('PLAIN RICE', '20.00 V'), cells('BUKO JUICE', '45.00 V'),
      '4 Item(s)', cells('TOTAL', 'PHP 245.00'), cells('CASH', '500.00'), cells('CHANGE', '255.00'), cells('VATable Sales', '218.75'), cells('VAT Amount (12%)', '26.25')];
    const items = valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items.map((r) => [r.Description, r.Amount])).toEqual([['PANCIT CANTON', 85], ['TOKWA\'T BABOY', 95], ['PLAIN RICE', 20], ['BUKO JUICE', 45]]);
  });

  it('join a till\'s item name OCR cut in two cells ("LUMPIANG | SHANGHAI | 110.00 V")', () => {
    const lines = ['KAINAN SA KANTO', 'VAT REG TIN: 123-456-789-00000', 'OFFICIAL RECEIPT', cells('OR No.:', '00412234'), cells('Date:', '03/14/2022 12:40'),
      cells('PANCIT', 'CANTON', '85.00 V'), cells('PLAIN RICE', '20.00 V'), cells('BUKO JUICE', '45.00 V'), '3 Item(s)', cells('TOTAL', 'PHP 150.00'), cells('CASH', '200.00'), cells('CHANGE', '50.00')];
    const items = valuesOf(extractFields(page(lines, 'ocr'), EVAL_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items.map((r) => [r.Description, r.Amount])).toEqual([['PANCIT CANTON', 85], ['PLAIN RICE', 20], ['BUKO JUICE', 45]]);
  });
});
