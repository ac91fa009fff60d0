import { readFileSync } from 'node:fs';
import {
  correctedLabels,
  FLAGS,
  LABEL_CORRECTIONS_FILE,
  parseCsv,
  parseLabelCorrections,
  readCorpus,
  readLabelCorrectionRows,
  readLabelCorrections,
  type Labels,
} from './evaluate';

const HEADER = 'address,flag,raw,corrected,function,evidence';
const A = '0x00000000000000000000000000000000000000a1';
const corpus = new Map<string, Labels>([[A, { mint: true, leak: null, limit: false }]]);

describe('label corrections (bench/detection/label-corrections.csv)', () => {
  it('parses, and every corrected row is a dev corpus row with the raw label the file states', () => {
    const rows = readLabelCorrectionRows();
    expect(rows.length).toBeGreaterThan(0);
    const dev = new Map(readCorpus('detection-dev.jsonl.gz').map((s) => [s.address.toLowerCase(), s]));
    for (const row of rows) {
      const sample = dev.get(row.address);
      expect({ address: row.address, inCorpus: Boolean(sample) }).toEqual({ address: row.address, inCorpus: true });
      expect({ address: row.address, flag: row.flag, label: sample!.labels[row.flag] }).toEqual({
        address: row.address,
        flag: row.flag,
        label: row.raw,
      });
      expect(row.corrected).not.toBe(row.raw);
      expect(row.function.length).toBeGreaterThan(0);
      // Evidence quotes a source line: it opens with a quoted line and says why.
      expect(row.evidence).toMatch(/^".+" \S/);
    }
  });

  it('applies the corrections by address and leaves other rows alone', () => {
    const dev = readCorpus('detection-dev.jsonl.gz');
    const map = readLabelCorrections();
    for (const sample of dev) {
      const fixes = map.get(sample.address.toLowerCase()) ?? {};
      const labels = correctedLabels(sample.address, sample.labels);
      for (const flag of FLAGS) expect(labels[flag]).toBe(flag in fixes ? fixes[flag] : sample.labels[flag]);
    }
    // Case does not matter, and an address without corrections is returned as is.
    const [first] = readLabelCorrectionRows();
    const sample = dev.find((s) => s.address.toLowerCase() === first.address)!;
    expect(correctedLabels(sample.address.toUpperCase().replace('0X', '0x'), sample.labels)[first.flag]).toBe(
      first.corrected,
    );
    const other = { mint: true, leak: true, limit: true };
    expect(correctedLabels('0x000000000000000000000000000000000000dead', other)).toBe(other);
  });

  it('refuses a row whose label is not the raw value it was written against', () => {
    const [first] = readLabelCorrectionRows();
    const wrong: Labels = { mint: null, leak: null, limit: null };
    wrong[first.flag] = first.raw === true ? false : true;
    expect(() => correctedLabels(first.address, wrong)).toThrow(`line ${first.line}`);
  });

  it('reads quoted fields with commas, doubled quotes and CRLF line ends', () => {
    const text = readFileSync(LABEL_CORRECTIONS_FILE, 'utf8');
    expect(parseCsv(text)[0].fields.join(',')).toBe(HEADER);
    const rows = parseLabelCorrections(
      `${HEADER}\r\n${A},leak,null,true,"f(address,uint256)","""x = a, b;"" why, with ""quotes"""\r\n`,
      corpus,
    );
    expect(rows).toEqual([
      {
        address: A,
        flag: 'leak',
        raw: null,
        corrected: true,
        function: 'f(address,uint256)',
        evidence: '"x = a, b;" why, with "quotes"',
        line: 2,
      },
    ]);
  });

  it.each([
    ['a quote inside an unquoted field', `${A},mint,true,false,f(),say "x" here`],
    ['text after a closing quote', `${A},mint,true,false,f(),"x" y`],
    ['an unclosed quote', `${A},mint,true,false,f(),"x`],
    ['too few fields', `${A},mint,true,false,f()`],
    ['a flag that is not mint/leak/limit', `${A},honeypot,true,false,f(),"""x"" y"`],
    ['a label that is not true/false/null', `${A},mint,yes,false,f(),"""x"" y"`],
    ['raw equal to corrected', `${A},mint,true,true,f(),"""x"" y"`],
    ['no evidence', `${A},mint,true,false,f(),`],
    ['a bad address', `0x1234,mint,true,false,f(),"""x"" y"`],
    ['a raw value that is not the corpus label', `${A},limit,true,false,f(),"""x"" y"`],
    ['an address not in the corpus', `0x00000000000000000000000000000000000000b2,mint,true,false,f(),"""x"" y"`],
  ])('refuses %s, naming the line', (_why, bad) => {
    const good = `${A},mint,true,false,f(),"""x"" y"`;
    expect(() => parseLabelCorrections(`${HEADER}\n\n${bad}\n`, corpus)).toThrow(/label-corrections\.csv line 3: /);
    expect(() => parseLabelCorrections(`${HEADER}\n${good}\n`, corpus)).not.toThrow();
  });

  it('refuses a wrong header and a row corrected twice', () => {
    expect(() => parseLabelCorrections('address,flag,raw,corrected,evidence\n', corpus)).toThrow(/line 1: the header/);
    const good = `${A},mint,true,false,f(),"""x"" y"`;
    expect(() => parseLabelCorrections(`${HEADER}\n${good}\n${good}\n`, corpus)).toThrow(/line 3: .* corrected twice/);
  });
});
