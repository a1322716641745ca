import { CatalogueNames } from '../../src/application/metadata/catalogue-names';
import { ListTotals } from '../../src/infrastructure/persistence/directory/list-totals';
import { ReferenceIds } from '../../src/infrastructure/persistence/directory/reference-ids';
import { DataSource } from 'typeorm';
import { GetClinicUseCase } from '../../src/application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../src/application/clinics/list-clinics.use-case';
import { ListSpecialistsUseCase } from '../../src/application/clinics/list-specialists.use-case';
import { GetDoctorSummaryUseCase } from '../../src/application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../src/application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../src/application/doctors/list-doctors.use-case';
import { SearchDoctorsUseCase } from '../../src/application/doctors/search-doctors.use-case';
import { ListLanguagesUseCase } from '../../src/application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../src/application/metadata/list-specialties.use-case';
import { GetClinicSignalsUseCase } from '../../src/application/reviews/get-clinic-signals.use-case';
import { GetDoctorSignalsUseCase } from '../../src/application/reviews/get-doctor-signals.use-case';
import { ListClinicReviewsUseCase } from '../../src/application/reviews/list-clinic-reviews.use-case';
import { ListDoctorReviewsUseCase } from '../../src/application/reviews/list-doctor-reviews.use-case';
import { SystemClock } from '../../src/application/shared/clock';
import { ListMomentsResolver } from '../../src/application/shared/list-moments';
import { ClinicOpening } from '../../src/application/clinics/clinic-opening';
import { DateHolidaysOntarioCalendar } from '../../src/infrastructure/holidays/date-holidays-ontario.calendar';
import { DirectorySettings } from '../../src/application/shared/directory-settings';
import { KeepingReadCache, NoReadCache, ReadCache } from '../../src/application/shared/read-cache';
import { TypeOrmClinicReadRepository } from '../../src/infrastructure/persistence/clinics/typeorm-clinic-read.repository';
import { TypeOrmDoctorReadRepository } from '../../src/infrastructure/persistence/doctors/typeorm-doctor-read.repository';
import { loadDoctorColumns } from '../../src/infrastructure/persistence/directory/memory/doctor-columns.loader';
import { DoctorColumns } from '../../src/infrastructure/persistence/directory/memory/doctor-columns';
import { DoctorMemoryIndex } from '../../src/infrastructure/persistence/directory/memory/doctor-memory-index';
import { TypeOrmMetadataRepository } from '../../src/infrastructure/persistence/metadata/typeorm-metadata.repository';
import { TypeOrmReviewReadRepository } from '../../src/infrastructure/persistence/reviews/typeorm-review-read.repository';
import {
  CHANGES_PAGE_SQL,
  changeRecordsStatement,
} from '../../src/infrastructure/persistence/sync/pg-sync.store';
import { ChangeKey, SyncedType } from '../../src/application/sync/sync.ports';

/** One statement as the repositories sent it. */
export interface RecordedQuery {
  readonly sql: string;
  readonly params: readonly unknown[];
}

export interface Recorder {
  /** A DataSource that records every `query` call, then runs it on the real one. */
  readonly dataSource: DataSource;
  /** The statements recorded since the last call, in the order they were sent. */
  take(): RecordedQuery[];
}

/**
 * Wraps `ds` so that the repositories' own SQL can be captured: the repositories are
 * constructed over the proxy and call `query(sql, params)` as in the service, the proxy notes
 * the statement and forwards it (so multi-step reads, which use an earlier row, still work).
 */
/** The DataSource under a recording one (what a load of the columns reads through, unrecorded). */
const UNRECORDED = Symbol('unrecorded');

