import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListDoctorsUseCase } from '../../../application/doctors/list-doctors.use-case';
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

/** find_doctors: the doctors list (REST's GET /doctors) with its filters and a location. */
@Injectable()
export class FindDoctorsTool implements DirectoryTool {
  constructor(
    private readonly listDoctors: ListDoctorsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, { names, access }: ToolContext): void {
    server.registerTool(
      'find_doctors',
      {
        title: 'Find doctors',
        description:
          'Find practising doctors in the Greater Toronto Area by specialty, language, gender, ' +
          'years of practice and the features of their clinic (accepting new patients, evening or ' +
          'weekend hours, wheelchair access, virtual visits, near a subway station), open now or ' +
          'at a date-time (openNow, openAt: Toronto time, public holidays and closures included) ' +
          'and the graded accepting status (acceptingStatus: accepting, existing-patients-only, ' +
          'existing-patients-family, not-accepting, unknown). Use it for "a family doctor who ' +
          'speaks Tamil, takes new patients and is open Saturday morning". Returns doctors with ' +
          'their primary clinic (address, phone, open now, accepting status and its date) and how ' +
          'fresh that availability is (get_doctor says when the clinic opens next), ordered by name, or nearest first from lat/lng or a place (near: a postal code or a ' +
          'subway station), optionally within radiusKm. Page with limit and offset, or cursor ' +
          '(nextCursor of the previous page, which skips or repeats nothing when data changes); ' +
          'total says how many match.',
        inputSchema: toolInput({
          ...specialtiesShape(names),
          ...filterShape(names),
          ...locationShape(),
          ...pagingShape(),
        }),
        outputSchema: doctorListOutput,
        annotations: { title: 'Find doctors', ...READ_ONLY },
      },
      (a) =>
        this.support.run('find_doctors', '', async () => {
          const filters = directoryCriteria(a);
          const loc = await this.support.locate(a);
          const criteria = { ...filters, ...loc.criteria };
          const scope: ListScope = {
            kind: criteria.near ? 'doctors-near' : 'doctors',
            query: criteria,
          };
          const plan = this.support.plan(a, access, scope);
          const result = await this.listDoctors.execute(criteria, plan.request);
          const next = this.support.nextCursor(plan, scope, result);
          return doctorList(plan.request, result, loc.envelope, next);
        }),
    );
  }
}
