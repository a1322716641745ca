import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ListClinicsUseCase } from '../../../application/clinics/list-clinics.use-case';
import { directoryCriteria } from '../../../application/shared/directory-criteria';
import { ListScope } from '../../../application/shared/list-cursor';
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

export const clinicListOutput = {
  clinics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      accepting: z.boolean(),
      openNow: z.boolean().nullable(),
      ...acceptingStatusShape,
      languages: z.array(z.string()),
      specialties: z.array(z.string()),
      lat: z.number(),
      lng: z.number(),
      dataFreshness: freshnessSchema,
      distanceKm: distanceKmSchema,
    }),
  ),
  ...listEnvelopeShape,
  ...availabilityShape,
};

/** find_clinics: the clinics list (REST's GET /clinics), by what their doctors offer and where. */
@Injectable()
export class FindClinicsTool implements DirectoryTool {
  constructor(
    private readonly listClinics: ListClinicsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, { names, access }: ToolContext): void {
    server.registerTool(
      'find_clinics',
      {
        title: 'Find clinics',
        description:
          'Find clinics by what their doctors offer (specialty, language, gender) and the clinic ' +
          'itself (accepting new patients, evening or weekend hours, wheelchair access, virtual ' +
          'visits, near the subway), open now or at a date-time (openNow, openAt; Toronto time, ' +
          'holidays included) and the graded accepting status (acceptingStatus). Give lat/lng or a place (near: postal code or subway station) to get ' +
          'the nearest first, with distanceKm, optionally within radiusKm. Returns ' +
          'clinics with address, coordinates, languages, specialties and whether each is open now; ' +
          'call get_clinic for the week, holidays, when it opens next, phone and reviews.',
        inputSchema: toolInput({
          ...specialtiesShape(names),
          ...filterShape(names),
          hasWebsite: z
            .boolean()
            .optional()
            .describe('Only clinics with (true) or without a website.'),
          ...locationShape(),
          ...pagingShape(),
        }),
        outputSchema: clinicListOutput,
        annotations: { title: 'Find clinics', ...READ_ONLY },
      },
      (a) =>
        this.support.run('find_clinics', '', async () => {
          const loc = await this.support.locate(a);
          const criteria = { ...directoryCriteria(a), hasWebsite: a.hasWebsite, ...loc.criteria };
          const scope: ListScope = {
            kind: criteria.near ? 'clinics-near' : 'clinics',
            query: criteria,
          };
          const plan = this.support.plan(a, access, scope);
          const page = plan.request;
          const result = await this.listClinics.execute(criteria, new Set(), page);
          const clinics = result.items.map((c) => ({
            id: c.id,
            name: c.name,
            address: c.address,
            accepting: c.accepting,
            openNow: c.openNow,
            acceptingStatus: c.acceptingStatus,
            acceptingCheckedAt: c.availabilityCheckedAt?.toISOString() ?? null,
            languages: c.languages,
            specialties: c.specialties,
            lat: c.lat,
            lng: c.lng,
            dataFreshness: this.support.freshness(c.availabilityCheckedAt),
            ...(c.distanceKm !== undefined ? { distanceKm: c.distanceKm } : {}),
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
                (c) =>
                  `- ${c.name}, ${c.address} (id ${c.id})${c.distanceKm !== undefined ? `, ${c.distanceKm} km away` : ''}; ${openNowText(c.openNow)}; ${acceptingStatusText(c.acceptingStatus)} (${c.dataFreshness})`,
              ),
              AVAILABILITY_NOTE,
            ]),
          };
        }),
    );
  }
}
