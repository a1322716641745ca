import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminSession } from '../../../application/operators/admin-session.repository';
import { ResolveSessionUseCase } from '../../../application/operators/resolve-session.use-case';
import { ApiError } from '../../http/errors/api-error';
import { SignInRequired } from '../web-page';
import { SESSION_COOKIE } from './admin-cookies';

const SIGNED_OUT_PAGE = 'admin:signed-out-page';
/** A dashboard page reachable without a session (the sign-in page). */
export const SignedOutPage = () => SetMetadata(SIGNED_OUT_PAGE, true);

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
  interface FastifyInstance {
    csrfProtection(req: FastifyRequest, reply: FastifyReply, next: (err?: Error) => void): void;
  }
}

/**
 * Every dashboard route: resolves the session cookie (idle, absolute and disabled checks), sends
 * a signed-out browser to the sign-in page, and refuses a POST without a CSRF token bound to the
 * caller's session (403). Cross-origin posts are refused earlier, app-wide (Fetch Metadata and
 * Origin).
 */
@Injectable()
export class AdminPageGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolve: ResolveSessionUseCase,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const session = await this.resolve.execute(req.cookies?.[SESSION_COOKIE]);
    if (session) {
      req.adminSession = session;
      req.csrfBinding = session.idHash.toString('base64url');
    }
    const signedOutPage = this.reflector.getAllAndOverride<boolean>(SIGNED_OUT_PAGE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!session && !signedOutPage) throw new SignInRequired();
    if (req.method === 'POST') await verifyCsrf(req.server, req);
    return true;
  }
}

/** The CSRF plugin's own check, answered in the contract's way (403 `forbidden`). */
function verifyCsrf(server: FastifyInstance, req: FastifyRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const refuse = () =>
      reject(
        new ApiError(
          'forbidden',
          'This form has expired or did not come from this dashboard: reload the page and try again.',
        ),
      );
    const reply = { send: refuse } as unknown as FastifyReply;
    server.csrfProtection(req, reply, (err) => (err ? refuse() : resolve()));
  });
}
