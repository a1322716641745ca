import {
  COLLECT_ROW_COST,
  isCountedSearch,
  NameSearchCounts,
  NameSearchSituation,
  planNameSearch,
} from './name-search.planner';

/** Doctors and break-even chosen so that each threshold is a whole square: reach x B = 1000². */
const DOCTORS = 1_000;
const TUNING = { walkLimit: Number.POSITIVE_INFINITY, nearWalkBreakEven: 40_000 };
const REACH = 25;

const counts = (c: Partial<NameSearchCounts>): NameSearchCounts => ({
  doctors: DOCTORS,
  startingWith: 0,
  containing: 0,
  walkRows: undefined,
  ...c,
});

const situation = (s: Partial<NameSearchSituation>): NameSearchSituation => ({
  counts: undefined,
  reach: REACH,
  near: false,
  pieceLength: 3,
  ...s,
});

/** s names start with q, r more contain it. */
const plan = (s: number, r: number, more: Partial<NameSearchSituation> = {}, walkRows?: number) =>
  planNameSearch(
    situation({ counts: counts({ startingWith: s, containing: s + r, walkRows }), ...more }),
    TUNING,
  );

describe('isCountedSearch', () => {
  it.each([
    [0, undefined, 2, true],
    [0, undefined, 3, true],
    [0, undefined, 4, false],
    [1, undefined, 2, false],
    [0, 5, 2, false],
  ])('filters %p, radius %p, %p letters: %p', (filters, radius, length, counted) => {
    expect(isCountedSearch(filters, radius, length)).toBe(counted);
  });
});

describe('planNameSearch', () => {
  it('leaves both ranks to the planner when not counted, on a plan made for the values', () => {
    for (const near of [false, true])
      expect(planNameSearch(situation({ near }), TUNING)).toEqual({
        prefix: 'planner',
        rest: 'planner',
        walkBound: undefined,
        fixed: false,
      });
  });

  it('leaves both ranks to the planner for a length not counted, on a generic plan', () => {
    const oneLetter = counts({ startingWith: undefined, containing: undefined });
    for (const near of [false, true])
      expect(
        planNameSearch(situation({ counts: oneLetter, near, pieceLength: 1 }), TUNING),
      ).toEqual({ prefix: 'planner', rest: 'planner', walkBound: undefined, fixed: true });
  });

  describe('without a location', () => {
    it('reads no prefix rank when no name starts with q, else the range in order (planner)', () => {
      expect(plan(0, 5).prefix).toBe('none');
      expect(plan(1, 5).prefix).toBe('planner');
    });

    it('reads no other names when the prefix fills the reach (s - 1 >= reach)', () => {
      expect(plan(REACH + 1, 500, {}, 1_024).rest).toBe('none');
      expect(plan(REACH, 500, {}, 1_024).rest).toBe('walk');
    });

    it('reads no other names when none contains q without starting with it', () => {
      expect(plan(3, 0, {}, 1_024).rest).toBe('none');
    });

    it('walks when the walk reads fewer rows than COLLECT_ROW_COST x the matches', () => {
      const r = 128;
      expect(COLLECT_ROW_COST * r).toBe(1_024);
      expect(plan(0, r, {}, 1_023)).toEqual({
        prefix: 'none',
        rest: 'walk',
        walkBound: 1_023,
        fixed: true,
      });
      expect(plan(0, r, {}, 1_024).rest).toBe('collect');
      expect(plan(0, r + 1, {}, 1_024).rest).toBe('walk');
    });

    it('collects when no checkpoint holds the reach', () => {
      expect(plan(0, 10_000, {}, undefined)).toEqual({
        prefix: 'none',
        rest: 'collect',
        walkBound: undefined,
        fixed: true,
      });
    });

    it("bounds the walk by the tuning's walk limit past the reach", () => {
      const short = planNameSearch(
        situation({ counts: counts({ startingWith: 0, containing: 500, walkRows: 1_024 }) }),
        { ...TUNING, walkLimit: 0 },
      );
      expect(short).toMatchObject({ rest: 'walk', walkBound: REACH });
    });
  });

  describe('near a point', () => {
    const near = { near: true };

    it('weighs the prefix rank: walk once s² exceeds reach x break-even, else collect', () => {
      expect(plan(0, 0, near).prefix).toBe('none');
      expect(plan(1, 0, near).prefix).toBe('collect');
      expect(plan(1_000, 0, near).prefix).toBe('collect');
      expect(plan(1_001, 0, near).prefix).toBe('walk');
    });

    it('weighs three letters as the prefix, at reach x break-even', () => {
      expect(plan(0, 1_000, near).rest).toBe('collect');
      expect(plan(0, 1_001, near)).toEqual({
        prefix: 'none',
        rest: 'walk',
        walkBound: undefined,
        fixed: true,
      });
    });

    it('weighs two letters at reach x doctors (each passed row is fetched)', () => {
      // 1,024 doctors: the threshold is 25 x 1,024 = 160².
      const two = (r: number) =>
        planNameSearch(
          situation({
            near: true,
            pieceLength: 2,
            counts: { ...counts({ startingWith: 0, containing: r }), doctors: 1_024 },
          }),
          TUNING,
        ).rest;
      expect(two(160)).toBe('collect');
      expect(two(161)).toBe('walk');
      // Three letters with the same counts weigh at the break-even: still collected.
      expect(plan(0, 161, near).rest).toBe('collect');
    });

    it('reads no other names when none remain or the prefix fills the reach', () => {
      expect(plan(5, 0, near).rest).toBe('none');
      expect(plan(REACH + 1, 5_000, near).rest).toBe('none');
      expect(plan(REACH, 5_000, near).rest).toBe('walk');
    });
  });
});
