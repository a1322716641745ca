import { Injectable } from '@nestjs/common';
import { DirectoryIndexState } from '../../../../application/health/directory-index-state.port';
import { DoctorMemoryIndex } from './doctor-memory-index';
import { DataVersion, ServedDataVersion } from '../../../../application/sync/sync.ports';

/** The directory's index state for the readiness answer: the doctor columns' first load. */
@Injectable()
export class MemoryIndexState extends DirectoryIndexState {
  constructor(private readonly index: DoctorMemoryIndex) {
    super();
  }

  state(): { loaded: true } | { loaded: false; read?: number; total?: number } {
    if (this.index.isLoaded) return { loaded: true };
    const p = this.index.firstLoadProgress;
    return p ? { loaded: false, read: p.read, total: p.total } : { loaded: false };
  }
}

/** The data version of the copy the lists answer from (GetDataVersionUseCase). */
@Injectable()
export class MemoryIndexVersion extends ServedDataVersion {
  constructor(private readonly index: DoctorMemoryIndex) {
    super();
  }

  current(): DataVersion | undefined {
    return this.index.servedVersion;
  }
}
