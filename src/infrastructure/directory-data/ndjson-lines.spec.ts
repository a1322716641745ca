import { LINE_TOO_LONG } from '../../application/directory-data/directory-import.ports';
import { ndjsonLines } from './ndjson-lines';

async function lines(chunks: (Buffer | string)[], max = 10) {
  const out: unknown[] = [];
  for await (const l of ndjsonLines(chunks, max)) out.push(l);
  return out;
}

describe('ndjsonLines', () => {
  it('splits on \\n, drops a \\r before it, and gives a last line without a newline', async () => {
    expect(await lines(['a\r\nb\n', '\nc'])).toEqual(['a', 'b', '', 'c']);
    expect(await lines(['a\n'])).toEqual(['a']);
    expect(await lines([])).toEqual([]);
  });

  it('drops a leading byte-order mark, even split across chunks, and only at the start', async () => {
    const bom = Buffer.from('\ufeff{}\n\ufeff{}\n', 'utf8');
    expect(await lines([bom])).toEqual(['{}', '\ufeff{}']);
    expect(await lines([bom.subarray(0, 1), bom.subarray(1, 2), bom.subarray(2)])).toEqual([
      '{}',
      '\ufeff{}',
    ]);
  });

  it('decodes a character split across chunks', async () => {
    const text = Buffer.from('é😀\n', 'utf8');
    const chunks = [...text].map((b) => Buffer.from([b]));
    expect(await lines(chunks)).toEqual(['é😀']);
  });

  it('counts characters, not bytes, and refuses a line past the limit, the next one read', async () => {
    expect(await lines(['éééééééééé\r\n', '12345678901\n', 'ok'])).toEqual([
      'éééééééééé',
      LINE_TOO_LONG,
      'ok',
    ]);
    expect(
      await lines(['x'.repeat(6), 'x'.repeat(6), 'x'.repeat(6), '\nok\n', 'y'.repeat(30)]),
    ).toEqual([LINE_TOO_LONG, 'ok', LINE_TOO_LONG]);
  });
});
