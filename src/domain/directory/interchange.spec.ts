import { textProblems } from './interchange';

describe('textProblems', () => {
  it('names every string holding U+0000 by its JSON pointer, in objects and arrays', () => {
    const record = {
      type: 'doctor',
      name: 'A\u0000',
      languages: ['English', 'Tamil\u0000'],
      clinics: [{ source: 's', sourceId: 'x' }, { sourceId: '\u0000' }],
      'a/b~c': '\u0000',
      years: 3,
      nothing: null,
    };
    expect(textProblems(record).map((p) => p.field)).toEqual([
      '/name',
      '/languages/1',
      '/clinics/1/sourceId',
      '/a~1b~0c',
    ]);
  });

  it('refuses a lone surrogate of either half, and keeps well-formed pairs', () => {
    const problems = textProblems({ a: 'x\ud800', b: '\udfffy', c: 'ok 😀 \ud83d\ude00' });
    expect(problems.map((p) => p.field)).toEqual(['/a', '/b']);
    expect(problems[0].reason).toContain('surrogate');
  });

  it('finds nothing in a record of storable text', () => {
    expect(textProblems({ text: 'line\nnext\ttab \\u0000 as text 😀', n: [1, 2] })).toEqual([]);
  });
});
