import { Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GetClinicUseCase } from '../../application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../application/clinics/list-clinics.use-case';
import { ListSpecialistsUseCase } from '../../application/clinics/list-specialists.use-case';
import { DoctorView } from '../../application/doctors/doctor-views';
import { GetDoctorSummaryUseCase } from '../../application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../application/doctors/list-doctors.use-case';
import { SearchDoctorsUseCase } from '../../application/doctors/search-doctors.use-case';
import { ListLanguagesUseCase } from '../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../application/metadata/list-specialties.use-case';
import { GetClinicSignalsUseCase } from '../../application/reviews/get-clinic-signals.use-case';
import { GetDoctorSignalsUseCase } from '../../application/reviews/get-doctor-signals.use-case';
import { ListClinicReviewsUseCase } from '../../application/reviews/list-clinic-reviews.use-case';
import { Clock } from '../../application/shared/clock';
import { directoryCriteria } from '../../application/shared/directory-criteria';
import { DirectorySettings } from '../../application/shared/directory-settings';
import { effectivePage, TierCaps } from '../../application/shared/page-caps';
import {
  LocationInput,
  ResolveLocationUseCase,
} from '../../application/geo/resolve-location.use-case';
import { dataFreshness, DataFreshness } from '../../domain/doctors/freshness';
import { Tier } from '../../domain/keys/tier';
import { DomainError, MissingParamError } from '../../domain/shared/domain-error';
import { Page, PageRequest } from '../../domain/shared/page';
import {
  AVAILABILITY_NOTE,
  clinicDetailOutput,
  clinicListOutput,
  doctorDetailOutput,
  doctorListOutput,
  filterShape,
  KnownNames,
  locationShape,
  pagingShape,
  specialistListOutput,
  specialtiesShape,
  summaryOutput,
  TOOL_DEFAULT_LIMIT,
  TOOL_MAX_LIMIT,
} from './tool-schemas';
import { z } from 'zod';

/** Who calls the tools: the HTTP transport passes the key's tier; stdio runs with admin reach. */
export interface ToolAccess {
  readonly tier: Tier;
  readonly caps: TierCaps;
}

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

const SERVER_INFO = { name: 'gta-doctor-directory', version: '1.0.0' };

const INSTRUCTIONS =
  'A directory of doctors and clinics in the Greater Toronto Area. Start with find_doctors ' +
  '(filters: specialty, language, gender, accepting new patients, evening/weekend hours, ' +
  'wheelchair access, near the subway, near a place or a point) or search_doctors (a name or CPSO number); ' +
  'get_doctor and get_clinic give one record with its reviews and review signals. ' +
  'directory_summary lists the specialty and language names the filters accept. ' +
  'Availability is best-effort: tell the person to phone the clinic to confirm.';

type Json = Record<string, unknown>;

/** Plain JSON (dates as ISO strings), as structuredContent must be. */
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function listEnvelope(page: PageRequest, total: number, count: number) {
  const next = page.offset + count;
  return {
    total,
    count,
    offset: page.offset,
    nextOffset: count > 0 && next < total ? next : null,
  };
}

const line = (d: DoctorView) =>
  `- ${d.name} (CPSO ${d.cpsoNumber}), ${d.specialties.join(', ') || 'no specialty listed'}; ` +
  `speaks ${d.languages.join(', ') || 'n/a'}; ${d.clinic.name}, ${d.clinic.address}, ` +
  `${d.clinic.phone}${d.distanceKm !== undefined ? `, ${d.distanceKm} km away` : ''}; ` +
  `${d.clinic.acceptingNewPatients ? 'accepting new patients' : 'not accepting new patients'} (${d.dataFreshness})`;

function pageText(what: string, total: number, count: number, offset: number, lines: string[]) {
  const head =
    total === 0
      ? `No ${what} match.`
      : `${total} ${what} match; showing ${count} from offset ${offset}.`;
  return [head, ...lines].join('\n');
}

/**
 * The tool registry: one McpServer per request (the HTTP transport is stateless) or per process
 * (stdio), every tool calling the same use cases as the REST controllers.
 */
