import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every doctor review carries the address it was published at (api-v1.md: `sourceUrl` is present
 * on the records of the doctor reviews endpoint). Until now the only data was the synthetic demo
 * dataset, whose doctor reviews without one get their synthetic page address; from now on the
 * database refuses a doctor review without it, whatever writes it.
 */
export class DoctorReviewSourceUrl1763900000000 implements MigrationInterface {
  name = 'DoctorReviewSourceUrl1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE reviews r
         SET source_url = 'https://reviews.example.org/doctors/' || d.cpso_number || '/reviews/' || r.id
        FROM doctors d
       WHERE r.doctor_id = d.id AND r.source_url IS NULL`);
    await q.query(`
      ALTER TABLE reviews ADD CONSTRAINT reviews_doctor_source_url
        CHECK (doctor_id IS NULL OR (source_url IS NOT NULL AND source_url <> ''))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reviews DROP CONSTRAINT reviews_doctor_source_url`);
  }
}
