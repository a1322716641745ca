import {
  ClinicRecord,
  clinicProblems,
  DirectoryRecord,
  DoctorRecord,
  doctorProblems,
  ontarioPhone,
  ontarioPostalCode,
  RecordProblem,
  recordKey,
  reviewProblems,
  textProblems,
} from '../../domain/directory/interchange';
import {
  DirectoryImportStore,
  ImportOptions,
  InputLine,
  LINE_TOO_LONG,
  RecordSchema,
  Rejection,
} from './directory-import.ports';

export interface ImportSummary {
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly rejected: number;
  readonly expired: number;
  /** Reviews, offerings and clinics absent from a --snapshot file, removed. */
  readonly removed: number;
  readonly seconds: number;
  /** False for a dry run, or a strict import with rejections: nothing was written. */
  readonly applied: boolean;
}

/**
 * A line longer than this is refused without parsing (a record is well under 10 KiB); the reader
 * stops holding a line at this length (ndjsonLines), so a huge line costs no memory.
 */
export const MAX_LINE_CHARS = 100_000;

/**
 * `data import`: streams NDJSON lines, refuses what does not conform (schema, then the rules of
 * the format), stages the rest, and lets the store check references and apply it all in one
 * transaction. Every refusal goes to `reject` with its line, key, field and reason.
 */
export class ImportDirectoryUseCase {
  constructor(
    private readonly schema: RecordSchema,
    private readonly store: DirectoryImportStore,
  ) {}

  async execute(
    lines: AsyncIterable<InputLine>,
    opts: ImportOptions,
    reject: (r: Rejection) => void,
    progress: (line: number) => void = () => undefined,
  ): Promise<ImportSummary> {
    const t0 = Date.now();
    let rejected = 0;
    const refuse = (r: Rejection) => {
      rejected++;
      reject(r);
    };
    const session = await this.store.begin(opts);
    try {
      let n = 0;
      for await (const text of lines) {
        n++;
        progress(n);
        if (text !== LINE_TOO_LONG && text.trim() === '') continue;
        const checked = this.check(text, opts.source);
        if ('problems' in checked) {
          for (const p of checked.problems.slice(0, 1))
            refuse({ line: n, key: checked.key, field: p.field, reason: p.reason });
          continue;
        }
        await session.stage(n, checked.record);
      }
      const result = await session.finish(
        { ...opts, apply: (later) => !opts.dryRun && !(opts.strict && rejected + later > 0) },
        refuse,
      );
      return {
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        rejected,
        expired: result.expired,
        removed: result.removed,
        seconds: Math.round((Date.now() - t0) / 100) / 10,
        applied: result.applied,
      };
    } catch (e) {
      await session.abort();
      throw e;
    }
  }

  /** A record ready to stage, or why not (the first problem is reported). */
  private check(
    text: InputLine,
    source: string,
  ): { record: DirectoryRecord } | { problems: RecordProblem[]; key: string | null } {
    if (text === LINE_TOO_LONG || text.length > MAX_LINE_CHARS)
      return {
        key: null,
        problems: [{ field: '', reason: `line longer than ${MAX_LINE_CHARS} characters` }],
      };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return { key: null, problems: [{ field: '', reason: `not JSON: ${(e as Error).message}` }] };
    }
    const key = parsed && typeof parsed === 'object' ? recordKey(parsed) : null;
    const shape = this.schema.problems(parsed);
    if (shape.length) return { key, problems: shape };
    const unstorable = textProblems(parsed);
    if (unstorable.length) return { key, problems: unstorable };
    const record = parsed as DirectoryRecord;
    if (record.source !== source)
      return {
        key,
        problems: [
          {
            field: '/source',
            reason: `this import is for source "${source}", the record says "${record.source}"`,
          },
        ],
      };
    const rules =
      record.type === 'clinic'
        ? clinicProblems(record)
        : record.type === 'doctor'
          ? doctorProblems(record)
          : record.type === 'review'
            ? reviewProblems(record)
            : [];
    if (rules.length) return { key, problems: rules };
    return { record: normalise(record) };
  }
}

/** Stored forms: postal codes as `A1A 1A1`, phones as `(416) 555-0100`. */
function normalise(r: DirectoryRecord): DirectoryRecord {
  if (r.type === 'clinic') {
    const c: ClinicRecord = {
      ...r,
      postalCode: ontarioPostalCode(r.postalCode)!,
      phone: ontarioPhone(r.phone)!,
    };
    return c;
  }
  if (r.type === 'doctor') {
    const d: DoctorRecord = { ...r, bookingPhone: ontarioPhone(r.bookingPhone)! };
    return d;
  }
  return r;
}
