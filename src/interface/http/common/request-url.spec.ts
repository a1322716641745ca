import { urlProblem } from './request-url';

describe('urlProblem', () => {
  const ok = (u: string) => expect(urlProblem(u, 4096)).toBeNull();
  const bad = (u: string, why: RegExp) => expect(urlProblem(u, 4096)).toMatch(why);

  it('accepts ordinary paths and queries, including encoded UTF-8 and plus signs', () => {
    ok('/api/v1/doctors?languages=Fran%C3%A7ais,Punjabi&q=O%27Brien+Smith');
    ok('/api/v1/clinics/6f1c2a2e-4a55-4b8e-9a43-3e0ae7f1f2b1/reviews');
    ok('/api/v1/doctors/search?q=%E4%B8%AD%E6%96%87');
  });

  it('refuses NUL and other control characters, raw or encoded', () => {
    bad('/api/v1/doctors/a%00b', /control character/);
    bad('/api/v1/doctors/search?q=a%0Ab', /control character/);
    bad('/api/v1/doctors/search?q=ab%7F', /control character/);
    bad('/api/v1/doctors/a\u0001b', /control character/);
  });

  it('refuses invalid UTF-8 after percent-decoding (bad continuation, overlong, lone surrogate)', () => {
    bad('/api/v1/doctors?specialty=%C3%28', /UTF-8/);
    bad('/api/v1/doctors?q=%C0%AF', /UTF-8/);
    bad('/api/v1/doctors?q=%ED%A0%80', /UTF-8/);
    bad('/api/v1/doctors?q=%FF', /UTF-8/);
  });

  it('refuses malformed percent-encodings', () => {
    bad('/api/v1/specialists%?specialty=x', /percent-encoding/);
    bad('/api/v1/doctors?q=%E0%A4%A', /percent-encoding/);
    bad('/api/v1/doctors?q=%zz', /percent-encoding/);
  });

  it('bounds the length', () => {
    expect(urlProblem('/api/v1/doctors?q=' + 'a'.repeat(100), 50)).toMatch(/longer than 50/);
  });
});
