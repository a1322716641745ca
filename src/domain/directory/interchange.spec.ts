import { nulProblems } from './interchange';

describe('nulProblems', () => {
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
    expect(nulProblems(record).map((p) => p.field)).toEqual([
      '/name',
      '/languages/1',
      '/clinics/1/sourceId',
      '/a~1b~0c',
    ]);
  });

  it('finds nothing in a record without U+0000', () => {
    expect(nulProblems({ text: 'line\nnext\ttab \\u0000 as text', n: [1, 2] })).toEqual([]);
  });
});
