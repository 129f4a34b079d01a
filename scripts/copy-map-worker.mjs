// MapLibre runs its tile parsing in a web worker that it loads by URL; serve the installed version's file.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const source = 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs';
if (existsSync(source)) {
  mkdirSync('public', { recursive: true });
  copyFileSync(source, 'public/maplibre-gl-worker.mjs');
}
