/** Year of the build, set by vite.config.ts; only the prerendered first paint uses it. */
declare const __BUILD_YEAR__: number;
