/** ADMIN_IDLE_MINUTES and ADMIN_SESSION_HOURS, bound by the composition root. */
export class AdminSettings {
  constructor(
    readonly idleMinutes: number,
    readonly sessionHours: number,
  ) {}
}
