import { csvCell, toCsv } from './csv';

describe('table CSV', () => {
  test('when a cell is a number or a boolean, then it is written as itself, negative numbers too', () => {
    expect(csvCell(-87.93029)).toBe('-87.93029');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(Number.NaN)).toBe('');
  });

  test('when text starts like a formula (=, +, -, @, tab, CR), then it is neutralised; other text is only quoted as RFC 4180 says', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", '"\'\rx"']);
    expect(csvCell('Valjean, Jean')).toBe('"Valjean, Jean"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  test('when rows are written, then lines end with CRLF under the header', () => {
    expect(toCsv(['Element id', 'x'], [['11', -1.5]])).toBe('Element id,x\r\n11,-1.5\r\n');
  });
});