@Injectable()
export class DirectoryTools {
  private readonly log = new Logger('MCP');

  constructor(
    private readonly listDoctors: ListDoctorsUseCase,
    private readonly searchDoctors: SearchDoctorsUseCase,
    private readonly getDoctor: GetDoctorUseCase,
    private readonly doctorSignals: GetDoctorSignalsUseCase,
    private readonly listClinics: ListClinicsUseCase,
    private readonly getClinic: GetClinicUseCase,
    private readonly clinicReviews: ListClinicReviewsUseCase,
    private readonly clinicSignals: GetClinicSignalsUseCase,
    private readonly listSpecialists: ListSpecialistsUseCase,
    private readonly summary: GetDoctorSummaryUseCase,
    private readonly specialties: ListSpecialtiesUseCase,
    private readonly languages: ListLanguagesUseCase,
    private readonly clock: Clock,
    private readonly settings: DirectorySettings,
    private readonly location: ResolveLocationUseCase,
  ) {}

  /** lat/lng or near, and radiusKm: the same rules and errors as the REST lists. */
  private async locate(a: LocationInput) {
    const loc = await this.location.execute(a);
    return {
      criteria: { near: loc.point, radiusKm: loc.radiusKm },
      envelope: loc.near ? { near: loc.near } : {},
    };
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
    this.register(server, names, access);
    return server;
  }

  private page(a: { limit?: number; offset?: number }, access: ToolAccess): PageRequest {
    return effectivePage(a.limit, a.offset, access.tier, access.caps, {
      defaultLimit: TOOL_DEFAULT_LIMIT,
      maxLimit: TOOL_MAX_LIMIT,
    });
  }

  private freshness(checkedAt: Date | null): DataFreshness {
    return dataFreshness(checkedAt, this.clock.now(), this.settings.freshnessDays);
  }

  /**
   * Runs a tool: domain errors (not found, bad argument) become tool errors an assistant can act
   * on; anything else (the database down) a short "temporarily unavailable", logged here.
   */
  private async run(
    tool: string,
    hint: string,
    body: () => Promise<{ data: Json; text: string }>,
  ): Promise<CallToolResult> {
    try {
      const { data, text } = await body();
      return { content: [{ type: 'text', text }], structuredContent: json(data) };
    } catch (e) {
      if (e instanceof DomainError) {
        const text = e.code === 'not_found' ? `${e.message} ${hint}` : e.message;
        return { content: [{ type: 'text', text }], isError: true };
      }
      this.log.error(`${tool} failed: ${(e as Error).message}`);
      return {
        content: [
          {
            type: 'text',
            text: 'The directory is temporarily unavailable. Try again in a minute.',
          },
        ],
        isError: true,
      };
    }
  }

  private doctorItem(d: DoctorView) {
    return {
      cpsoNumber: d.cpsoNumber,
      name: d.name,
      gender: d.gender,
      yearsOfPractice: d.yearsOfPractice,
      specialties: d.specialties,
      languages: d.languages,
      clinic: {
        id: d.clinic.id,
        name: d.clinic.name,
        address: d.clinic.address,
        lat: d.clinic.lat,
        lng: d.clinic.lng,
        phone: d.clinic.phone,
        acceptingNewPatients: d.clinic.acceptingNewPatients,
      },
      dataFreshness: d.dataFreshness,
      syncedAt: d.syncedAt,
      ...(d.distanceKm !== undefined ? { distanceKm: d.distanceKm } : {}),
    };
  }

  private doctorList(page: PageRequest, result: Page<DoctorView>, extra: Json = {}) {
    const doctors = result.items.map((d) => this.doctorItem(d));
    const env = listEnvelope(page, result.total, doctors.length);
    return {
      data: { doctors, ...env, ...extra, availabilityNote: AVAILABILITY_NOTE },
      text: pageText('doctors', env.total, env.count, env.offset, [
        ...result.items.map(line),
        ...(env.nextOffset !== null ? [`More: call again with offset ${env.nextOffset}.`] : []),
        AVAILABILITY_NOTE,
      ]),
    };
  }

