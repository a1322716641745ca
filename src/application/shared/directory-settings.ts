/** Product settings the use cases need (decisions.md: FRESHNESS_DAYS, SIGNALS_MIN_SAMPLE). */
export class DirectorySettings {
  constructor(
    readonly freshnessDays: number,
    readonly signalsMinSample: number,
  ) {}
}
