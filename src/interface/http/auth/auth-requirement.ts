/**
 * What a route asks of its caller. Routes without a requirement are `authenticated`: a route is
 * public only when it says so.
 */
export type AuthRequirement = 'public' | 'authenticated' | 'rotating';

export const AUTH_REQUIREMENT = 'gtad:auth-requirement';
