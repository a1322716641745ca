import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { ListReadModels1763800000000 } from './1763800000000-list-read-models';
import { DoctorReviewSourceUrl1763900000000 } from './1763900000000-doctor-review-source-url';
import { ApiKeyChangeNotify1764400000000 } from './1764400000000-api-key-change-notify';
import { NearPlaces1764800000000 } from './1764800000000-near-places';
import { CheckoutOrders1764900000000 } from './1764900000000-checkout-orders';
import { AdminDashboard1765100000000 } from './1765100000000-admin-dashboard';
import { DirectoryProvenance1765200000000 } from './1765200000000-directory-provenance';
import { NameGramCounts1765300000000 } from './1765300000000-name-gram-counts';
import { DoctorGeoNameNear1765400000000 } from './1765400000000-doctor-geo-name-near';
import { CoveredListWalks1765500000000 } from './1765500000000-covered-list-walks';
import { NameTailPieces1765600000000 } from './1765600000000-name-tail-pieces';
import { DoctorNameOrder1765700000000 } from './1765700000000-doctor-name-order';
import { NameGramWalks1765800000000 } from './1765800000000-name-gram-walks';
import { NameBigramsUnsorted1765900000000 } from './1765900000000-name-bigrams-unsorted';
import { DoctorGeoIdsNear1766000000000 } from './1766000000000-doctor-geo-ids-near';
import { SpecialistNearBySpecialty1766100000000 } from './1766100000000-specialist-near-by-specialty';
import { ClinicSearchIdsNear1766200000000 } from './1766200000000-clinic-search-ids-near';
import { DoctorGeoNameOrder1766300000000 } from './1766300000000-doctor-geo-name-order';
import { ApiKeyChains1766400000000 } from './1766400000000-api-key-chains';
import { SignInThrottle1766500000000 } from './1766500000000-sign-in-throttle';
import { DirectoryChanges1766600000000 } from './1766600000000-directory-changes';
import { FhirSearchIndexes1766800000000 } from './1766800000000-fhir-search-indexes';
import { ClinicHoursStatus1766900000000 } from './1766900000000-clinic-hours-status';
import { OpenFacets1767000000000 } from './1767000000000-open-facets';
import { OpenRangesExceptions1767100000000 } from './1767100000000-open-ranges-exceptions';
import { ClinicDoctorFilters1767200000000 } from './1767200000000-clinic-doctor-filters';
import { NameGramsByName1767300000000 } from './1767300000000-name-grams-by-name';
import { ClinicDoctorCoveringKey1767400000000 } from './1767400000000-clinic-doctor-covering-key';
import { DirectoryLoadsInParts1767500000000 } from './1767500000000-directory-loads-in-parts';
import { KeyHashSecretFingerprint1767600000000 } from './1767600000000-key-hash-secret-fingerprint';
import { PractitionerRoleUpdates1767800000000 } from './1767800000000-practitioner-role-updates';
import { CatalogueAliases1767900000000 } from './1767900000000-catalogue-aliases';
import { RetireSqlNameSearch1768000000000 } from './1768000000000-retire-sql-name-search';

/** Every migration, in order. Listed explicitly so that compiled and ts-jest runs see the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  ListReadModels1763800000000,
  DoctorReviewSourceUrl1763900000000,
  ApiKeyChangeNotify1764400000000,
  NearPlaces1764800000000,
  CheckoutOrders1764900000000,
  AdminDashboard1765100000000,
  DirectoryProvenance1765200000000,
  NameGramCounts1765300000000,
  DoctorGeoNameNear1765400000000,
  CoveredListWalks1765500000000,
  NameTailPieces1765600000000,
  DoctorNameOrder1765700000000,
  NameGramWalks1765800000000,
  NameBigramsUnsorted1765900000000,
  DoctorGeoIdsNear1766000000000,
  SpecialistNearBySpecialty1766100000000,
  ClinicSearchIdsNear1766200000000,
  DoctorGeoNameOrder1766300000000,
  ApiKeyChains1766400000000,
  SignInThrottle1766500000000,
  DirectoryChanges1766600000000,
  FhirSearchIndexes1766800000000,
  ClinicHoursStatus1766900000000,
  OpenFacets1767000000000,
  OpenRangesExceptions1767100000000,
  ClinicDoctorFilters1767200000000,
  NameGramsByName1767300000000,
  ClinicDoctorCoveringKey1767400000000,
  DirectoryLoadsInParts1767500000000,
  KeyHashSecretFingerprint1767600000000,
  PractitionerRoleUpdates1767800000000,
  CatalogueAliases1767900000000,
  RetireSqlNameSearch1768000000000,
];
