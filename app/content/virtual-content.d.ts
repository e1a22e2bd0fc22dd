// Content modules served by app/content/reader/vite-plugin.ts; app/content/<name>.ts give them
// their types (derived from the studio's field definitions).
declare module "virtual:content/*" {
  const data: unknown;
  export default data;
}
