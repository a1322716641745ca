import 'reflect-metadata';
import { ClinicsController } from '../clinics/clinics.controller';
import { SpecialistsController } from '../clinics/specialists.controller';
import { DoctorsController } from '../doctors/doctors.controller';
import { DATA_VERSION_OPERATIONS, DataVersionInterceptor } from './data-version.interceptor';

/** Where @UseInterceptors and @ApiOperation keep their metadata (Nest's and Swagger's keys). */
const INTERCEPTORS_METADATA = '__interceptors__';
const API_OPERATION = 'swagger/apiOperation';

describe('DataVersionInterceptor on the lists', () => {
  // The interceptor is no longer global (so that /ping and the other routes skip an rxjs
  // pipeline): every list operation whose envelope carries dataVersion must name it itself.
  it('is on the handler of every data-version operation, and on no other handler', () => {
    const found = new Set<string>();
    for (const controller of [DoctorsController, ClinicsController, SpecialistsController]) {
      const proto = controller.prototype as unknown as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const op = Reflect.getMetadata(API_OPERATION, handler) as
          { operationId?: string } | undefined;
        if (!op?.operationId) continue;
        const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ??
          []) as unknown[];
        const carries = DATA_VERSION_OPERATIONS.has(op.operationId);
        expect([op.operationId, interceptors.includes(DataVersionInterceptor)]).toEqual([
          op.operationId,
          carries,
        ]);
        if (carries) found.add(op.operationId);
      }
    }
    expect([...found].sort()).toEqual([...DATA_VERSION_OPERATIONS].sort());
  });
});