export function recordingDataSource(ds: DataSource): Recorder {
  let log: RecordedQuery[] = [];
  const query = (sql: string, params?: unknown[]) => {
    log.push({ sql, params: params ?? [] });
    return ds.query(sql, params);
  };
  const proxy = new Proxy(ds, {
    get(target, prop, receiver) {
      if (prop === 'query') return query;
      if (prop === UNRECORDED) return target;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return {
    dataSource: proxy,
    take() {
      const out = log;
      log = [];
      return out;
    },
  };
}

/**
 * The doctor lists' columns loaded once from `ds` (not recorded: an instance loads them at start
 * and after each change, not per request), as a DoctorMemoryIndex that always has them.
 */
export async function loadedMemory(ds: DataSource): Promise<DoctorMemoryIndex> {
  const columns = await loadDoctorColumns((sql, params) => ds.query(sql, params));
  return {
    current: () => columns,
    forLists: () => Promise.resolve(columns),
    forNames: () => Promise.resolve(columns),
    answered: 0,
  } as unknown as DoctorMemoryIndex;
}

/**
 * For readers whose lists read SQL: the name search's columns (it has no other way to answer,
 * issue 50), loaded from `ds` at the first search, the lists still from SQL.
 */
export function namesOnlyMemory(ds: DataSource): DoctorMemoryIndex {
  let loading: Promise<DoctorColumns> | undefined;
  return {
    current: () => undefined,
    forLists: () => Promise.resolve(undefined),
    // Through the DataSource under a recording one: an instance loads the columns at start and
    // after each change, not per request.
    forNames: () => {
      const under = (ds as unknown as Record<symbol, DataSource | undefined>)[UNRECORDED] ?? ds;
      return (loading ??= loadDoctorColumns((sql, params) => under.query(sql, params)));
    },
    answered: 0,
  } as unknown as DoctorMemoryIndex;
}

/**
 * The lists as `npm run plans` explains them: as a loaded instance answers them (the columns in
 * memory), or, with BENCH_PLANS_LISTS=sql, as one reads them from SQL (while the columns load, or
 * with LISTS_FROM_SQL=true).
 */
export async function plansMemory(
  ds: DataSource,
  log: (m: string) => void,
): Promise<DoctorMemoryIndex | undefined> {
  if (process.env.BENCH_PLANS_LISTS === 'sql') {
    log('random cases: the lists read from SQL (BENCH_PLANS_LISTS=sql)');
    return undefined;
  }
  const started = Date.now();
  const memory = await loadedMemory(ds);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `random cases: the lists answered from the columns in memory (loaded in ${seconds} s; BENCH_PLANS_LISTS=sql explains the SQL path)`,
  );
  return memory;
}

/**
 * The use cases of the service over the TypeORM repositories, with no cache (so SQL always runs),
 * except for the counts of name pieces: a whole-table read that each instance makes once, not a
 * cost of any request or filter combination. `names` caches the names and totals as a warm
 * instance does (the bench's direct SQL), the default caches nothing (npm run plans).
 */
export function directoryUseCases(
  ds: DataSource,
  names: ReadCache = new NoReadCache(),
  /** The lists' columns in memory, as a loaded instance answers (none: the lists' SQL). */
  memory?: DoctorMemoryIndex,
) {
  const cache = new NoReadCache();
  const refs = new ReferenceIds(ds, names);
  const totals = new ListTotals(ds, names);
  const doctors = new TypeOrmDoctorReadRepository(
    ds,
    refs,
    totals,
    undefined,
    memory ?? namesOnlyMemory(ds),
  );
  const clinics = new TypeOrmClinicReadRepository(ds, refs, totals, memory);
  const reviews = new TypeOrmReviewReadRepository(ds);
  const metadata = new TypeOrmMetadataRepository(ds);
  const clock = new SystemClock();
  const settings = new DirectorySettings(30, 5);
  // Openness at the request's moment (issue 33), on the service's Ontario calendar.
  const calendar = new DateHolidaysOntarioCalendar();
  const moments = new ListMomentsResolver(calendar);
  const opening = new ClinicOpening(calendar);
  // The catalogue's names and aliases, read once (as a warm instance holds them).
  const catalogue = new CatalogueNames(metadata, new KeepingReadCache());
  return {
    repositories: { doctors, clinics, reviews, metadata },
    listDoctors: new ListDoctorsUseCase(doctors, clock, settings, moments, catalogue),
    searchDoctors: new SearchDoctorsUseCase(doctors, clock, settings, moments, catalogue),
    summary: new GetDoctorSummaryUseCase(doctors, clock, settings, cache),
    getDoctor: new GetDoctorUseCase(doctors, clock, settings, opening),
    doctorReviews: new ListDoctorReviewsUseCase(reviews),
    doctorSignals: new GetDoctorSignalsUseCase(reviews, settings),
    listClinics: new ListClinicsUseCase(clinics, clock, moments, catalogue),
    getClinic: new GetClinicUseCase(clinics, clock, opening),
    clinicReviews: new ListClinicReviewsUseCase(reviews),
    clinicSignals: new GetClinicSignalsUseCase(reviews, settings),
    specialists: new ListSpecialistsUseCase(clinics, clock, moments, catalogue),
    specialties: new ListSpecialtiesUseCase(metadata, cache),
    languages: new ListLanguagesUseCase(metadata, cache),
    /**
     * The change feed's statements (pg-sync.store.ts): the page, then the records of its upserts,
     * one statement per type (the service sends them in one REPEATABLE READ transaction).
     */
    changes: {
      async page(after: number, limit: number): Promise<void> {
        const rows = await ds.query<{ type: SyncedType; op: string; key: ChangeKey }[]>(
          CHANGES_PAGE_SQL,
          [after, limit + 1],
        );
        const page = rows.slice(0, limit);
        for (const type of ['clinic', 'doctor', 'offering', 'review'] as const) {
          const keys = page.filter((r) => r.type === type && r.op === 'upsert').map((r) => r.key);
          if (keys.length === 0) continue;
          const { sql, values } = changeRecordsStatement(type, keys);
          await ds.query(sql, values);
        }
      },
    },
  };
}

export type DirectoryUseCases = ReturnType<typeof directoryUseCases>;
