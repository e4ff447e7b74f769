import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderEventCatalogue } from '../src/catalogue/event-catalogue';

/** Rewrites docs/events.md from the event schemas (`pnpm -s events:catalogue`). */
writeFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'events.md'), renderEventCatalogue());
