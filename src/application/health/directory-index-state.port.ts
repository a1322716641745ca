/**
 * Port: whether the instance's index of the directory (the lists, the name search) is loaded.
 * Before its first load the instance is not ready (issue 49): reads that need it would wait.
 */
export abstract class DirectoryIndexState {
  /** Loaded, or loading with how far the first load is (doctors read, of how many) once known. */
  abstract state(): { loaded: true } | { loaded: false; read?: number; total?: number };
}