  private register(server: McpServer, names: KnownNames, access: ToolAccess): void {
    const filters = filterShape(names);
    const paging = pagingShape();
    const location = locationShape();
    const specialties = specialtiesShape(names);

    server.registerTool(
      'find_doctors',
      {
        title: 'Find doctors',
        description:
          'Find practising doctors in the Greater Toronto Area by specialty, language, gender, ' +
          'years of practice and the features of their clinic (accepting new patients, evening or ' +
          'weekend hours, wheelchair access, virtual visits, near a subway station). Use it for ' +
          '"a family doctor who speaks Tamil and takes new patients". Returns doctors with their ' +
          'primary clinic (address, phone, accepting new patients) and how fresh that availability ' +
          'is, ordered by name, or nearest first from lat/lng or a place (near: a postal code or a ' +
          'subway station), optionally within radiusKm. Page with limit and offset; ' +
          'total says how many match.',
        inputSchema: { ...specialties, ...filters, ...location, ...paging },
        outputSchema: doctorListOutput,
        annotations: { title: 'Find doctors', ...READ_ONLY },
      },
      (a) =>
        this.run('find_doctors', '', async () => {
          const page = this.page(a, access);
          const filters = directoryCriteria(a);
          const loc = await this.locate(a);
          const result = await this.listDoctors.execute({ ...filters, ...loc.criteria }, page);
          return this.doctorList(page, result, loc.envelope);
        }),
    );

    server.registerTool(
      'search_doctors',
      {
        title: 'Search doctors by name or CPSO number',
        description:
          'Look a doctor up by (part of) their name or by their CPSO registration number, ' +
          'optionally narrowed by the same filters as find_doctors. Use it when the person names a ' +
          'doctor. Returns the best matches first, with their primary clinic. Then call get_doctor ' +
          'with a cpsoNumber for reviews and details.',
        inputSchema: {
          q: z
            .string()
            .min(2)
            .max(100)
            .describe('At least 2 characters of a name, or a CPSO number.'),
          ...specialties,
          ...filters,
          ...location,
          ...paging,
        },
        outputSchema: doctorListOutput,
        annotations: { title: 'Search doctors', ...READ_ONLY },
      },
      (a) =>
        this.run('search_doctors', '', async () => {
          const page = this.page(a, access);
          const filters = directoryCriteria(a);
          const loc = await this.locate(a);
          const criteria = { ...filters, ...loc.criteria };
          const result = await this.searchDoctors.execute(a.q, criteria, page);
          return this.doctorList(page, result, loc.envelope);
        }),
    );

    server.registerTool(
      'get_doctor',
      {
        title: 'Get one doctor',
        description:
          'One doctor by CPSO number: specialties, languages, years of practice, primary clinic ' +
          '(phone, accepting new patients and its freshness), how to book, the rating counts, the ' +
          'most recent reviews and the per-dimension review signals (punctuality, helpfulness, ' +
          'knowledge, staff), all in one call.',
        inputSchema: {
          cpsoNumber: z
            .string()
            .min(1)
            .max(20)
            .describe('The CPSO registration number, from find_doctors or search_doctors.'),
        },
        outputSchema: doctorDetailOutput,
        annotations: { title: 'Get one doctor', ...READ_ONLY },
      },
      (a) =>
        this.run(
          'get_doctor',
          'Use search_doctors to find the doctor by name, or find_doctors to browse.',
          async () => {
            const [d, s] = await Promise.all([
              this.getDoctor.execute(a.cpsoNumber),
              this.doctorSignals.execute(a.cpsoNumber),
            ]);
            const doctor = {
              ...this.doctorItem(d),
              referralRequired: d.referralRequired,
              bookingMethod: d.bookingMethod,
              rating: d.rating,
              reviews: d.reviews.map((r) => ({ ...r })),
              expiredAt: d.expiredAt,
            };
            const sig = { minSample: s.minSample, reviewCount: s.reviewCount, signals: s.signals };
            return {
              data: { doctor, signals: sig, availabilityNote: AVAILABILITY_NOTE },
              text: [
                line(d),
                `Rating: ${d.rating.positive} positive, ${d.rating.negative} negative of ${d.rating.reviewCount} reviews.`,
                `Book: phone ${d.bookingMethod.phone}${d.bookingMethod.online ? `, online ${d.bookingMethod.online}` : ''}${d.referralRequired ? '; referral required' : ''}.`,
                AVAILABILITY_NOTE,
              ].join('\n'),
            };
          },
        ),
    );

    server.registerTool(
      'find_clinics',
      {
        title: 'Find clinics',
        description:
          'Find clinics by what their doctors offer (specialty, language, gender) and the clinic ' +
          'itself (accepting new patients, evening or weekend hours, wheelchair access, virtual ' +
          'visits, near the subway). Give lat/lng or a place (near: postal code or subway station) to get ' +
          'the nearest first, with distanceKm, optionally within radiusKm. Returns ' +
          'clinics with address, coordinates, languages and specialties; call get_clinic for hours, ' +
          'phone and reviews.',
        inputSchema: {
          ...specialties,
          ...filters,
          hasWebsite: z
            .boolean()
            .optional()
            .describe('Only clinics with (true) or without a website.'),
          ...location,
          ...paging,
        },
        outputSchema: clinicListOutput,
        annotations: { title: 'Find clinics', ...READ_ONLY },
      },
      (a) =>
        this.run('find_clinics', '', async () => {
          const page = this.page(a, access);
          const loc = await this.locate(a);
          const criteria = { ...directoryCriteria(a), hasWebsite: a.hasWebsite, ...loc.criteria };
          const result = await this.listClinics.execute(criteria, new Set(), page);
          const clinics = result.items.map((c) => ({
            id: c.id,
            name: c.name,
            address: c.address,
            accepting: c.accepting,
            languages: c.languages,
            specialties: c.specialties,
            lat: c.lat,
            lng: c.lng,
            dataFreshness: this.freshness(c.availabilityCheckedAt),
            ...(c.distanceKm !== undefined ? { distanceKm: c.distanceKm } : {}),
          }));
          const env = listEnvelope(page, result.total, clinics.length);
          return {
            data: { clinics, ...env, ...loc.envelope, availabilityNote: AVAILABILITY_NOTE },
            text: pageText('clinics', env.total, env.count, env.offset, [
              ...clinics.map(
                (c) =>
                  `- ${c.name}, ${c.address} (id ${c.id})${c.distanceKm !== undefined ? `, ${c.distanceKm} km away` : ''}; ${c.accepting ? 'accepting new patients' : 'not accepting'} (${c.dataFreshness})`,
              ),
              AVAILABILITY_NOTE,
            ]),
          };
        }),
    );

    server.registerTool(
      'get_clinic',
      {
        title: 'Get one clinic',
        description:
          "One clinic by id (from find_clinics or a doctor's clinic): address, phone, website, " +
          'hours, evening/weekend, accessibility, near the subway, its doctors, the review ' +
          'aggregate with recent reviews and the per-dimension review signals, in one call.',
        inputSchema: {
          clinicId: z.string().min(1).max(64).describe('The clinic id (a UUID).'),
        },
        outputSchema: clinicDetailOutput,
        annotations: { title: 'Get one clinic', ...READ_ONLY },
      },
      (a) =>
        this.run(
          'get_clinic',
          "Use find_clinics to find a clinic, or get_doctor for a doctor's clinic.",
          async () => {
            const [c, r, s] = await Promise.all([
              this.getClinic.execute(a.clinicId),
              this.clinicReviews.execute(a.clinicId, { limit: 5, offset: 0 }),
              this.clinicSignals.execute(a.clinicId),
            ]);
            const clinic = {
              id: c.id,
              name: c.name,
              address: c.address,
              lat: c.lat,
              lng: c.lng,
              phone: c.phone,
              acceptingNewPatients: c.acceptingNewPatients,
              website: c.website,
              type: c.type,
              weekdayHours: c.weekdayHours,
              evening: c.evening,
              weekend: c.weekend,
              wheelchair: c.wheelchair,
              virtualVisits: c.virtualVisits,
              nearTTC: c.nearTTC,
              notes: c.notes,
              links: c.links,
              dataFreshness: this.freshness(c.availabilityCheckedAt),
              doctors: c.doctors,
            };
            const reviews = { ...r.aggregate, recent: r.page.items };
            const sig = { minSample: s.minSample, reviewCount: s.reviewCount, signals: s.signals };
            return {
              data: { clinic, reviews, signals: sig, availabilityNote: AVAILABILITY_NOTE },
              text: [
                `${c.name}, ${c.address}; phone ${c.phone}; ${c.acceptingNewPatients ? 'accepting new patients' : 'not accepting new patients'} (${clinic.dataFreshness}).`,
                `Hours: ${c.weekdayHours}${c.evening ? '; evenings' : ''}${c.weekend ? '; weekends' : ''}.`,
                `${c.doctors.length} doctors; ${r.aggregate.count} reviews${r.aggregate.avgRating !== null ? `, average ${r.aggregate.avgRating}` : ''}.`,
                AVAILABILITY_NOTE,
              ].join('\n'),
            };
          },
        ),
    );

    server.registerTool(
      'find_specialists',
      {
        title: 'Find specialists and referral waits',
        description:
          'Clinics offering a specialty, with the referral wait in weeks: shortest wait first, or ' +
          'nearest first when lat/lng or near are given. Use it for "a dermatologist with a short wait". ' +
          'Needs specialty (one name) or specialties (a list; it wins when both are sent), names ' +
          'from directory_summary.',
        inputSchema: {
          ...specialties,
          ...filters,
          ...location,
          ...paging,
        },
        outputSchema: specialistListOutput,
        annotations: { title: 'Find specialists', ...READ_ONLY },
      },
      (a) =>
        this.run('find_specialists', '', async () => {
          const page = this.page(a, access);
          const c = directoryCriteria(a);
          // REST's /specialists needs `specialty`; a tool takes either field, one of them required.
          if (!c.specialties?.length) {
            throw new MissingParamError(
              'find_specialists needs specialty (one name) or specialties (a list of names); ' +
                'directory_summary lists the specialty names.',
            );
          }
          const loc = await this.locate(a);
          const result = await this.listSpecialists.execute(
            { ...c, specialties: c.specialties, ...loc.criteria },
            page,
          );
          const clinics = result.items.map((s) => ({
            id: s.id,
            name: s.name,
            specialty: s.specialty,
            languages: s.languages,
            accepting: s.accepting,
            waitWeeks: s.waitWeeks,
            dataFreshness: this.freshness(s.availabilityCheckedAt),
            ...(s.distanceKm !== undefined ? { distanceKm: s.distanceKm } : {}),
          }));
          const env = listEnvelope(page, result.total, clinics.length);
          return {
            data: { clinics, ...env, ...loc.envelope, availabilityNote: AVAILABILITY_NOTE },
            text: pageText('clinics', env.total, env.count, env.offset, [
              ...clinics.map(
                (s) =>
                  `- ${s.name} (id ${s.id})${s.distanceKm !== undefined ? `, ${s.distanceKm} km away` : ''}: ${s.specialty}, wait about ${s.waitWeeks} weeks; ${s.accepting ? 'accepting' : 'not accepting'} (${s.dataFreshness})`,
              ),
              AVAILABILITY_NOTE,
            ]),
          };
        }),
    );

    server.registerTool(
      'directory_summary',
      {
        title: 'Directory summary',
        description:
          'What the directory holds: how many doctors, how many accept new patients, doctors per ' +
          'specialty, how fresh availability data is, and the exact specialty and language names ' +
          'the other tools accept. Call it first when unsure how a specialty or language is named.',
        inputSchema: {},
        outputSchema: summaryOutput,
        annotations: { title: 'Directory summary', ...READ_ONLY },
      },
      () =>
        this.run('directory_summary', '', async () => {
          const [s, sp, la] = await Promise.all([
            this.summary.execute(),
            this.specialties.execute(),
            this.languages.execute(),
          ]);
          return {
            data: { ...s, specialties: sp, languages: la, availabilityNote: AVAILABILITY_NOTE },
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
