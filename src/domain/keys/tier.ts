/** Key tiers (decisions.md, Keys). */
export const TIERS = ['sandbox', 'live', 'gateway', 'admin'] as const;
export type Tier = (typeof TIERS)[number];
