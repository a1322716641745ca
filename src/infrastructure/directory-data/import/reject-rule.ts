import { Rejection } from '../../../application/directory-data/directory-import.ports';
import { ImportSql } from './import-sql';

export type StagingTable = 's_clinics' | 's_doctors' | 's_offerings' | 's_reviews' | 's_names';

/**
 * One refusal of the checks, as SQL over one staging table (its row is `s` in `where`; `key`,
 * `field` and `reason` read the refused row's columns). A refused row leaves its staging table
 * for the report; a line already refused by an earlier rule keeps that first reason.
 */
export interface RejectRule {
  /** What the rule refuses, for the reader of the rule tables. */
  readonly name: string;
  readonly table: StagingTable;
  /** The rows refused. */
  readonly where: string;
  /** The report's key of the record, e.g. `'doctor:' || cpso_number`. */
  readonly key: string;
  /** The JSON pointer of the field at fault, `''` for the whole record. */
  readonly field: string;
  /** The report's reason text. */
  readonly reason: string;
  /** Bound to $1.. of `where`, `key`, `field` and `reason`. */
  readonly values?: readonly unknown[];
}

/** Applies the rules in their order: each refused row into s_rejected, out of its staging table. */
export async function applyRules(sql: ImportSql, rules: readonly RejectRule[]): Promise<void> {
  for (const rule of rules) {
    await sql(
      `WITH gone AS (DELETE FROM ${rule.table} s WHERE ${rule.where} RETURNING s.*)
       INSERT INTO s_rejected (line, key, field, reason, cpso_number)
       SELECT line, ${rule.key}, ${rule.field}, ${rule.reason}, ${rule.table === 's_doctors' ? 'cpso_number' : 'NULL'}
         FROM gone g ON CONFLICT (line) DO NOTHING`,
      rule.values ? [...rule.values] : [],
    );
  }
}

/** Every refusal of the checks, in the order of the file. */
export async function readRejections(sql: ImportSql): Promise<Rejection[]> {
  return (await sql(`SELECT line, key, field, reason FROM s_rejected ORDER BY line`))
    .rows as Rejection[];
}
