/** Years of practice are derived from the year practice began, so they never go out of date. */
export function yearsOfPractice(practiceStartYear: number, now: Date): number {
  return Math.max(0, now.getUTCFullYear() - practiceStartYear);
}

/** The latest start year of a doctor with at least `years` of practice. */
export function latestStartYearFor(years: number, now: Date): number {
  return now.getUTCFullYear() - years;
}
