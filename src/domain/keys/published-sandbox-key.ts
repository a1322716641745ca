/**
 * The published shared sandbox key (decisions.md, Keys): shown in the README and printed by
 * `keys sandbox`. Not a secret. SANDBOX_KEY replaces it; this default keeps a fresh checkout usable
 * with nothing configured. It is a well-formed key with a correct check.
 */
export const DEFAULT_SANDBOX_KEY = 'gtad_sandbox_fgEqYTYQKwfBbddaXo1IBmJctdI8COnV18aX5h';
