import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ListSpecialistsUseCase } from '../../../application/clinics/list-specialists.use-case';
import { directoryCriteria } from '../../../application/shared/directory-criteria';
import { ListScope } from '../../../application/shared/list-cursor';
import { MissingParamError } from '../../../domain/shared/domain-error';
import {
  AVAILABILITY_NOTE,
  DirectoryTool,
  listEnvelope,
  pageText,
  READ_ONLY,
  ToolContext,
  ToolSupport,
} from '../tool-support';
import {
  availabilityShape,
  distanceKmSchema,
  filterShape,
  freshnessSchema,
  listEnvelopeShape,
  locationShape,
  pagingShape,
  specialtiesShape,
  acceptingStatusShape,
} from '../tool-schemas';
import { acceptingStatusText, openNowText } from './clinic-answers';

export const specialistListOutput = {
  clinics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      specialty: z.string(),
      languages: z.array(z.string()),
      accepting: z.boolean(),
      openNow: z.boolean().nullable(),
      ...acceptingStatusShape,
      waitWeeks: z.number(),
      dataFreshness: freshnessSchema,
      distanceKm: distanceKmSchema,
    }),
  ),
  ...listEnvelopeShape,
  ...availabilityShape,
};

/** find_specialists: clinics offering a specialty with the referral wait (REST's /specialists). */
@Injectable()
export class FindSpecialistsTool implements DirectoryTool {
  constructor(
    private readonly listSpecialists: ListSpecialistsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, { names, access }: ToolContext): void {
    server.registerTool(
      'find_specialists',
      {
        title: 'Find specialists and referral waits',
        description:
          'Clinics offering a specialty, with the referral wait in weeks: shortest wait first, or ' +
          'nearest first when lat/lng or near are given. Use it for "a dermatologist with a short wait". ' +
          'Needs specialty (one name) or specialties (a list; it wins when both are sent), names ' +
          'from directory_summary.',
        inputSchema: toolInput(
          {
            ...specialtiesShape(names),
            ...filterShape(names),
            ...locationShape(),
            ...pagingShape(),
          },
          ['specialty', 'specialties'],
        ),
        outputSchema: specialistListOutput,
        annotations: { title: 'Find specialists', ...READ_ONLY },
      },
      (a) =>
        this.support.run('find_specialists', '', async () => {
          const c = directoryCriteria(a);
          // REST's /specialists needs `specialty`; a tool takes either field, one of them required.
          if (!c.specialties?.length) {
            throw new MissingParamError(
              'find_specialists needs specialty (one name) or specialties (a list of names); ' +
                'directory_summary lists the specialty names.',
            );
          }
          const loc = await this.support.locate(a);
          const criteria = { ...c, specialties: c.specialties, ...loc.criteria };
          const scope: ListScope = {
            kind: criteria.near ? 'specialists-near' : 'specialists',
            query: criteria,
          };
          const plan = this.support.plan(a, access, scope);
          const page = plan.request;
          const result = await this.listSpecialists.execute(criteria, page);
          const clinics = result.items.map((s) => ({
            id: s.id,
            name: s.name,
            specialty: s.specialty,
            languages: s.languages,
            accepting: s.accepting,
            openNow: s.openNow,
            acceptingStatus: s.acceptingStatus,
            acceptingCheckedAt: s.availabilityCheckedAt?.toISOString() ?? null,
            waitWeeks: s.waitWeeks,
            dataFreshness: this.support.freshness(s.availabilityCheckedAt),
            ...(s.distanceKm !== undefined ? { distanceKm: s.distanceKm } : {}),
          }));
          const env = listEnvelope(
            page,
            result.total,
            clinics.length,
            this.support.nextCursor(plan, scope, result),
          );
          return {
            data: { clinics, ...env, ...loc.envelope, availabilityNote: AVAILABILITY_NOTE },
            text: pageText('clinics', env.total, env.count, env.offset, [
              ...clinics.map(
                (s) =>
                  `- ${s.name} (id ${s.id})${s.distanceKm !== undefined ? `, ${s.distanceKm} km away` : ''}: ${s.specialty}, wait about ${s.waitWeeks} weeks; ${openNowText(s.openNow)}; ${acceptingStatusText(s.acceptingStatus)} (${s.dataFreshness})`,
              ),
              AVAILABILITY_NOTE,
            ]),
          };
        }),
    );
  }
}
