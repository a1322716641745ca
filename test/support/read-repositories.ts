import { ReadCache } from '../../src/application/shared/read-cache';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { ReferenceIds } from '../../src/infrastructure/persistence/directory/reference-ids';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { SearchTuning } from '../../src/infrastructure/persistence/doctors/search-tuning';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { DataSource } from 'typeorm';
import { namesOnlyMemory } from '../../scripts/bench/recording';

/** The doctor read repository as the service wires it, on `ds` with `cache` (and `memory`'s columns). */
export function doctorReadRepository(
  ds: DataSource,
  cache: ReadCache,
  tuning?: SearchTuning,
  memory?: DoctorMemoryIndex,
): TypeOrmDoctorReadRepository {
  return new TypeOrmDoctorReadRepository(
    ds,
    new ReferenceIds(ds, cache),
    new ListTotals(ds, cache),
    tuning,
    memory ?? namesOnlyMemory(ds),
  );
}

/** The clinic read repository as the service wires it, on `ds` with `cache`. */
export function clinicReadRepository(
  ds: DataSource,
  cache: ReadCache,
): TypeOrmClinicReadRepository {
  return new TypeOrmClinicReadRepository(
    ds,
    new ReferenceIds(ds, cache),
    new ListTotals(ds, cache),
  );
}
