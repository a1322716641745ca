import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, Observable, switchMap } from 'rxjs';
import { GetDataVersionUseCase } from '../../../application/sync/sync.use-cases';

/** Where @ApiOperation keeps its options (DECORATORS.API_OPERATION; not exported by the package). */
const API_OPERATION = 'swagger/apiOperation';

/** The list operations whose envelopes carry `dataVersion` (issue 34, item 3). */
export const DATA_VERSION_OPERATIONS: ReadonlySet<string> = new Set([
  'listDoctors',
  'searchDoctors',
  'listDoctorReviews',
  'listClinics',
  'listClinicReviews',
  'listSpecialists',
]);

/**
 * Adds `dataVersion` (the directory's current data version, cached until `directory_changed`)
 * to the list envelopes. The version is read before the list, so the page is at least as new as
 * the version it names: a client that syncs from that version's cursor can only see a change
 * twice, never miss one.
 */
@Injectable()
export class DataVersionInterceptor implements NestInterceptor {
  private readonly handlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly version: GetDataVersionUseCase,
  ) {}

  /** Whether a handler's answer carries `dataVersion`, read from its metadata once. */
  private carriesVersion(handler: object): boolean {
    let carries = this.handlers.get(handler);
    if (carries === undefined) {
      const op = this.reflector.get<{ operationId?: string } | undefined>(
        API_OPERATION,
        handler as () => unknown,
      );
      carries = !!op?.operationId && DATA_VERSION_OPERATIONS.has(op.operationId);
      this.handlers.set(handler, carries);
    }
    return carries;
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.carriesVersion(ctx.getHandler())) return next.handle();
    const version = this.version.execute();
    // A list that fails does not leave the version's promise unhandled.
    version.catch(() => undefined);
    return next
      .handle()
      .pipe(
        switchMap((body: unknown) =>
          from(
            version.then((v) =>
              body && typeof body === 'object' && !Array.isArray(body)
                ? { ...body, dataVersion: v.version }
                : body,
            ),
          ),
        ),
      );
  }
}
