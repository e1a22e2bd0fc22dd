import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into server/db/migrations after a change to
// schema.ts; the server applies pending migrations at start (server/db/db.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./server/staff/schema.ts"],
  out: "./server/db/migrations",
});
