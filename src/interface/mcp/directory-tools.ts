import { Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListLanguagesUseCase } from '../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../application/metadata/list-specialties.use-case';
import { DirectoryTool, ToolAccess } from './tool-support';
import { KnownNames } from './tool-schemas';
import { DirectorySummaryTool } from './tools/directory-summary.tool';
import { FindClinicsTool } from './tools/find-clinics.tool';
import { FindDoctorsTool } from './tools/find-doctors.tool';
import { FindSpecialistsTool } from './tools/find-specialists.tool';
import { GetClinicTool } from './tools/get-clinic.tool';
import { GetDoctorTool } from './tools/get-doctor.tool';
import { SearchDoctorsTool } from './tools/search-doctors.tool';

/** The tool classes the registry takes, for the module's providers. */
export const TOOL_PROVIDERS = [
  FindDoctorsTool,
  SearchDoctorsTool,
  GetDoctorTool,
  FindClinicsTool,
  GetClinicTool,
  FindSpecialistsTool,
  DirectorySummaryTool,
];

const SERVER_INFO = { name: 'gta-doctor-directory', version: '1.0.0' };

const INSTRUCTIONS =
  'A directory of doctors and clinics in the Greater Toronto Area. Start with find_doctors ' +
  '(arguments: specialties or specialty, languages, gender, accepting, evening, weekend, ' +
  'wheelchair, nearTTC, openNow or openAt, near or lat and lng) or search_doctors (q: a name or ' +
  'CPSO number); an argument a tool does not take is an error naming the one meant. ' +
  'get_doctor and get_clinic give one record with its reviews and review signals. ' +
  'directory_summary lists the specialty and language names the filters accept. ' +
  'Availability is best-effort: tell the person to phone the clinic to confirm.';

/**
 * The tool registry: one McpServer per request (the HTTP transport is stateless) or per process
 * (stdio), every tool (one file each under tools/) calling the same use cases as the REST
 * controllers. tools/list shows them in the order registered here.
 */
@Injectable()
export class DirectoryTools {
  private readonly log = new Logger('MCP');
  private readonly tools: readonly DirectoryTool[];

  constructor(
    findDoctors: FindDoctorsTool,
    searchDoctors: SearchDoctorsTool,
    getDoctor: GetDoctorTool,
    findClinics: FindClinicsTool,
    getClinic: GetClinicTool,
    findSpecialists: FindSpecialistsTool,
    directorySummary: DirectorySummaryTool,
    private readonly specialties: ListSpecialtiesUseCase,
    private readonly languages: ListLanguagesUseCase,
  ) {
    this.tools = [
      findDoctors,
      searchDoctors,
      getDoctor,
      findClinics,
      getClinic,
      findSpecialists,
      directorySummary,
    ];
  }

  /** The names for the enumerations; the directory is reachable or the server is not built. */
  async knownNames(): Promise<KnownNames> {
    try {
      const [s, l] = await Promise.all([this.specialties.execute(), this.languages.execute()]);
      return { specialties: s.map((x) => x.name), languages: l.map((x) => x.name) };
    } catch (e) {
      this.log.warn(`directory names unavailable for the tool schemas: ${(e as Error).message}`);
      return { specialties: [], languages: [] };
    }
  }

  async createServer(access: ToolAccess): Promise<McpServer> {
    const names = await this.knownNames();
    const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
    for (const tool of this.tools) tool.register(server, { access, names });
    return server;
  }
}
