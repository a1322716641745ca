import { KeepingReadCache } from '../shared/read-cache';
import { CatalogueNames } from './catalogue-names';
import { CatalogueEntry, MetadataRepository } from './metadata.repository';

/** The catalogue alone: asking for the counts (a scan of every doctor at a million) fails here. */
class CatalogueOnly extends MetadataRepository {
  reads = 0;
  specialties(): never {
    throw new Error('the counts were read');
  }
  languages(): never {
    throw new Error('the counts were read');
  }
  async catalogue(table: 'specialties' | 'languages'): Promise<CatalogueEntry[]> {
    this.reads++;
    return table === 'languages'
      ? [
          { name: 'Mandarin', aliases: ['Chinese'] },
          { name: 'Cantonese', aliases: ['Chinese'] },
          { name: 'Persian (Farsi)', aliases: ['Farsi', 'Persian'] },
          { name: 'Tamil', aliases: [] },
        ]
      : [
          { name: 'Family Medicine', aliases: ['GP'] },
          { name: 'Pediatrics', aliases: ['Paediatrics'] },
        ];
  }
}

describe('CatalogueNames', () => {
  const repo = new CatalogueOnly();
  const names = new CatalogueNames(repo, new KeepingReadCache());

  it('reads names by the fold, then aliases (one alias may name several), from the catalogue alone', async () => {
    expect(
      await names.canonical({ specialties: ['family-medicine', 'GP', 'paediatrics'] }),
    ).toEqual({ specialties: ['Family Medicine', 'Pediatrics'] });
    expect(await names.canonical({ languages: ['chinese', 'FARSI', 'Tamil'] })).toEqual({
      languages: ['Mandarin', 'Cantonese', 'Persian (Farsi)', 'Tamil'],
    });
    // Read once per catalogue, then kept.
    await names.canonical({ languages: ['Tamil'] });
    expect(repo.reads).toBe(2);
  });

  it('refuses an unknown name, naming it and the closest names; leaves no filter as it is', async () => {
    await expect(names.canonical({ languages: ['Tamill'] })).rejects.toThrow(
      /languages: "Tamill" is not a language the directory knows; the closest: Tamil/,
    );
    const none: { gender: 'female'; languages?: string[] } = { gender: 'female' };
    expect(await names.canonical(none)).toBe(none);
  });
});
