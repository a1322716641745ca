/** An operator of the dashboard (decisions.md, Admin dashboard). Never their password or hash. */
export interface Operator {
  readonly id: string;
  readonly email: string;
  readonly createdAt: Date;
  readonly passwordChangedAt: Date;
  readonly disabledAt: Date | null;
}

export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords only cost hashing time: refuse them rather than hash megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

const EMAIL = /^[^\s@<>"'\x60]{1,64}@[^\s@<>"'\x60]+\.[^\s@<>"'\x60]{2,}$/;

/** The address as stored and compared: trimmed, lower-case; null when it is not an address. */
export function normalizeEmail(raw: string): string | null {
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) ? e : null;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `a password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `a password has at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** What the audit log records (decisions.md): sign-ins, keys, operators, sessions. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_refused',
  'sign_out',
  'sessions_ended',
  'password_changed',
  'key_issued',
  'key_revoked',
  'operator_added',
  'operator_disabled',
  'operator_password_set',
  'operator_unlocked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  readonly at: Date;
  readonly operatorId: string | null;
  readonly operatorEmail: string | null;
  readonly action: AuditAction;
  readonly target: string | null;
  readonly ip: string | null;
  readonly detail: string | null;
}
