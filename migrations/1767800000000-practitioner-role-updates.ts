import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 48, item 5: FHIR `PractitionerRole?_lastUpdated=` as an index read. A role's last change
 * is the later of its doctor's and its clinic's, so the search read a UNION of both sides' links
 * for its page and again for its count (0.45 s at 100,000 doctors, for any instant).
 *
 * practitioner_role_updates holds clinic_doctor_search's links (the roles of practising doctors)
 * with that time, `greatest(d.updated_at, c.updated_at)`, and the doctor's specialties (so a
 * `specialty` search reads it alone). Its key (clinic_id, doctor_id) carries the time
 * (`INCLUDE`), so a page in role order walks the key index-only when most roles match, and a
 * second index on (updated_at, clinic_id, doctor_id) reads a range when few do (an incremental
 * sync); the count is a range of that index. It is refreshed with the other read models
 * (READ_MODELS), in the transaction of the change. `updated_at` takes one value per import or
 * seed part (`now()` of its transaction), so the planner's statistics see each one.
 */
export class PractitionerRoleUpdates1767800000000 implements MigrationInterface {
  name = 'PractitionerRoleUpdates1767800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE MATERIALIZED VIEW practitioner_role_updates AS
      SELECT cds.clinic_id, cds.doctor_id, cds.specialty_ids,
             greatest(d.updated_at, c.updated_at) AS updated_at
        FROM clinic_doctor_search cds
        JOIN doctors d ON d.id = cds.doctor_id
        JOIN clinics c ON c.id = cds.clinic_id`);
    await q.query(
      `CREATE UNIQUE INDEX practitioner_role_updates_pk ON practitioner_role_updates (clinic_id, doctor_id)
         INCLUDE (updated_at)`,
    );
    await q.query(
      `CREATE INDEX practitioner_role_updates_at_idx ON practitioner_role_updates (updated_at, clinic_id, doctor_id)`,
    );
    await q.query(`ANALYZE practitioner_role_updates`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP MATERIALIZED VIEW practitioner_role_updates`);
  }
}
