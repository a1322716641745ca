import fc from 'fast-check';
import { InvalidParamError } from '../../domain/shared/domain-error';
import { ListCursors, ListScope } from './list-cursor';

const caps = { sandboxMaxLimit: 10, sandboxMaxWindow: 50 };
const bounds = { defaultLimit: 25, maxLimit: 100 };
const doctors: ListScope = { kind: 'doctors', query: { accepting: true, languages: ['Tamil'] } };

describe('ListCursors', () => {
  const cursors = new ListCursors('secret-a');

  it('gives back the start and key it signed, for the same list and query', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2_000_000 }),
        fc.string({ maxLength: 60 }),
        fc.stringMatching(/^\d{1,10}$/),
        (start, name, cpso) => {
          const c = cursors.encode(doctors, start, [name, cpso]);
          expect(c).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
          expect(cursors.decode(c, doctors)).toEqual({ start, key: [name, cpso] });
        },
      ),
      { seed: 34, numRuns: 200 },
    );
  });

  it('reads the query as matching does: key order, case and spaces, absent values', () => {
    const c = cursors.encode(doctors, 5, ['a', '1']);
    const same = {
      kind: 'doctors',
      query: { languages: [' tamil'], gender: undefined, accepting: true },
    };
    expect(cursors.decode(c, same as ListScope).start).toBe(5);
  });

  it('refuses another secret, list or query, and keys of the wrong shape', () => {
    const c = cursors.encode(doctors, 5, ['a', '1']);
    const refused = (f: () => unknown, message: RegExp) => {
      expect(f).toThrow(InvalidParamError);
      expect(f).toThrow(message);
    };
    refused(() => new ListCursors('secret-b').decode(c, doctors), /altered/);
    refused(() => cursors.decode(c, { ...doctors, kind: 'clinics' }), /another list/);
    refused(() => cursors.decode(c, { ...doctors, query: {} }), /other parameters/);
    // Signed by us but of another shape (a key of three values for a name-ordered list).
    const odd = cursors.encode(doctors, 5, [1, 'a', '1']);
    refused(() => cursors.decode(odd, doctors), /malformed/);
    refused(() => cursors.decode(cursors.encode(doctors, -1, ['a', '1']), doctors), /malformed/);
  });

  it('plans a page by offset or by cursor, never both, with the sandbox window counted from the start', () => {
    expect(cursors.plan({ limit: 30, offset: 40 }, 'sandbox', caps, bounds, doctors)).toEqual({
      request: { limit: 10, offset: 40 },
      start: 40,
      window: 50,
    });
    const c = cursors.encode(doctors, 45, ['a', '1']);
    const plan = cursors.plan({ limit: 30, cursor: c }, 'sandbox', caps, bounds, doctors);
    expect(plan.request).toEqual({ limit: 5, offset: 0, after: ['a', '1'] });
    const live = cursors.plan({ cursor: c }, 'live', caps, bounds, doctors);
    expect(live.request).toEqual({ limit: 25, offset: 0, after: ['a', '1'] });
    expect(() => cursors.plan({ offset: 0, cursor: c }, 'live', caps, bounds, doctors)).toThrow(
      /cursor and offset/,
    );
    // The next cursor: after a full page, not after a short one, nor at the window's end.
    const full = { items: [1, 2, 3, 4, 5], total: 99, lastKey: ['e', '5'] };
    expect(cursors.next(plan, doctors, full)).toBeNull(); // 45 + 5 = the window
    const next = cursors.next(live, doctors, { ...full, items: new Array(25).fill(0) });
    expect(cursors.decode(next!, doctors)).toEqual({ start: 70, key: ['e', '5'] });
    expect(cursors.next(live, doctors, full)).toBeNull(); // 5 of 25: the last page
    // A page chosen full from an instance's copy whose rows came back fewer (removed since the
    // copy was loaded): the list goes on from its last row; one chosen short ends it.
    const gone = cursors.next(live, doctors, { ...full, full: true });
    expect(cursors.decode(gone!, doctors)).toEqual({ start: 50, key: ['e', '5'] });
    expect(
      cursors.next(live, doctors, { ...full, items: new Array(25).fill(0), full: false }),
    ).toBeNull();
    expect(
      cursors.next(live, doctors, { ...full, items: [], lastKey: undefined, full: true }),
    ).toBeNull();
  });
});
