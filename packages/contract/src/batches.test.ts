import { describe, expect, it } from 'vitest';
import {
  BATCH_COLUMNS,
  BATCH_TEMPLATE_EXAMPLE,
  type BatchCells,
  batchRowKey,
  checkBatchCells,
  csvLine,
  labelBatchTemplateCsv,
  neutralizeCsvCell,
  parseBatchService,
  rateLabelBatchCall,
  uploadLabelBatchCall,
} from './batches.js';

/** The template's example row: a good one. */
const goodRow: BatchCells = { ...BATCH_TEMPLATE_EXAMPLE, street2: '', email: '', comments: '' };

describe('checkBatchCells: the label page\'s rules, named by cell', () => {
  it('passes a good row', () => {
    expect(checkBatchCells(goodRow)).toEqual([]);
  });

  it('names every broken cell at once, in the columns\' order', () => {
    const errors = checkBatchCells({ ...goodRow, name: '', zip: '9720', weight_lb: '0', weight_oz: '', length: 'twelve', service: 'pigeon post' });
    expect(errors.map((error) => error.column)).toEqual(['name', 'zip', 'weight_lb', 'length', 'service']);
    expect(errors.find((error) => error.column === 'name')?.message).toBe('Please enter a name');
    expect(errors.find((error) => error.column === 'weight_lb')?.message).toBe('Enter the weight: more than 0 and at most 150 lb');
    expect(errors.find((error) => error.column === 'length')?.message).toBe('Enter inches from 0.1 to 108');
  });

  it('takes a USPS Flat Rate package without sides, and a saved package\'s size and weight', () => {
    expect(checkBatchCells({ ...goodRow, package: 'SmallFlatRateBox', length: '', width: '', height: '' })).toEqual([]);
    const saved = { predefinedPackage: null, length: 8, width: 6, height: 4, weight: 20 };
    expect(checkBatchCells({ ...goodRow, package: 'Mug box', length: '', width: '', height: '', weight_lb: '', weight_oz: '' }, saved)).toEqual([]);
  });

  it('a Canadian postal code abroad, a five-digit ZIP at home', () => {
    expect(checkBatchCells({ ...goodRow, country: 'CA', state: 'ON', zip: 'M5V 3L9' })).toEqual([]);
    expect(checkBatchCells({ ...goodRow, zip: 'M5V 3L9' }).map((error) => error.column)).toEqual(['zip']);
  });

  it('a reference over 50 characters', () => {
    expect(checkBatchCells({ ...goodRow, reference: 'x'.repeat(51) })).toEqual([{ column: 'reference', message: 'Keep the reference to 50 characters' }]);
  });
});

describe('parseBatchService', () => {
  it('reads the batch rule, cheapest, fastest or a carrier and its service', () => {
    expect(parseBatchService('')).toEqual({ rule: 'batch' });
    expect(parseBatchService(' Fastest ')).toEqual({ rule: 'fastest' });
    expect(parseBatchService('UPS Ground')).toEqual({ rule: 'service', carrier: 'UPSDAP', service: 'Ground' });
    expect(parseBatchService('usps Ground Advantage')).toEqual({ rule: 'service', carrier: 'USPS', service: 'GroundAdvantage' });
    expect(parseBatchService('DHL Express')).toBeUndefined();
    expect(parseBatchService('USPS')).toBeUndefined();
  });
});

describe('duplicates', () => {
  it('the same parcel whatever the case, spaces, reference or comments', () => {
    expect(batchRowKey({ ...goodRow, name: ' maria  GARCIA', reference: 'other', comments: 'x' })).toBe(batchRowKey(goodRow));
    expect(batchRowKey({ ...goodRow, street2: 'Apt 2' })).not.toBe(batchRowKey(goodRow));
  });
});

describe('CSV out: formula injection neutralised (OWASP)', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])('%j gets a quote in front', (cell) => {
    expect(neutralizeCsvCell(cell)).toBe(`'${cell}`);
  });

  it('leaves other cells, and quotes commas, quotes and line breaks', () => {
    expect(neutralizeCsvCell('12.50')).toBe('12.50');
    expect(csvLine(['a,b', 'say "hi"', '=1+1', 'x'])).toBe('"a,b","say ""hi""",\'=1+1,x');
  });

  it('the template: the header of every column and an example row', () => {
    const [header, example] = labelBatchTemplateCsv().split('\r\n');
    expect(header).toBe(BATCH_COLUMNS.join(','));
    expect(example).toContain('Maria Garcia,,55 Elm St');
  });
});

describe('requests', () => {
  const from = { firstName: 'Ann', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94103', phone: '415-555-0100' };

  it('upload: a file or pasted text, not both, not neither', () => {
    expect(uploadLabelBatchCall.request.safeParse({ file: 'YQ==', from }).success).toBe(true);
    expect(uploadLabelBatchCall.request.safeParse({ text: 'a\tb', from }).success).toBe(true);
    expect(uploadLabelBatchCall.request.safeParse({ file: 'YQ==', text: 'a', from }).error?.issues[0]?.message).toBe('Send the file or the pasted text, not both.');
    expect(uploadLabelBatchCall.request.safeParse({ from }).error?.issues[0]?.message).toBe('Choose a CSV file, or paste the cells from your spreadsheet.');
  });

  it('rate: a named service needs its carrier and service', () => {
    expect(rateLabelBatchCall.request.safeParse({ id: 1, rule: 'fastest' }).success).toBe(true);
    expect(rateLabelBatchCall.request.safeParse({ id: 1, rule: 'service', carrier: 'USPS' }).error?.issues[0]?.path).toEqual(['service']);
    expect(rateLabelBatchCall.request.safeParse({ id: 1, rule: 'slowest' }).error?.issues[0]?.message).toBe('rule: choose one of cheapest, fastest, service');
  });
});
