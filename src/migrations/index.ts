// Every migration, oldest first. `npm run migrate` applies them (src/cli/migrate.ts).
import { geoPositions } from './geo-positions.js';
import { germplasmCrops } from './germplasm-crops.js';
import type { Migration } from './migration.js';

export const migrations: Migration[] = [geoPositions, germplasmCrops];
