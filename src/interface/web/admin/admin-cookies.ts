/** The dashboard's session cookie (decisions.md): HttpOnly, Secure, SameSite=Strict, Path=/. */
export const SESSION_COOKIE = '__Host-gtad_admin';

export const sessionCookieOptions = (expires?: Date) => ({
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'strict' as const,
  ...(expires ? { expires } : {}),
});
