import { CatalogueModule } from '../http/metadata/catalogue.module';
import { Module } from '@nestjs/common';
import { GetClinicUseCase } from '../../application/clinics/get-clinic.use-case';
import { ListClinicsUseCase } from '../../application/clinics/list-clinics.use-case';
import { ListSpecialistsUseCase } from '../../application/clinics/list-specialists.use-case';
import { GetDoctorSummaryUseCase } from '../../application/doctors/get-doctor-summary.use-case';
import { GetDoctorUseCase } from '../../application/doctors/get-doctor.use-case';
import { ListDoctorsUseCase } from '../../application/doctors/list-doctors.use-case';
import { SearchDoctorsUseCase } from '../../application/doctors/search-doctors.use-case';
import { ResolveLocationUseCase } from '../../application/geo/resolve-location.use-case';
import { ListLanguagesUseCase } from '../../application/metadata/list-languages.use-case';
import { ListSpecialtiesUseCase } from '../../application/metadata/list-specialties.use-case';
import { GetClinicSignalsUseCase } from '../../application/reviews/get-clinic-signals.use-case';
import { GetDoctorSignalsUseCase } from '../../application/reviews/get-doctor-signals.use-case';
import { ListClinicReviewsUseCase } from '../../application/reviews/list-clinic-reviews.use-case';
import { ListMomentsResolver } from '../../application/shared/list-moments';
import { ClinicOpening } from '../../application/clinics/clinic-opening';
import { HolidaysModule } from '../../infrastructure/holidays/holidays.module';
import { DirectoryPersistenceModule } from '../../infrastructure/persistence/directory/directory-persistence.module';
import { DirectoryTools, TOOL_PROVIDERS } from './directory-tools';
import { McpHttpController } from './mcp-http.controller';
import { ToolSupport } from './tool-support';

const USE_CASES = [
  ListDoctorsUseCase,
  SearchDoctorsUseCase,
  GetDoctorUseCase,
  GetDoctorSignalsUseCase,
  ListClinicsUseCase,
  GetClinicUseCase,
  ListClinicReviewsUseCase,
  GetClinicSignalsUseCase,
  ListSpecialistsUseCase,
  GetDoctorSummaryUseCase,
  ListSpecialtiesUseCase,
  ListLanguagesUseCase,
  ResolveLocationUseCase,
  ListMomentsResolver,
  ClinicOpening,
];

/** The tool registry and the use cases it calls (no HTTP): used by the stdio entry point. */
@Module({
  imports: [CatalogueModule, DirectoryPersistenceModule, HolidaysModule],
  providers: [...USE_CASES, ToolSupport, ...TOOL_PROVIDERS, DirectoryTools],
  exports: [DirectoryTools],
})
export class McpToolsModule {}

/** The Streamable HTTP transport inside the running service. */
@Module({
  imports: [McpToolsModule],
  controllers: [McpHttpController],
})
export class McpHttpModule {}
