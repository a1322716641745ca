import { toolInput } from '../tool-input';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { GetDoctorUseCase } from '../../../application/doctors/get-doctor.use-case';
import { GetDoctorSignalsUseCase } from '../../../application/reviews/get-doctor-signals.use-case';
import {
  AVAILABILITY_NOTE,
  DirectoryTool,
  READ_ONLY,
  ToolContext,
  ToolSupport,
} from '../tool-support';
import { availabilityShape, doctorSchema, reviewSchema, signalsSchema } from '../tool-schemas';
import { doctorItem, doctorLine } from './doctor-answers';
import { openingText } from './clinic-answers';
import { clinicDetailOutput } from './get-clinic.tool';

/** The primary clinic with its hours as get_clinic gives them (issue 33). */
const doctorClinicSchema = doctorSchema.shape.clinic.extend(
  clinicDetailOutput.clinic.pick({
    weekdayHours: true,
    evening: true,
    weekend: true,
    week: true,
    exceptions: true,
    nextOpen: true,
    nextClose: true,
  }).shape,
);

export const doctorDetailOutput = {
  doctor: doctorSchema.extend({
    clinic: doctorClinicSchema,
    referralRequired: z.boolean(),
    bookingMethod: z.object({
      phone: z.string(),
      online: z.string().nullable(),
      referralOnly: z.boolean(),
    }),
    rating: z.object({
      positive: z.number().int(),
      negative: z.number().int(),
      reviewCount: z.number().int(),
    }),
    reviews: z.array(reviewSchema),
    expiredAt: z.string().nullable(),
  }),
  signals: signalsSchema,
  ...availabilityShape,
};

/** get_doctor: one doctor by CPSO number with reviews and review signals, in one call. */
@Injectable()
export class GetDoctorTool implements DirectoryTool {
  constructor(
    private readonly getDoctor: GetDoctorUseCase,
    private readonly doctorSignals: GetDoctorSignalsUseCase,
    private readonly support: ToolSupport,
  ) {}

  register(server: McpServer, _context: ToolContext): void {
    server.registerTool(
      'get_doctor',
      {
        title: 'Get one doctor',
        description:
          'One doctor by CPSO number: specialties, languages, years of practice, primary clinic ' +
          '(phone, its graded accepting status and its freshness, its hours: the week, holidays ' +
          'and dated exceptions ahead, open now, when it next opens and closes, Toronto time), ' +
          'how to book, the rating counts, the ' +
          'most recent reviews and the per-dimension review signals (punctuality, helpfulness, ' +
          'knowledge, staff), all in one call.',
        inputSchema: toolInput({
          cpsoNumber: z
            .string()
            .min(1)
            .max(20)
            .describe('The CPSO registration number, from find_doctors or search_doctors.'),
        }),
        outputSchema: doctorDetailOutput,
        annotations: { title: 'Get one doctor', ...READ_ONLY },
      },
      (a) =>
        this.support.run(
          'get_doctor',
          'Use search_doctors to find the doctor by name, or find_doctors to browse.',
          async () => {
            const [d, s] = await Promise.all([
              this.getDoctor.execute(a.cpsoNumber),
              this.doctorSignals.execute(a.cpsoNumber),
            ]);
            const item = doctorItem(d);
            const o = d.clinic.opening;
            const doctor = {
              ...item,
              clinic: {
                ...item.clinic,
                weekdayHours: d.clinic.weekdayHours,
                evening: d.clinic.evening,
                weekend: d.clinic.weekend,
                week: o.week,
                exceptions: o.exceptions.map((e) => ({ ...e })),
                nextOpen: o.nextOpen,
                nextClose: o.nextClose,
              },
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
                doctorLine(d),
                `Clinic hours: ${d.clinic.weekdayHours}${d.clinic.evening ? '; evenings' : ''}${d.clinic.weekend ? '; weekends' : ''}. ${openingText(o)}`,
                ...(o.exceptions.length > 0
                  ? [
                      `Closures and special hours ahead: ${o.exceptions
                        .slice(0, 5)
                        .map(
                          (e) =>
                            `${e.date} ${'closed' in e ? 'closed' : e.ranges.map((r) => `${r.open}-${r.close}`).join(', ')}${e.reason ? ` (${e.reason})` : ''}`,
                        )
                        .join('; ')}.`,
                    ]
                  : []),
                `Rating: ${d.rating.positive} positive, ${d.rating.negative} negative of ${d.rating.reviewCount} reviews.`,
                `Book: phone ${d.bookingMethod.phone}${d.bookingMethod.online ? `, online ${d.bookingMethod.online}` : ''}${d.referralRequired ? '; referral required' : ''}.`,
                AVAILABILITY_NOTE,
              ].join('\n'),
            };
          },
        ),
    );
  }
}
