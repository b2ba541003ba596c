// Every migration, oldest first. `npm run migrate` applies them (src/cli/migrate.ts).
import { geoPositions } from './geo-positions.js';
import { crossFamilies } from './cross-families.js';
import { germplasmCrops } from './germplasm-crops.js';
import { historyParentLinks } from './history-parent-links.js';
import { historyPerChild } from './history-per-child.js';
import { samplePlates } from './sample-plates.js';
import { utcInstants } from './utc-instants.js';
import type { Migration } from './migration.js';

// Families before crops: a family created here takes its parents' crop as it is written.
export const migrations: Migration[] = [geoPositions, crossFamilies, germplasmCrops, utcInstants, samplePlates, historyParentLinks, historyPerChild];
