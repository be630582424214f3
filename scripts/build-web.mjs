// Builds the React app into dist/web with Vite (precompressed assets: vite.config.ts).
import { build } from 'vite';

await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
console.log('web built: dist/web');
