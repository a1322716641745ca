import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, in order. Listed explicitly so that compiled and ts-jest runs see the same set. */
export const MIGRATIONS = [InitialSchema1763700000000];
