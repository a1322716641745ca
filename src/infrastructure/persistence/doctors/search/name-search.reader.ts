import { DoctorCriteria, ListMoments } from '../../../../domain/directory/criteria';
import { DoctorRecord } from '../../../../domain/doctors/doctor';
import { UnavailableError } from '../../../../domain/shared/domain-error';
import { Page, PageRequest } from '../../../../domain/shared/page';
import { DoctorMemoryIndex, INDEX_WAIT_MS } from '../../directory/memory/doctor-memory-index';
import { ReferenceIds } from '../../directory/reference-ids';
import { DoctorPageReader } from '../doctor-page.reader';
import { MemoryNameSearch } from './memory-name-search';

/** How long a name search waits for the columns (at start, after a change) before a 503. */
export const NAME_INDEX_WAIT_MS = INDEX_WAIT_MS;

/**
 * The name search (issue 50, docs/name-search.md): one implementation, the name index of the
 * columns in memory (memory-name-search.ts), for REST `q`, MCP and FHIR alike. Until the columns
 * of the current directory are loaded (at start, after a change of the directory) a search
 * waits for them, at most NAME_INDEX_WAIT_MS, then answers 503 `unavailable` (Retry-After).
 */
export class NameSearchReader {
  constructor(
    private readonly refs: ReferenceIds,
    private readonly pages: DoctorPageReader,
    private readonly memory: DoctorMemoryIndex | undefined,
    private readonly waitMs = NAME_INDEX_WAIT_MS,
  ) {
    this.inMemory = new MemoryNameSearch(pages);
  }

  private readonly inMemory: MemoryNameSearch;

  async search(
    q: string,
    criteria: DoctorCriteria,
    page: PageRequest,
    now: Date,
    moments?: ListMoments,
  ): Promise<Page<DoctorRecord>> {
    const ids = await this.refs.resolve(criteria);
    if (ids.impossible) return { items: [], total: 0 };
    const columns = await this.memory?.forNames(this.waitMs);
    if (!columns) {
      throw new UnavailableError('The name index is loading; retry shortly.');
    }
    this.memory!.answered++;
    return this.inMemory.read(columns, q, criteria, ids, page, now, moments);
  }
}
