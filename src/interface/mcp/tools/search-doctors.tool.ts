import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SearchDoctorsUseCase } from '../../../application/doctors/search-doctors.use-case';
import { directoryCriteria } from '../../../application/shared/directory-criteria';
import { ListScope } from '../../../application/shared/list-cursor';
import { DirectoryTool, READ_ONLY, ToolContext, ToolSupport } from '../tool-support';
import {
  doctorListOutput,
  filterShape,
  locationShape,
  pagingShape,
  specialtiesShape,
} from '../tool-schemas';
import { doctorList } from './doctor-answers';

/** search_doctors: a name or CPSO number (REST's GET /doctors/search), best matches first. */
@Injectable()
export class SearchDoctorsTool implements DirectoryTool {
  constructor(
    private readonly searchDoctors: SearchDoctorsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, { names, access }: ToolContext): void {
    server.registerTool(
      'search_doctors',
      {
        title: 'Search doctors by name or CPSO number',
        description:
          'Look a doctor up by (part of) their name or by their CPSO registration number, ' +
          'optionally narrowed by the same filters as find_doctors (openNow, openAt and ' +
          'acceptingStatus included). Use it when the person names a doctor. Returns the best ' +
          'matches first, with their primary clinic (open now, accepting status). Then call ' +
          'get_doctor with a cpsoNumber for reviews, the clinic hours and when it opens next.',
        inputSchema: toolInput({
          q: z
            .string()
            .min(2)
            .max(100)
            .describe(
              'A CPSO number, or words of the name as a person types them (at least 2 characters): case, accents, apostrophes, word order and a typo or two in long words do not matter.',
            ),
          ...specialtiesShape(names),
          ...filterShape(names),
          ...locationShape(),
          ...pagingShape(),
        }),
        outputSchema: doctorListOutput,
        annotations: { title: 'Search doctors', ...READ_ONLY },
      },
      (a) =>
        this.support.run('search_doctors', '', async () => {
          const filters = directoryCriteria(a);
          const loc = await this.support.locate(a);
          const criteria = { ...filters, ...loc.criteria };
          const scope: ListScope = { kind: 'search', query: { ...criteria, q: a.q } };
          const plan = this.support.plan(a, access, scope);
          const result = await this.searchDoctors.execute(a.q, criteria, plan.request);
          const next = this.support.nextCursor(plan, scope, result);
          return doctorList(plan.request, result, loc.envelope, next);
        }),
    );
  }
}
