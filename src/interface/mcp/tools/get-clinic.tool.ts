import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GetClinicUseCase } from '../../../application/clinics/get-clinic.use-case';
import { GetClinicSignalsUseCase } from '../../../application/reviews/get-clinic-signals.use-case';
import { ListClinicReviewsUseCase } from '../../../application/reviews/list-clinic-reviews.use-case';
import { GENDERS } from '../../../domain/directory/criteria';
import { REVIEW_DIMENSIONS } from '../../../domain/reviews/review';
import {
  AVAILABILITY_NOTE,
  DirectoryTool,
  READ_ONLY,
  ToolContext,
  ToolSupport,
} from '../tool-support';
import {
  acceptingStatusShape,
  availabilityShape,
  freshnessSchema,
  reviewSchema,
  signalsSchema,
} from '../tool-schemas';
import { acceptingStatusText, openingText } from './clinic-answers';

const range = z.object({ open: z.string(), close: z.string() });
const day = z.array(range);

const link = z.object({ label: z.string(), url: z.string() });

export const clinicDetailOutput = {
  clinic: z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    phone: z.string(),
    acceptingNewPatients: z.boolean(),
    website: z.string().nullable(),
    type: z.string(),
    weekdayHours: z.string(),
    evening: z.boolean(),
    weekend: z.boolean(),
    week: z
      .object({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day })
      .nullable(),
    exceptions: z.array(
      z.object({
        date: z.string(),
        closed: z.literal(true).optional(),
        ranges: z.array(range).optional(),
        reason: z.string().optional(),
      }),
    ),
    openNow: z.boolean().nullable(),
    nextOpen: z.string().nullable(),
    nextClose: z.string().nullable(),
    ...acceptingStatusShape,
    wheelchair: z.boolean(),
    virtualVisits: z.boolean(),
    nearTTC: z.boolean(),
    notes: z.string().nullable(),
    links: z.array(link),
    dataFreshness: freshnessSchema,
    doctors: z.array(
      z.object({
        name: z.string(),
        gender: z.enum(GENDERS),
        yearsOfPractice: z.number().int(),
        languages: z.array(z.string()),
        specialties: z.array(z.string()),
      }),
    ),
  }),
  reviews: z.object({
    avgRating: z.number().nullable(),
    count: z.number().int(),
    byDimension: z.array(
      z.object({
        dimension: z.enum(REVIEW_DIMENSIONS),
        avgRating: z.number(),
        count: z.number().int(),
      }),
    ),
    recent: z.array(reviewSchema),
  }),
  signals: signalsSchema,
  ...availabilityShape,
};

/** get_clinic: one clinic by id with its doctors, reviews and review signals, in one call. */
@Injectable()
export class GetClinicTool implements DirectoryTool {
  constructor(
    private readonly getClinic: GetClinicUseCase,
    private readonly clinicReviews: ListClinicReviewsUseCase,
    private readonly clinicSignals: GetClinicSignalsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, _context: ToolContext): void {
    server.registerTool(
      'get_clinic',
      {
        title: 'Get one clinic',
        description:
          "One clinic by id (from find_clinics or a doctor's clinic): address, phone, website, " +
          'hours (the week, holidays and dated exceptions ahead, open now, when it next opens and ' +
          'closes, Toronto time), the graded accepting status with its date, evening/weekend, accessibility, near the subway, its doctors, the review ' +
          'aggregate with recent reviews and the per-dimension review signals, in one call.',
        inputSchema: toolInput({
          clinicId: z.string().min(1).max(64).describe('The clinic id (a UUID).'),
        }),
        outputSchema: clinicDetailOutput,
        annotations: { title: 'Get one clinic', ...READ_ONLY },
      },
      (a) =>
        this.support.run(
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
              week: c.opening.week,
              exceptions: c.opening.exceptions.map((e) => ({ ...e })),
              openNow: c.opening.openNow,
              nextOpen: c.opening.nextOpen,
              nextClose: c.opening.nextClose,
              acceptingStatus: c.opening.acceptingStatus,
              acceptingCheckedAt: c.opening.acceptingCheckedAt?.toISOString() ?? null,
              wheelchair: c.wheelchair,
              virtualVisits: c.virtualVisits,
              nearTTC: c.nearTTC,
              notes: c.notes,
              links: c.links,
              dataFreshness: this.support.freshness(c.availabilityCheckedAt),
              doctors: c.doctors,
            };
            const reviews = { ...r.aggregate, recent: r.page.items };
            const sig = { minSample: s.minSample, reviewCount: s.reviewCount, signals: s.signals };
            return {
              data: { clinic, reviews, signals: sig, availabilityNote: AVAILABILITY_NOTE },
              text: [
                `${c.name}, ${c.address}; phone ${c.phone}; ${acceptingStatusText(c.opening.acceptingStatus)} (${clinic.dataFreshness}).`,
                `Hours: ${c.weekdayHours}${c.evening ? '; evenings' : ''}${c.weekend ? '; weekends' : ''}. ${openingText(c.opening)}`,
                ...(c.opening.exceptions.length > 0
                  ? [
                      `Closures and special hours ahead: ${c.opening.exceptions
                        .slice(0, 5)
                        .map(
                          (e) =>
                            `${e.date} ${'closed' in e ? 'closed' : e.ranges.map((r) => `${r.open}-${r.close}`).join(', ')}${e.reason ? ` (${e.reason})` : ''}`,
                        )
                        .join('; ')}.`,
                    ]
                  : []),
                `${c.doctors.length} doctors; ${r.aggregate.count} reviews${r.aggregate.avgRating !== null ? `, average ${r.aggregate.avgRating}` : ''}.`,
                AVAILABILITY_NOTE,
              ].join('\n'),
            };
          },
        ),
    );
  }
}
