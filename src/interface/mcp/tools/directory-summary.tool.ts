import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GetDoctorSummaryUseCase } from '../../../application/doctors/get-doctor-summary.use-case';
import { ListLanguagesUseCase } from '../../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../../application/metadata/list-specialties.use-case';
import {
  AVAILABILITY_NOTE,
  DirectoryTool,
  READ_ONLY,
  ToolContext,
  ToolSupport,
} from '../tool-support';
import { availabilityShape } from '../tool-schemas';

/** A catalogue name with its count and the aliases the filters also take. */
const catalogueEntry = z.object({
  name: z.string(),
  doctorCount: z.number().int(),
  aliases: z.array(z.string()).describe('Other names the filters take for it.'),
});

export const summaryOutput = {
  totalDoctors: z.number().int(),
  acceptingNewPatients: z.number().int(),
  bySpecialty: z.array(z.object({ specialty: z.string(), count: z.number().int() })),
  dataFreshness: z.object({
    fresh: z.number().int(),
    stale: z.number().int(),
    unknown: z.number().int(),
    coveragePct: z.number(),
  }),
  specialties: z.array(catalogueEntry),
  languages: z.array(catalogueEntry),
  ...availabilityShape,
};

/** directory_summary: what the directory holds and the exact names the filters accept. */
@Injectable()
export class DirectorySummaryTool implements DirectoryTool {
  constructor(
    private readonly summary: GetDoctorSummaryUseCase,
    private readonly specialties: ListSpecialtiesUseCase,
    private readonly languages: ListLanguagesUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, _context: ToolContext): void {
    server.registerTool(
      'directory_summary',
      {
        title: 'Directory summary',
        description:
          'What the directory holds: how many doctors, how many accept new patients, doctors per ' +
          'specialty, how fresh availability data is, and the exact specialty and language names ' +
          'the other tools accept. Call it first when unsure how a specialty or language is named.',
        inputSchema: toolInput({}),
        outputSchema: summaryOutput,
        annotations: { title: 'Directory summary', ...READ_ONLY },
      },
      () =>
        this.support.run('directory_summary', '', async () => {
          const [s, sp, la] = await Promise.all([
            this.summary.execute(),
            this.specialties.execute(),
            this.languages.execute(),
          ]);
          return {
            data: {
              ...s,
              specialties: sp.map((e) => ({ ...e, aliases: [...(e.aliases ?? [])] })),
              languages: la.map((e) => ({ ...e, aliases: [...(e.aliases ?? [])] })),
              availabilityNote: AVAILABILITY_NOTE,
            },
            text: [
              `${s.totalDoctors} doctors, ${s.acceptingNewPatients} accepting new patients; availability checked for ${s.dataFreshness.coveragePct}% of doctors.`,
              `Specialties: ${sp.map((x) => x.name).join(', ')}.`,
              `Languages: ${la.map((x) => x.name).join(', ')}.`,
              AVAILABILITY_NOTE,
            ].join('\n'),
          };
        }),
    );
  }
}
