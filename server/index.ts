import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { mailOptionsFromEnv } from "./mail/config";

const port = Number(process.env.PORT ?? 3000);
const clientDir = resolve(process.env.CLIENT_DIR ?? "build/client");
const mail = mailOptionsFromEnv();
const app = createApp({ clientDir, mail });

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? "0.0.0.0" }, (info) => {
  console.log(`Serving ${clientDir} at http://localhost:${info.port}`);
  console.log(`Form submissions go to ${mail.outboxDir}${mail.smtpUrl ? " and are relayed by SMTP" : ""}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
