import { DataSource } from 'typeorm';
import { DoctorCriteria } from '../../src/domain/directory/criteria';

/**
 * A language (not English) and a specialty of the directory, and the kinds of doctor filters a
 * name-ordered list checks during its walk: flags, years, gender, and the two arrays (one value,
 * or several).
 */
export async function doctorFilterKinds(
  ds: DataSource,
): Promise<{ lang: string; spec: string; cases: DoctorCriteria[] }> {
  const [lang] = await ds.query<{ name: string }[]>(
    `SELECT l.name FROM languages l WHERE l.name <> 'English' ORDER BY l.name LIMIT 1`,
  );
  const [spec] = await ds.query<{ name: string }[]>(
    `SELECT name FROM specialties ORDER BY name LIMIT 1`,
  );
  return {
    lang: lang.name,
    spec: spec.name,
    cases: [
      { accepting: true, languages: [lang.name] },
      { gender: 'female', specialties: [spec.name] },
      { languages: [lang.name], evening: true },
      { specialties: [spec.name], nearTTC: true, minYears: 5 },
      { accepting: false, gender: 'male', wheelchair: true, maxYears: 30 },
      { weekend: true, virtualVisits: true, languages: [lang.name, 'English'] },
    ],
  };
}
