import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into server/leads/migrations after a change to
// schema.ts; the server applies pending migrations at start (server/leads/db.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/leads/schema.ts", "./server/staff/schema.ts"],
  out: "./server/leads/migrations",
});
